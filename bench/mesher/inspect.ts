// The upload check (inspectModel: parse, weld, validate, and since 2026-12-03 the inside-out pass
// and the unused-vertex drop) side by side with another checkout's, on the 69,451-triangle bunny
// as binary STL and on a 1,000,000-triangle sphere. Calls alternate in one process so the
// machine's load falls on both alike; medians and the ratio are printed.
//
// Run: node --import tsx bench/mesher/inspect.ts --before <other checkout>/packages/mesher/src [runs]
//   e.g. git worktree add .bench-base fe882c6 && ... --before .bench-base/packages/mesher/src 15

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inspectModel } from '../../packages/mesher/src/index';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
if (beforeAt < 0 || !args[beforeAt + 1]) throw new Error('Give --before <path to the other mesher src>');
const runs = Number(args.filter((_, i) => i !== beforeAt && i !== beforeAt + 1)[0] ?? 15);
const before: typeof inspectModel = (
  await import(pathToFileURL(path.resolve(args[beforeAt + 1]!, 'index.ts')).href)
).inspectModel;

/** A UV sphere of about `triangles` triangles as binary STL. */
function sphereStl(triangles: number): Uint8Array {
  const rings = Math.round(Math.sqrt(triangles / 4));
  const segments = 2 * rings;
  const at = (i: number, j: number) => {
    const theta = (Math.PI * i) / rings;
    const phi = (2 * Math.PI * j) / segments;
    return [Math.sin(theta) * Math.cos(phi), Math.sin(theta) * Math.sin(phi), Math.cos(theta)];
  };
  const faces: number[][][] = [];
  for (let i = 0; i < rings; i++)
    for (let j = 0; j < segments; j++) {
      const a = at(i, j);
      const b = at(i + 1, j);
      const c = at(i + 1, j + 1);
      const d = at(i, j + 1);
      if (i > 0) faces.push([a, b, d]);
      if (i < rings - 1) faces.push([b, c, d]);
    }
  const out = new Uint8Array(84 + 50 * faces.length);
  const view = new DataView(out.buffer);
  view.setUint32(80, faces.length, true);
  for (let t = 0; t < faces.length; t++)
    for (let k = 0; k < 3; k++)
      for (let q = 0; q < 3; q++) view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * q, faces[t]![k]![q]!, true);
  return out;
}

const inputs: [string, Uint8Array][] = [
  ['bunny 69k STL', new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl')))],
  ['sphere 1M STL', sphereStl(1_000_000)],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, bytes] of inputs) {
  const times = { before: [] as number[], after: [] as number[] };
  for (let r = 0; r < runs; r++) {
    for (const [which, fn] of (r % 2 === 0
      ? [
          ['before', before],
          ['after', inspectModel],
        ]
      : [
          ['after', inspectModel],
          ['before', before],
        ]) as [keyof typeof times, typeof inspectModel][]) {
      const started = performance.now();
      const outcome = fn(bytes);
      times[which].push(performance.now() - started);
      if (!outcome.ok) throw new Error(`${name}: ${outcome.error.message}`);
    }
  }
  const b = median(times.before);
  const a = median(times.after);
  console.log(
    `${name}: before ${b.toFixed(1)} ms, after ${a.toFixed(1)} ms median of ${runs} (after/before ${(a / b).toFixed(3)})`,
  );
}
