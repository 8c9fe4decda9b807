// Cost at 256 (issue 12, "Fast and lean at large sizes"): the 69k bunny at 256 through
// runMeshPipeline, one run per process so that peak RSS (the process's maxRSS) belongs to that run.
// Prints one JSON line: total, kit and preview ms, peak RSS MB, kit JSON bytes, preview bytes.
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

const outcome = await mesher.runMeshPipeline(bytes, { size, up: 'y' });
if (!outcome.ok) throw new Error(outcome.error.message);
const json = JSON.stringify(outcome.kit);
const preview = (outcome as { previewSvg?: string }).previewSvg ?? '';
console.log(
  JSON.stringify({
    src,
    size,
    totalMs: Math.round(outcome.timings.total),
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
    fastenerEntries: outcome.kit.fasteners.length,
    pins: outcome.kit.metrics.fastenerCount,
  }),
);
