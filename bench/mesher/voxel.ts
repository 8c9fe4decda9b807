// The voxeliser at 128 on the 69k bunny (issue 12, figure 1): the JavaScript triangle pass against
// the WebAssembly one, alternating in one process, whole voxelise() calls and the pass alone, wall
// time and process CPU time (less disturbed by other processes on a shared machine), with the load
// average before and after. Both must give the same bits; the script stops if they do not.
// Run: node --expose-gc --import tsx bench/mesher/voxel.ts [runs, default 41]

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseModel, validateMesh, voxelise } from '../../packages/mesher/src/index';
import { createBitVolume } from '../../packages/mesher/src/voxel/bit-volume';
import { type RasterTargets, rasteriseTriangles } from '../../packages/mesher/src/voxel/triangle-raster';
import { toGridSpace } from '../../packages/mesher/src/voxel/voxelise';
import { rasteriseTrianglesWasm } from '../../packages/mesher/src/voxel/wasm-raster';

const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));
const runs = Number(process.argv[2] ?? 41);
const parsed = parseModel(new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))));
if (!parsed.ok) throw new Error(parsed.error.message);
const mesh = { ...parsed.mesh, upAxis: 'y' as const };
const watertight = validateMesh(mesh).watertight;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Wall and CPU milliseconds of one call. */
function measure(fn: () => void): [number, number] {
  gc();
  const cpu = process.cpuUsage();
  const started = performance.now();
  fn();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return [wall, (used.user + used.system) / 1000];
}

console.log(`node ${process.version}, ${runs} runs of each, alternating; load average ${load()}`);
const { transform, dims } = toGridSpace(mesh, 'y', 128);
const passTargets = (): RasterTargets => {
  const v = () => createBitVolume(dims[0], dims[1], dims[2]);
  return { surface: v(), crossings: [v(), v(), v()], colouring: null };
};
const digest = (targets: RasterTargets) =>
  [targets.surface, ...targets.crossings].map((v) => Buffer.from(v!.words.buffer).toString('base64')).join();
const kinds = ['js', 'wasm'] as const;
const results: Record<string, { wall: number[]; cpu: number[] }> = {};
const record = (key: string, [wall, cpu]: [number, number]) => {
  results[key] ??= { wall: [], cpu: [] };
  results[key].wall.push(wall);
  results[key].cpu.push(cpu);
};
for (let i = 0; i < runs; i++) {
  const cells: Record<string, Uint8Array> = {};
  const bits: Record<string, string> = {};
  for (const raster of kinds) {
    record(
      `voxelise(), ${raster}`,
      measure(() => (cells[raster] = voxelise(mesh, { size: 128, watertight, raster }).cells)),
    );
    const targets = passTargets();
    record(
      `triangle pass, ${raster}`,
      measure(() =>
        raster === 'js'
          ? rasteriseTriangles(mesh.positions, transform, mesh.indices, targets)
          : rasteriseTrianglesWasm(mesh.positions, transform, mesh.indices, targets),
      ),
    );
    if (i === 0) bits[raster] = digest(targets);
  }
  if (!Buffer.from(cells.js!).equals(Buffer.from(cells.wasm!))) throw new Error('the grids differ');
  if (i === 0 && bits.js !== bits.wasm) throw new Error('the bit volumes differ');
}
for (const [key, { wall, cpu }] of Object.entries(results)) {
  console.log(
    `${key.padEnd(22)} wall ${median(wall).toFixed(2).padStart(6)} ms median, ${Math.min(...wall)
      .toFixed(2)
      .padStart(6)} best; cpu ${median(cpu).toFixed(2).padStart(6)} ms median, ${Math.min(...cpu)
      .toFixed(2)
      .padStart(6)} best`,
  );
}
console.log(`load average after: ${load()}`);
