// Peak memory of the upload check (inspectModel: parse, weld, validate) plus voxelising at 64, per
// triangle and per vertex, from which the mesher's triangle and vertex caps are derived
// (`MESH_BYTES_PER_TRIANGLE`, `MESH_BYTES_PER_VERTEX` in packages/mesher/src/config/limits.ts).
// Each case is written to a file and checked in its own process; the figure is the growth of the peak resident set
// (`resourceUsage().maxRSS`) from just before the check to its end, so the file's own bytes (50 per
// triangle for binary STL) are not in it. Run: node --import tsx bench/mesher/memory.ts

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspectModel, voxelise } from '../../packages/mesher/src/index';

/** A torus of n × m quads (2nm triangles, nm vertices), closed and watertight. */
function torusVertex(n: number, m: number, i: number, j: number): [number, number, number] {
  const u = ((i % n) / n) * 2 * Math.PI;
  const v = ((j % m) / m) * 2 * Math.PI;
  const r = 10 + 3 * Math.cos(v);
  return [r * Math.cos(u), r * Math.sin(u), 3 * Math.sin(v)];
}

function* torusTriangles(n: number, m: number): Generator<[number, number][]> {
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const a: [number, number] = [i, j];
      const b: [number, number] = [i + 1, j];
      const c: [number, number] = [i + 1, j + 1];
      const d: [number, number] = [i, j + 1];
      yield [a, b, c];
      yield [a, c, d];
    }
}

function torusStl(n: number, m: number): Uint8Array {
  const count = 2 * n * m;
  const bytes = new Uint8Array(84 + 50 * count);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  let t = 0;
  for (const tri of torusTriangles(n, m)) {
    tri.forEach(([i, j], k) => {
      const p = torusVertex(n, m, i, j);
      for (let q = 0; q < 3; q++) view.setFloat32(84 + 50 * t + 12 + 12 * k + 4 * q, p[q]!, true);
    });
    t++;
  }
  return bytes;
}

/** The torus as OBJ, with shared vertices (nm) or three of its own per triangle (6nm). */
function torusObj(n: number, m: number, soup: boolean): Uint8Array {
  const lines: string[] = [];
  if (soup) {
    let v = 1;
    for (const tri of torusTriangles(n, m)) {
      for (const [i, j] of tri) lines.push(`v ${torusVertex(n, m, i, j).join(' ')}`);
      lines.push(`f ${v} ${v + 1} ${v + 2}`);
      v += 3;
    }
  } else {
    for (let i = 0; i < n; i++)
      for (let j = 0; j < m; j++) lines.push(`v ${torusVertex(n, m, i, j).join(' ')}`);
    for (const tri of torusTriangles(n, m))
      lines.push(`f ${tri.map(([i, j]) => (i % n) * m + (j % m) + 1).join(' ')}`);
  }
  return new TextEncoder().encode(lines.join('\n'));
}

function measure(file: string, kind: string): void {
  const bytes = new Uint8Array(readFileSync(file));
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  const outcome = inspectModel(bytes, {
    limits: { maxTriangles: Infinity, maxVertices: Infinity, maxFileBytes: Infinity },
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  voxelise(outcome.mesh, { size: 64, watertight: outcome.meshReport.watertight });
  const ms = performance.now() - started;
  const grown = (process.resourceUsage().maxRSS - before) * 1024;
  const triangles = outcome.meshReport.triangleCount;
  console.log(
    JSON.stringify({ kind, triangles, storedVertices: outcome.mesh.positions.length / 3, grown, ms }),
  );
}

const [file, kind] = process.argv.slice(2);
if (file && kind) {
  measure(file, kind);
} else {
  const self = fileURLToPath(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), 'mesher-memory-'));
  const run = (kind: string, n: string, m: string) => {
    const path = join(dir, 'model');
    writeFileSync(
      path,
      kind === 'stl' ? torusStl(Number(n), Number(m)) : torusObj(Number(n), Number(m), kind === 'obj-soup'),
    );
    return JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', self, path, kind], { encoding: 'utf8' }),
    );
  };
  const stl = [
    [500, 500],
    [1000, 500],
    [1000, 1000],
  ].map(([a, b]) => run('stl', String(a), String(b)));
  for (const r of stl)
    console.log(
      `binary STL ${r.triangles} triangles: +${(r.grown / 2 ** 20).toFixed(0)} MiB, ${(r.grown / r.triangles).toFixed(0)} B/triangle, ${r.ms.toFixed(0)} ms`,
    );
  const slope = (stl[2].grown - stl[0].grown) / (stl[2].triangles - stl[0].triangles);
  console.log(`binary STL slope: ${slope.toFixed(0)} B per triangle (2 triangles per vertex)`);
  const shared = run('obj-shared', '500', '500');
  const soup = run('obj-soup', '500', '500');
  const perVertex = (soup.grown - shared.grown) / (2.5 * shared.triangles);
  console.log(
    `OBJ ${shared.triangles} triangles: shared vertices +${(shared.grown / 2 ** 20).toFixed(0)} MiB, three per triangle +${(soup.grown / 2 ** 20).toFixed(0)} MiB; ${perVertex.toFixed(0)} B per extra vertex in the file`,
  );
  rmSync(dir, { recursive: true, force: true });
}
