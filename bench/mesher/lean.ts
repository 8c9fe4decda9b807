// Cost at 256 (issue 12, "Fast and lean at large sizes"): the 69k bunny at 256 through
// runMeshPipeline, one run per process so that peak RSS (the process's maxRSS) belongs to that run.
// Prints one JSON line: total, kit and preview ms, writing the kit file (storeMs), peak RSS MB,
// kit JSON bytes (the file the server stores), preview bytes. --memory also prints RSS and heap
// at the end of each pipeline stage to stderr.
// Run: node --import tsx bench/mesher/lean.ts [--src <path to a mesher src folder>] [--size 256]
// (--src lets the same script time another checkout's code side by side, e.g. main's.)

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const src = resolve(arg('--src') ?? new URL('../../packages/mesher/src', import.meta.url).pathname);
const size = Number(arg('--size') ?? 256);
const mesher = (await import(
  pathToFileURL(`${src}/index.ts`).href
)) as typeof import('../../packages/mesher/src/index');
const require = createRequire(new URL('../../packages/mesher/package.json', import.meta.url));
const bytes = new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl')));

// RSS, heap and peak RSS so far at the end of each stage (the stages run synchronously, so this is
// where a sample can be taken), printed to stderr with --memory.
const samples: string[] = [];
const sample = (label: string) => {
  const m = process.memoryUsage();
  samples.push(
    `${label}: rss ${(m.rss / 1e6).toFixed(0)} MB, heap ${(m.heapUsed / 1e6).toFixed(0)} MB, peak so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
};
const outcome = await mesher.runMeshPipeline(bytes, {
  size,
  up: 'y',
  onProgress: (p: { stage: string; fraction: number }) =>
    sample(`${p.stage} ${p.fraction > 0 ? 'done' : 'start'}`),
});
if (!outcome.ok) throw new Error(outcome.error.message);
// The kit file as the server stores it: the compact document where the code has one (the mesher's
// kit-codec), the expanded kit's JSON for older code (main before the compact format).
const storeStart = performance.now();
const codec = mesher as unknown as { serialiseKit?: (kit: unknown) => string };
const json = codec.serialiseKit ? codec.serialiseKit(outcome.kit) : JSON.stringify(outcome.kit);
const storeMs = performance.now() - storeStart;
sample('kit file written');
if (process.argv.includes('--memory')) console.error(samples.join('\n'));
const cpu = process.cpuUsage();
const preview = (outcome as { previewSvg?: string }).previewSvg ?? '';
console.log(
  JSON.stringify({
    src,
    size,
    totalMs: Math.round(outcome.timings.total),
    storeMs: Math.round(storeMs),
    // Process CPU (all threads: compiling and garbage collection included) from start to the kit
    // file: waiting for a core does not count, so it is the steadier figure on a busy machine.
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    kitMs: Math.round(outcome.timings.kit),
    previewMs: Math.round(outcome.timings.preview),
    validateBuildMs: Math.round(outcome.timings['validate-build']),
    voxeliseMs: Math.round(outcome.timings.voxelise),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    kitJsonBytes: Buffer.byteLength(json),
    previewBytes: Buffer.byteLength(preview),
    parts: outcome.kit.metrics.partCount,
    components: outcome.kit.metrics.components,
    trimmedCells: outcome.voxels.trimmedCells,
    // Pinned pairs: columns since the compact format, an object per pair before.
    pinnedPairs:
      (outcome.kit as { pairs?: { count: number } }).pairs?.count ??
      (outcome.kit as unknown as { fasteners: unknown[] }).fasteners.length,
    pins: outcome.kit.metrics.fastenerCount,
  }),
);
