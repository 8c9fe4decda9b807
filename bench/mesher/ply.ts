// The PLY reader side by side with another checkout's, on the 69,451-triangle bunny written as
// ASCII and as binary PLY (with vertex colours, as scanners write them). The two alternate call by
// call in one process, so the machine's load falls on both alike; each call's mesh is compared with
// the other's (positions and triangles exactly; colours by their largest difference, see below).
//
// No forced collection between calls: a full GC shrinks the heap and charges its regrowth to the
// next call, which made both readers' figures swing by 2× here.
//
// Run: node --import tsx bench/mesher/ply.ts --before <other checkout>/packages/mesher/src [runs]
//   e.g. git worktree add .bench-base <commit> && ... --before .bench-base/packages/mesher/src 21

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseModel } from '../../packages/mesher/src/index';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
if (beforeAt < 0 || !args[beforeAt + 1]) throw new Error('Give --before <path to the other mesher src>');
const beforeSrc = args[beforeAt + 1]!;
const runs = Number(args.filter((_, i) => i !== beforeAt && i !== beforeAt + 1)[0] ?? 21);

const before: typeof parseModel = (await import(pathToFileURL(path.resolve(beforeSrc, 'index.ts')).href))
  .parseModel;
const stl = parseModel(new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))));
if (!stl.ok) throw new Error(stl.error.message);
const { positions, indices } = stl.mesh;
const vertices = positions.length / 3;
const triangles = indices.length / 3;
const colour = (v: number) => [(v * 37) % 256, (v * 91) % 256, (v * 13) % 256];

function header(format: string): string {
  return `${[
    'ply',
    `format ${format} 1.0`,
    `element vertex ${vertices}`,
    'property float x',
    'property float y',
    'property float z',
    'property uchar red',
    'property uchar green',
    'property uchar blue',
    `element face ${triangles}`,
    'property list uchar int vertex_indices',
    'end_header',
  ].join('\n')}\n`;
}
function asciiPly(): Uint8Array {
  const lines = [header('ascii').trimEnd()];
  for (let v = 0; v < vertices; v++) {
    lines.push(`${positions[v * 3]} ${positions[v * 3 + 1]} ${positions[v * 3 + 2]} ${colour(v).join(' ')}`);
  }
  for (let t = 0; t < triangles; t++)
    lines.push(`3 ${indices[t * 3]} ${indices[t * 3 + 1]} ${indices[t * 3 + 2]}`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}
function binaryPly(): Uint8Array {
  const head = new TextEncoder().encode(header('binary_little_endian'));
  const body = new DataView(new ArrayBuffer(vertices * 15 + triangles * 13));
  let at = 0;
  for (let v = 0; v < vertices; v++) {
    for (let k = 0; k < 3; k++, at += 4) body.setFloat32(at, positions[v * 3 + k]!, true);
    for (const c of colour(v)) body.setUint8(at++, c);
  }
  for (let t = 0; t < triangles; t++) {
    body.setUint8(at++, 3);
    for (let k = 0; k < 3; k++, at += 4) body.setInt32(at, indices[t * 3 + k]!, true);
  }
  const out = new Uint8Array(head.length + body.byteLength);
  out.set(head);
  out.set(new Uint8Array(body.buffer), head.length);
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
// Geometry must match exactly. Colours are compared by their largest difference: three's loader
// stored each vertex colour as a byte of linear light (a dark sRGB byte lost up to ~13 steps
// there), ours keeps the file's byte and averages a triangle's corners in linear light unrounded.
const geometryDiffers = (a: ReturnType<typeof parseModel>, b: ReturnType<typeof parseModel>) =>
  !a.ok ||
  !b.ok ||
  Buffer.compare(Buffer.from(a.mesh.positions.buffer), Buffer.from(b.mesh.positions.buffer)) !== 0 ||
  Buffer.compare(Buffer.from(a.mesh.indices.buffer), Buffer.from(b.mesh.indices.buffer)) !== 0;
const colourSteps = (a: ReturnType<typeof parseModel>, b: ReturnType<typeof parseModel>) => {
  const ca = a.ok ? (a.mesh.triangleColours ?? new Uint8Array()) : new Uint8Array();
  const cb = b.ok ? (b.mesh.triangleColours ?? new Uint8Array()) : new Uint8Array();
  let most = 0;
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) most = Math.max(most, Math.abs(ca[i]! - cb[i]!));
  return most;
};
const WARM = 5;

console.log(
  `parseModel(), the ${triangles.toLocaleString('en')}-triangle bunny as PLY with vertex colours, ${runs} alternating calls each (load ${(await import('node:os')).loadavg()[0]!.toFixed(2)})`,
);
for (const [name, bytes] of [
  ['ascii', asciiPly()],
  ['binary', binaryPly()],
] as const) {
  const wall = { before: [] as number[], after: [] as number[] };
  let differ = 0;
  let steps = 0;
  for (let i = 0; i < runs + WARM; i++) {
    const order = i % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
    const out: Record<string, ReturnType<typeof parseModel>> = {};
    for (const which of order) {
      const t = performance.now();
      out[which] = (which === 'before' ? before : parseModel)(bytes);
      if (i >= WARM) wall[which].push(performance.now() - t);
    }
    if (geometryDiffers(out.before!, out.after!)) differ++;
    steps = Math.max(steps, colourSteps(out.before!, out.after!));
  }
  console.log(
    `${name.padEnd(6)} (${(bytes.length / 1e6).toFixed(1)} MB): before median ${median(wall.before).toFixed(1)} ms, after ${median(wall.after).toFixed(1)} ms, ratio ${(median(wall.before) / median(wall.after)).toFixed(2)}×; geometry differing in ${differ} of ${runs + WARM} calls, colours by up to ${steps} steps of 255`,
  );
}
