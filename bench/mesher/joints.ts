// Joint forces on real models: the verdict of the pin-joint model (src/build/joint-forces.ts) and
// the time it takes, for the bunny at 32 to 256 and the models in a local folder (OBJ/STL); and the
// joint loads after every build step (analyseJointsDuringBuild), with the default work budget and
// with none, side by side with the finished model's analysis.
// Run: node --import tsx bench/mesher/joints.ts [folder of models, default /tmp/models] [sizes, default 32,64,128,256] [--budget-only]
// (--budget-only: skip solving every step where the budget checks fewer, which takes minutes at 256)

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  analyseJointForces,
  analyseJointsDuringBuild,
  PARTIAL_BUILD_MODEL,
} from '../../packages/mesher/src/build/joint-forces';
import { readKitStructure } from '../../packages/mesher/src/build/kit-structure';
import { runMeshPipeline } from '../../packages/mesher/src/index';

const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));
const folder = process.argv[2] ?? '/tmp/models';
const sizes = (process.argv[3] ?? '32,64,128,256').split(',').map(Number);
const models: { name: string; bytes: Uint8Array }[] = [
  {
    name: 'bunny-69k',
    bytes: new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))),
  },
];
try {
  for (const file of readdirSync(folder).sort())
    if (/\.(obj|stl)$/i.test(file))
      models.push({ name: file, bytes: new Uint8Array(readFileSync(join(folder, file))) });
} catch {
  console.log(`(no folder ${folder})`);
}
for (const model of models) {
  for (const size of sizes) {
    const started = performance.now();
    const outcome = await runMeshPipeline(
      model.bytes,
      model.name.startsWith('bunny') ? { size, up: 'y' } : { size },
    );
    const total = performance.now() - started;
    if (!outcome.ok) {
      console.log(`${model.name} @${size}: ${outcome.error.code}`);
      continue;
    }
    const { kit, buildReport } = outcome;
    const s = buildReport.stability;
    const t0 = performance.now();
    const joints = analyseJointForces(kit, readKitStructure(kit), s.groundContact.topLayer);
    const jointMs = performance.now() - t0;
    const structure = readKitStructure(kit);
    const t1 = performance.now();
    const during = analyseJointsDuringBuild(kit, structure, s.groundContact.topLayer);
    const duringMs = performance.now() - t1;
    let unbounded = '';
    if (during.stepsChecked < during.steps - 1 && !process.argv.includes('--budget-only')) {
      const t2 = performance.now();
      const all = analyseJointsDuringBuild(kit, structure, s.groundContact.topLayer, {
        workBudget: Infinity,
      });
      unbounded = `; every step: ${all.work.toLocaleString('en')} visits, ${(performance.now() - t2).toFixed(0)} ms, max ${all.maxUtilisation}`;
    }
    const b = s.buildJoints;
    console.log(
      `  during the build: ${during.stepsChecked} of ${during.steps} steps solved (budget ${Math.min(PARTIAL_BUILD_MODEL.maxWork, PARTIAL_BUILD_MODEL.workPerBlock * kit.blocks.length).toLocaleString('en')} block visits), ` +
        `${during.work.toLocaleString('en')} visits, ${duringMs.toFixed(0)} ms (${(duringMs / Math.max(1, jointMs)).toFixed(1)}× the finished model's); ` +
        `max utilisation ${during.maxUtilisation}, ${during.overloaded.filter((c) => c > 0).length} steps with an overloaded joint, ` +
        `${kit.steps.filter((st) => st.supportUntilStep !== undefined).length} steps say to prop, ${b.supportedSteps.length} propped runs, unpropped at ${b.overloadedAtStep}${unbounded}`,
    );
    console.log(
      `${model.name} @${size}: ${kit.blocks.length} blocks, ${joints.jointCount} joints; stability ${s.verdict}` +
        ` (${s.structuralVerdict}), joints ${joints.verdict}: ${joints.overloadedJointCount} over, ` +
        `${joints.weakJointCount} weak, max ${joints.maxUtilisation}; joint model ${jointMs.toFixed(0)} ms, pipeline ${total.toFixed(0)} ms`,
    );
  }
}
