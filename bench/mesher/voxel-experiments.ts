// Issue 48: two routes for the voxeliser's surface half that BENCHMARK.md had not tried, measured
// against the kernel in src (packages/mesher/src/voxel/triangle-raster.ts), surface only, on the
// 69,451-triangle bunny (y up) at 128, the calls alternating, every surface compared bit by bit.
//
// - "rows": 2-D rasterisation along the dominant axis. The triangle's projection on the dominant
//   plane is scan-converted a row at a time: each row's columns come from the three edge functions
//   solved for u (an interval per row, its ends checked with the exact test), where src tests every
//   column of the bounding box.
// - "runs": bit-packed columns. Each column's candidate cells along the dominant axis become one run
//   whose ends are solved from the six minor projection tests (linear in the cell index; the ends
//   checked with the exact tests, so the cells are the same), written as whole-word masks where the
//   dominant axis is x (the bit volume's packed axis) and cell by cell otherwise, where src tests
//   each candidate cell.
//
// Run: node --expose-gc --import tsx bench/mesher/voxel-experiments.ts [runs] [size]

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { parseModel } from '../../packages/mesher/src/index';
import { type BitVolume, createBitVolume } from '../../packages/mesher/src/voxel/bit-volume';
import { type GridTransform, rasteriseTriangles } from '../../packages/mesher/src/voxel/triangle-raster';
import { UP_ROTATIONS } from '../../packages/mesher/src/voxel/voxelise';

const require = createRequire(import.meta.url);
const runs = Number(process.argv[2] ?? 41);
const size = Number(process.argv[3] ?? 128);
const parsed = parseModel(new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl'))));
if (!parsed.ok) throw new Error(parsed.error.message);
const { positions, indices } = parsed.mesh;

// The grid transform voxelise() uses for up y (its toGridSpace, repeated: it is not exported).
const rotation = UP_ROTATIONS.y;
const min = [Infinity, Infinity, Infinity];
const max = [-Infinity, -Infinity, -Infinity];
for (let i = 0; i < positions.length; i += 3)
  for (let k = 0; k < 3; k++) {
    const v = rotation.signs[k]! * positions[i + rotation.axes[k]!]!;
    if (v < min[k]!) min[k] = v;
    if (v > max[k]!) max[k] = v;
  }
const longest = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
const scale = size / longest;
const dims = [0, 1, 2].map((k) =>
  Math.max(1, Math.min(size, Math.ceil((max[k]! - min[k]!) * scale - 1e-9))),
) as [number, number, number];
const transform: GridTransform = {
  axes: rotation.axes,
  signs: rotation.signs,
  min: min as [number, number, number],
  scale,
};

/** The surface half, with the rows and runs routes switchable (see the file comment). */
function surfaceExperiment(out: BitVolume, rows: boolean, runs: boolean): void {
  const { nx, ny, nz, rowWords } = out;
  const surface = out.words;
  const p = positions;
  const [ia, ib, ic] = transform.axes;
  const [sa, sb, sc] = transform.signs;
  const min0 = sa * transform.min[0];
  const min1 = sb * transform.min[1];
  const min2 = sc * transform.min[2];
  const scale0 = sa * transform.scale;
  const scale1 = sb * transform.scale;
  const scale2 = sc * transform.scale;
  const triangles = indices.length / 3;
  for (let t = 0; t < triangles; t++) {
    const i0 = indices[t * 3]! * 3;
    const i1 = indices[t * 3 + 1]! * 3;
    const i2 = indices[t * 3 + 2]! * 3;
    const ax = (p[i0 + ia]! - min0) * scale0;
    const ay = (p[i0 + ib]! - min1) * scale1;
    const az = (p[i0 + ic]! - min2) * scale2;
    const bx = (p[i1 + ia]! - min0) * scale0;
    const by = (p[i1 + ib]! - min1) * scale1;
    const bz = (p[i1 + ic]! - min2) * scale2;
    const cx = (p[i2 + ia]! - min0) * scale0;
    const cy = (p[i2 + ib]! - min1) * scale1;
    const cz = (p[i2 + ic]! - min2) * scale2;
    const minX = Math.min(ax, bx, cx);
    const maxX = Math.max(ax, bx, cx);
    const minY = Math.min(ay, by, cy);
    const maxY = Math.max(ay, by, cy);
    const minZ = Math.min(az, bz, cz);
    const maxZ = Math.max(az, bz, cz);
    const e1x = bx - ax;
    const e1y = by - ay;
    const e1z = bz - az;
    const e2x = cx - ax;
    const e2y = cy - ay;
    const e2z = cz - az;
    const nX = e1y * e2z - e1z * e2y;
    const nY = e1z * e2x - e1x * e2z;
    const nZ = e1x * e2y - e1y * e2x;
    let x0 = Math.floor(minX);
    let x1 = Math.ceil(maxX) - 1;
    let y0 = Math.floor(minY);
    let y1 = Math.ceil(maxY) - 1;
    let z0 = Math.floor(minZ);
    let z1 = Math.ceil(maxZ) - 1;
    if (x1 < x0) x0 = x1 = nX > 0 ? x0 - 1 : x0;
    if (y1 < y0) y0 = y1 = nY > 0 ? y0 - 1 : y0;
    if (z1 < z0) z0 = z1 = nZ > 0 ? z0 - 1 : z0;
    if (x1 >= nx) x1 = nx - 1;
    if (y1 >= ny) y1 = ny - 1;
    if (z1 >= nz) z1 = nz - 1;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (z0 < 0) z0 = 0;
    if (!(x0 <= x1 && y0 <= y1 && z0 <= z1)) continue;
    if (x0 === x1 && y0 === y1 && z0 === z1) {
      const wi = (z0 * ny + y0) * rowWords + (x0 >>> 5);
      surface[wi] = surface[wi]! | (1 << (x0 & 31));
      continue;
    }
    const absX = Math.abs(nX);
    const absY = Math.abs(nY);
    const absZ = Math.abs(nZ);
    if (absX === 0 && absY === 0 && absZ === 0) continue;
    // (u, v, w) a cyclic order of (x, y, z) with w dominant, as in src.
    const w = absZ >= absX && absZ >= absY ? 2 : absX >= absY ? 0 : 1;
    const [Au, Av, Aw, Bu, Bv, Bw, Cu, Cv, Cw, nu, nv, nw, u0, u1, v0, v1, wMin, wMax, wLast] =
      w === 2
        ? [ax, ay, az, bx, by, bz, cx, cy, cz, nX, nY, nZ, x0, x1, y0, y1, minZ, maxZ, nz - 1]
        : w === 0
          ? [ay, az, ax, by, bz, bx, cy, cz, cx, nY, nZ, nX, y0, y1, z0, z1, minX, maxX, nx - 1]
          : [az, ax, ay, bz, bx, by, cz, cx, cy, nZ, nX, nY, z0, z1, x0, x1, minY, maxY, ny - 1];
    const sw = nw > 0 ? 1 : -1;
    const pa0 = (Av - Bv) * sw;
    const pb0 = (Bu - Au) * sw;
    const pa1 = (Bv - Cv) * sw;
    const pb1 = (Cu - Bu) * sw;
    const pa2 = (Cv - Av) * sw;
    const pb2 = (Au - Cu) * sw;
    const pd0 = -(pa0 * Au + pb0 * Av) + 0.5 * (pa0 + Math.abs(pa0) + pb0 + Math.abs(pb0));
    const pd1 = -(pa1 * Bu + pb1 * Bv) + 0.5 * (pa1 + Math.abs(pa1) + pb1 + Math.abs(pb1));
    const pd2 = -(pa2 * Cu + pb2 * Cv) + 0.5 * (pa2 + Math.abs(pa2) + pb2 + Math.abs(pb2));
    const su = nu > 0 ? 1 : -1;
    const sv = nv > 0 ? 1 : -1;
    const qa0 = (Aw - Bw) * su;
    const qb0 = (Bv - Av) * su;
    const qa1 = (Bw - Cw) * su;
    const qb1 = (Cv - Bv) * su;
    const qa2 = (Cw - Aw) * su;
    const qb2 = (Av - Cv) * su;
    const qd0 = -(qa0 * Av + qb0 * Aw) + 0.5 * (qa0 + Math.abs(qa0) + qb0 + Math.abs(qb0));
    const qd1 = -(qa1 * Bv + qb1 * Bw) + 0.5 * (qa1 + Math.abs(qa1) + qb1 + Math.abs(qb1));
    const qd2 = -(qa2 * Cv + qb2 * Cw) + 0.5 * (qa2 + Math.abs(qa2) + qb2 + Math.abs(qb2));
    const ra0 = (Au - Bu) * sv;
    const rb0 = (Bw - Aw) * sv;
    const ra1 = (Bu - Cu) * sv;
    const rb1 = (Cw - Bw) * sv;
    const ra2 = (Cu - Au) * sv;
    const rb2 = (Aw - Cw) * sv;
    const rd0 = -(ra0 * Aw + rb0 * Au) + 0.5 * (ra0 + Math.abs(ra0) + rb0 + Math.abs(rb0));
    const rd1 = -(ra1 * Bw + rb1 * Bu) + 0.5 * (ra1 + Math.abs(ra1) + rb1 + Math.abs(rb1));
    const rd2 = -(ra2 * Cw + rb2 * Cu) + 0.5 * (ra2 + Math.abs(ra2) + rb2 + Math.abs(rb2));
    const du = -nu / nw;
    const dv = -nv / nw;
    const lowSlope = 0.5 * (du - Math.abs(du) + dv - Math.abs(dv));
    const highSlope = 0.5 * (du + Math.abs(du) + dv + Math.abs(dv));
    const inColumn = (iu: number, iv: number) =>
      pa0 * iu + pb0 * iv + pd0 >= 0 && pa1 * iu + pb1 * iv + pd1 >= 0 && pa2 * iu + pb2 * iv + pd2 >= 0;
    const cellPasses = (iu: number, iv: number, k: number) =>
      qa0 * iv + qb0 * k + qd0 >= 0 &&
      qa1 * iv + qb1 * k + qd1 >= 0 &&
      qa2 * iv + qb2 * k + qd2 >= 0 &&
      ra0 * k + rb0 * iu + rd0 >= 0 &&
      ra1 * k + rb1 * iu + rd1 >= 0 &&
      ra2 * k + rb2 * iu + rd2 >= 0;
    const mark = (iu: number, iv: number, k: number) => {
      const x = w === 2 ? iu : w === 0 ? k : iv;
      const y = w === 2 ? iv : w === 0 ? iu : k;
      const z = w === 2 ? k : w === 0 ? iv : iu;
      const wi = (z * ny + y) * rowWords + (x >>> 5);
      surface[wi] = surface[wi]! | (1 << (x & 31));
    };
    for (let iv = v0; iv <= v1; iv++) {
      let uFrom = u0;
      let uTo = u1;
      if (rows) {
        // Each edge function pa·u + (pb·v + pd) ≥ 0 bounds u on one side; solved, then the ends
        // moved until the exact test agrees (the tested columns are an interval in floating point).
        for (const [a, c] of [
          [pa0, pb0 * iv + pd0],
          [pa1, pb1 * iv + pd1],
          [pa2, pb2 * iv + pd2],
        ] as const) {
          if (a > 0) uFrom = Math.max(uFrom, Math.ceil(-c / a));
          else if (a < 0) uTo = Math.min(uTo, Math.floor(-c / a));
          else if (c < 0) uTo = uFrom - 1;
        }
        while (uFrom > u0 && inColumn(uFrom - 1, iv)) uFrom--;
        while (uFrom <= uTo && !inColumn(uFrom, iv)) uFrom++;
        while (uTo < u1 && inColumn(uTo + 1, iv)) uTo++;
        while (uTo >= uFrom && !inColumn(uTo, iv)) uTo--;
      }
      for (let iu = uFrom; iu <= uTo; iu++) {
        if (!rows && !inColumn(iu, iv)) continue;
        const wAt = Aw + du * (iu - Au) + dv * (iv - Av);
        let k0 = Math.floor(Math.max(wAt + lowSlope, wMin));
        let k1 = Math.ceil(Math.min(wAt + highSlope, wMax)) - 1;
        if (k1 < k0) k0 = k1 = nw > 0 ? k0 - 1 : k0;
        if (k0 < 0) k0 = 0;
        if (k1 > wLast) k1 = wLast;
        if (!runs) {
          for (let k = k0; k <= k1; k++) if (cellPasses(iu, iv, k)) mark(iu, iv, k);
          continue;
        }
        let kFrom = k0;
        let kTo = k1;
        for (const [a, c] of [
          [qb0, qa0 * iv + qd0],
          [qb1, qa1 * iv + qd1],
          [qb2, qa2 * iv + qd2],
          [ra0, rb0 * iu + rd0],
          [ra1, rb1 * iu + rd1],
          [ra2, rb2 * iu + rd2],
        ] as const) {
          if (a > 0) kFrom = Math.max(kFrom, Math.ceil(-c / a));
          else if (a < 0) kTo = Math.min(kTo, Math.floor(-c / a));
          else if (c < 0) kTo = kFrom - 1;
        }
        while (kFrom > k0 && cellPasses(iu, iv, kFrom - 1)) kFrom--;
        while (kFrom <= kTo && !cellPasses(iu, iv, kFrom)) kFrom++;
        while (kTo < k1 && cellPasses(iu, iv, kTo + 1)) kTo++;
        while (kTo >= kFrom && !cellPasses(iu, iv, kTo)) kTo--;
        if (kFrom > kTo) continue;
        if (w === 0) {
          // The run lies along x, the packed axis: whole-word masks.
          const base = (iv * ny + iu) * rowWords;
          for (let k = kFrom; k <= kTo; ) {
            const bit = k & 31;
            const end = Math.min(kTo, (k | 31) >>> 0);
            const span = end - k + 1;
            const mask = span === 32 ? -1 : ((1 << span) - 1) << bit;
            surface[base + (k >>> 5)] = surface[base + (k >>> 5)]! | mask;
            k = end + 1;
          }
        } else for (let k = kFrom; k <= kTo; k++) mark(iu, iv, k);
      }
    }
  }
}

const variants: Record<string, (out: BitVolume) => void> = {
  src: (out) =>
    rasteriseTriangles(positions, transform, indices, {
      surface: out,
      crossings: [null, null, null],
      colouring: null,
    }),
  rows: (out) => surfaceExperiment(out, true, false),
  runs: (out) => surfaceExperiment(out, false, true),
  'rows+runs': (out) => surfaceExperiment(out, true, true),
  'neither (the same tests, written plainly)': (out) => surfaceExperiment(out, false, false),
};
const gc = (globalThis as { gc?: () => void }).gc;
const cpuTimes: Record<string, number[]> = {};
const wallTimes: Record<string, number[]> = {};
let reference: Int32Array | null = null;
const differs: Record<string, number> = {};
for (let i = 0; i < runs + 3; i++) {
  const names = Object.keys(variants);
  const order = i % 2 === 0 ? names : [...names].reverse();
  for (const name of order) {
    const out = createBitVolume(...dims);
    gc?.();
    const cpu = process.cpuUsage();
    const t = performance.now();
    variants[name]!(out);
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    if (name === 'src' && !reference) reference = out.words.slice();
    if (i < 3) continue;
    cpuTimes[name] = [...(cpuTimes[name] ?? []), (used.user + used.system) / 1000];
    wallTimes[name] = [...(wallTimes[name] ?? []), wall];
    if (reference && Buffer.compare(Buffer.from(out.words.buffer), Buffer.from(reference.buffer)) !== 0)
      differs[name] = (differs[name] ?? 0) + 1;
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `surface half, 69,451-triangle bunny at ${size} (${dims.join('×')}), y up, ${runs} alternating calls each after 3 warm-ups, load ${loadavg()[0]!.toFixed(2)}`,
);
for (const name of Object.keys(variants))
  console.log(
    `${name.padEnd(42)} CPU median ${median(cpuTimes[name]!).toFixed(2)} ms, best ${Math.min(...cpuTimes[name]!).toFixed(2)}; wall median ${median(wallTimes[name]!).toFixed(2)} ms; surfaces differing from src: ${differs[name] ?? 0} of ${runs}`,
  );
