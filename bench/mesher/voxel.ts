// The voxeliser side by side with another checkout's, on the 69,451-triangle bunny (issue 12: at
// least 2× faster than before, same voxels). The two alternate call by call in one process, so the
// machine's load falls on both alike; each call's grid is compared with the other's, byte by byte.
//
// Run: node --expose-gc --import tsx bench/mesher/voxel.ts --before <other checkout>/packages/mesher/src [runs] [size]
//   e.g. --before /work/main/packages/mesher/src 41 128

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseModel, voxelise } from '../../packages/mesher/src/index';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
if (beforeAt < 0 || !args[beforeAt + 1]) throw new Error('Give --before <path to the other mesher src>');
const beforeSrc = args[beforeAt + 1]!;
const rest = args.filter((_, i) => i !== beforeAt && i !== beforeAt + 1);
const runs = Number(rest[0] ?? 41);
const size = Number(rest[1] ?? 128);

const before: typeof voxelise = (await import(pathToFileURL(path.resolve(beforeSrc, 'index.ts')).href))
  .voxelise;
const parsed = parseModel(new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))));
if (!parsed.ok) throw new Error(parsed.error.message);
const mesh = { ...parsed.mesh, upAxis: 'y' as const };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};
const gc = (globalThis as { gc?: () => void }).gc;
const time = (fn: typeof voxelise) => {
  gc?.();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const grid = fn(mesh, { size });
  const wall = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { grid, wall, cpu: (used.user + used.system) / 1000 };
};
const wall = { before: [] as number[], after: [] as number[] };
const cpu = { before: [] as number[], after: [] as number[] };
let differ = 0;
for (let i = 0; i < 5; i++) {
  time(before);
  time(voxelise);
}
for (let i = 0; i < runs; i++) {
  const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const grids: Uint8Array[] = [];
  for (const which of order) {
    const r = time(which === 'before' ? before : voxelise);
    wall[which].push(r.wall);
    cpu[which].push(r.cpu);
    grids.push(r.grid.cells);
  }
  if (Buffer.compare(Buffer.from(grids[0]!), Buffer.from(grids[1]!)) !== 0) differ++;
}
const line = (which: 'before' | 'after') =>
  `${which.padEnd(6)} wall median ${median(wall[which]).toFixed(2)} ms, best ${Math.min(...wall[which]).toFixed(2)} ms; CPU median ${median(cpu[which]).toFixed(2)} ms, best ${Math.min(...cpu[which]).toFixed(2)} ms`;
console.log(
  `voxelise(), 69,451-triangle bunny at ${size}, y up, ${runs} alternating calls each (load ${(await import('node:os')).loadavg()[0]!.toFixed(2)})`,
);
console.log(line('before'));
console.log(line('after'));
console.log(
  `ratio before/after: wall median ${(median(wall.before) / median(wall.after)).toFixed(2)}×, CPU median ${(median(cpu.before) / median(cpu.after)).toFixed(2)}×; grids differing: ${differ} of ${runs}`,
);
