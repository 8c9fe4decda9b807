// Joint forces on real models: the verdict of the pin-joint model (src/build/joint-forces.ts) and
// the time it takes, for the bunny at 32 to 256 and the models in a local folder (OBJ/STL).
// Run: node --import tsx bench/mesher/joints.ts [folder of models, default /tmp/models] [sizes, default 32,64,128,256]

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { analyseJointForces } from '../../packages/mesher/src/build/joint-forces';
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
    console.log(
      `${model.name} @${size}: ${kit.blocks.length} blocks, ${joints.jointCount} joints; stability ${s.verdict}` +
        ` (${s.structuralVerdict}), joints ${joints.verdict}: ${joints.overloadedJointCount} over, ` +
        `${joints.weakJointCount} weak, max ${joints.maxUtilisation}; joint model ${jointMs.toFixed(0)} ms, pipeline ${total.toFixed(0)} ms`,
    );
  }
}
