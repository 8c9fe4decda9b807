// One pass over the triangles that does both halves of voxelisation: it marks every cell the surface
// touches (conservative) and records where cell-centre rays along each axis cross the surface (for
// the parity fill). One pass rather than one per volume: each triangle is read, transformed into grid
// space and bounded once (separate per-axis passes were measured and were not faster).
//
// Why one file of ~430 lines: this is the voxeliser's hot loop, written out by hand (ray tests
// inlined per axis, see BENCHMARK.md) because the function calls cost more than the tests; split
// into helpers it would be the slower code that was measured and replaced.

import type { BitVolume } from './bit-volume';

export interface SurfaceColouring {
  /** Palette index + 1 per triangle. */
  trianglePalette: Uint8Array;
  /** Palette index + 1 per cell (x + nx·(y + ny·z)), written where a triangle marks a cell. */
  cellColour: Uint8Array;
}

export interface RasterTargets {
  /** Receives the conservative surface; omit to skip that half. */
  surface: BitVolume | null;
  /** Receives toggled bits at ray crossings, one volume per ray axis (x, y, z); null skips an axis. */
  crossings: [BitVolume | null, BitVolume | null, BitVolume | null];
  colouring: SurfaceColouring | null;
}

/**
 * Where the model's vertices land in the grid: grid component k of vertex v is
 * (sign_k · positions[3v + axis_k] − min_k) · scale, with sign 1 except possibly for y. Computed as
 * each triangle is read rather than stored, which halves the vertex data the pass walks through.
 */
export interface GridTransform {
  /** Model axis feeding grid x, y and z. */
  axes: [number, number, number];
  /** Sign applied to the model coordinate feeding each grid axis (together a rotation, never a mirror). */
  signs: [1 | -1, 1 | -1, 1 | -1];
  /** Smallest rotated coordinate per grid axis, before scaling. */
  min: [number, number, number];
  scale: number;
}

export function rasteriseTriangles(
  positions: Float32Array,
  transform: GridTransform,
  indices: Uint32Array,
  targets: RasterTargets,
): void {
  const reference = targets.surface ?? targets.crossings.find((v) => v !== null);
  if (!reference) return;
  const { nx, ny, nz, rowWords } = reference;
  const surface = targets.surface ? targets.surface.words : null;
  const crossX = targets.crossings[0]?.words ?? null;
  const crossY = targets.crossings[1]?.words ?? null;
  const crossZ = targets.crossings[2]?.words ?? null;
  const cellColour = targets.colouring?.cellColour ?? null;
  const trianglePalette = targets.colouring?.trianglePalette ?? null;
  const triangles = indices.length / 3;
  const p = positions;
  const [ia, ib, ic] = transform.axes;
  // (s·p − min)·scale = (p − s·min)·(s·scale) exactly for s = ±1 (negation is exact), so each grid
  // coordinate costs a subtraction and a multiplication whatever the signs.
  const [sa, sb, sc] = transform.signs;
  const min0 = sa * transform.min[0];
  const min1 = sb * transform.min[1];
  const min2 = sc * transform.min[2];
  const scale0 = sa * transform.scale;
  const scale1 = sb * transform.scale;
  const scale2 = sc * transform.scale;

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

    if (surface) {
      // Cells whose open interior meets the triangle's extent. A triangle lying exactly in a grid
      // plane meets none, so it marks the cell behind it (against its normal): the inside of a
      // closed mesh, so grid-aligned faces do not grow the model by a layer.
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
      const colour = trianglePalette ? trianglePalette[t]! : 0;
      const inGrid = x0 <= x1 && y0 <= y1 && z0 <= z1;
      if (inGrid && x0 === x1 && y0 === y1 && z0 === z1) {
        const wi = (z0 * ny + y0) * rowWords + (x0 >>> 5);
        surface[wi] = surface[wi]! | (1 << (x0 & 31));
        if (cellColour) cellColour[x0 + nx * (y0 + ny * z0)] = colour;
      } else if (inGrid) {
        const absX = nX < 0 ? -nX : nX;
        const absY = nY < 0 ? -nY : nY;
        const absZ = nZ < 0 ? -nZ : nZ;
        if (absX !== 0 || absY !== 0 || absZ !== 0) {
          // Walk the columns of the dominant axis w; (u, v, w) is a cyclic order of (x, y, z). A
          // column is kept when its square overlaps the triangle's (u, v) projection; its candidate
          // cells are the one or two the triangle's plane passes through, which then must also pass
          // the (v, w) and (w, u) projection tests: together the exact triangle–box overlap test.
          let Au: number;
          let Av: number;
          let Aw: number;
          let Bu: number;
          let Bv: number;
          let Bw: number;
          let Cw: number;
          let Cu: number;
          let Cv: number;
          let nu: number;
          let nv: number;
          let nw: number;
          let u0: number;
          let u1: number;
          let v0: number;
          let v1: number;
          let wMin: number;
          let wMax: number;
          let wLast: number;
          let w: number;
          if (absZ >= absX && absZ >= absY) {
            w = 2;
            Au = ax;
            Av = ay;
            Aw = az;
            Bu = bx;
            Bv = by;
            Bw = bz;
            Cw = cz;
            Cu = cx;
            Cv = cy;
            nu = nX;
            nv = nY;
            nw = nZ;
            u0 = x0;
            u1 = x1;
            v0 = y0;
            v1 = y1;
            wMin = minZ;
            wMax = maxZ;
            wLast = nz - 1;
          } else if (absX >= absY) {
            w = 0;
            Au = ay;
            Av = az;
            Aw = ax;
            Bu = by;
            Bv = bz;
            Bw = bx;
            Cw = cx;
            Cu = cy;
            Cv = cz;
            nu = nY;
            nv = nZ;
            nw = nX;
            u0 = y0;
            u1 = y1;
            v0 = z0;
            v1 = z1;
            wMin = minX;
            wMax = maxX;
            wLast = nx - 1;
          } else {
            w = 1;
            Au = az;
            Av = ax;
            Aw = ay;
            Bu = bz;
            Bv = bx;
            Bw = by;
            Cw = cy;
            Cu = cz;
            Cv = cx;
            nu = nZ;
            nv = nX;
            nw = nY;
            u0 = z0;
            u1 = z1;
            v0 = x0;
            v1 = x1;
            wMin = minY;
            wMax = maxY;
            wLast = ny - 1;
          }
          // Inward edge normals of the (u, v) projection, offset to the cell corner furthest inside
          // (Schwarz & Seidel 2010).
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
          // The two minor projections, (v, w) and (w, u), complete the exact overlap test.
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
          for (let iu = u0; iu <= u1; iu++) {
            for (let iv = v0; iv <= v1; iv++) {
              if (
                pa0 * iu + pb0 * iv + pd0 < 0 ||
                pa1 * iu + pb1 * iv + pd1 < 0 ||
                pa2 * iu + pb2 * iv + pd2 < 0
              ) {
                continue;
              }
              const wAt = Aw + du * (iu - Au) + dv * (iv - Av);
              const lo = wAt + lowSlope;
              const hi = wAt + highSlope;
              let k0 = Math.floor(Math.max(lo, wMin));
              let k1 = Math.ceil(Math.min(hi, wMax)) - 1;
              if (k1 < k0) k0 = k1 = nw > 0 ? k0 - 1 : k0;
              if (k0 < 0) k0 = 0;
              if (k1 > wLast) k1 = wLast;
              for (let k = k0; k <= k1; k++) {
                if (
                  qa0 * iv + qb0 * k + qd0 < 0 ||
                  qa1 * iv + qb1 * k + qd1 < 0 ||
                  qa2 * iv + qb2 * k + qd2 < 0
                )
                  continue;
                if (
                  ra0 * k + rb0 * iu + rd0 < 0 ||
                  ra1 * k + rb1 * iu + rd1 < 0 ||
                  ra2 * k + rb2 * iu + rd2 < 0
                )
                  continue;
                const x = w === 2 ? iu : w === 0 ? k : iv;
                const y = w === 2 ? iv : w === 0 ? iu : k;
                const z = w === 2 ? k : w === 0 ? iv : iu;
                const wi = (z * ny + y) * rowWords + (x >>> 5);
                surface[wi] = surface[wi]! | (1 << (x & 31));
                if (cellColour) cellColour[x + nx * (y + ny * z)] = colour;
              }
            }
          }
        }
      }
    }

    // Cell-centre columns the triangle's bounding box spans, per axis.
    let jx0 = Math.ceil(minX - 0.5);
    let jx1 = Math.floor(maxX - 0.5);
    let jy0 = Math.ceil(minY - 0.5);
    let jy1 = Math.floor(maxY - 0.5);
    let jz0 = Math.ceil(minZ - 0.5);
    let jz1 = Math.floor(maxZ - 0.5);
    if (jx0 < 0) jx0 = 0;
    if (jy0 < 0) jy0 = 0;
    if (jz0 < 0) jz0 = 0;
    if (jx1 >= nx) jx1 = nx - 1;
    if (jy1 >= ny) jy1 = ny - 1;
    if (jz1 >= nz) jz1 = nz - 1;
    const spansX = jx0 <= jx1;
    const spansY = jy0 <= jy1;
    const spansZ = jz0 <= jz1;
    // Ray crossings, one axis a at a time, through the cell centres of the (b, c) plane that the
    // bounding box spans. The edge function is written so that swapping an edge's endpoints negates
    // it exactly in floating point ((Pb·Qc − Pc·Qb) + pb·(Pc − Qc) + pc·(Qb − Pb)), and a ray
    // exactly on an edge goes to the side a nudge along (1, ε) would put it on. Two triangles
    // sharing an edge therefore never both claim, or both miss, a ray through it, which is what
    // makes the parity exact for closed meshes. (Written inline rather than as a function: the call,
    // with the triangle as arguments, cost more than the test.)
    for (let axis = 0; axis < 3; axis++) {
      let words: Int32Array;
      let nA: number;
      let jb0: number;
      let jb1: number;
      let jc0: number;
      let jc1: number;
      let A_a: number;
      let A_b: number;
      let A_c: number;
      let B_b: number;
      let B_c: number;
      let C_b: number;
      let C_c: number;
      let na: number;
      let nb: number;
      let nc: number;
      if (axis === 0) {
        if (!crossX || !spansY || !spansZ || nX === 0) continue;
        words = crossX;
        nA = nx;
        jb0 = jy0;
        jb1 = jy1;
        jc0 = jz0;
        jc1 = jz1;
        A_a = ax;
        A_b = ay;
        A_c = az;
        B_b = by;
        B_c = bz;
        C_b = cy;
        C_c = cz;
        na = nX;
        nb = nY;
        nc = nZ;
      } else if (axis === 1) {
        if (!crossY || !spansZ || !spansX || nY === 0) continue;
        words = crossY;
        nA = ny;
        jb0 = jz0;
        jb1 = jz1;
        jc0 = jx0;
        jc1 = jx1;
        A_a = ay;
        A_b = az;
        A_c = ax;
        B_b = bz;
        B_c = bx;
        C_b = cz;
        C_c = cx;
        na = nY;
        nb = nZ;
        nc = nX;
      } else {
        if (!crossZ || !spansX || !spansY || nZ === 0) continue;
        words = crossZ;
        nA = nz;
        jb0 = jx0;
        jb1 = jx1;
        jc0 = jy0;
        jc1 = jy1;
        A_a = az;
        A_b = ax;
        A_c = ay;
        B_b = bx;
        B_c = by;
        C_b = cx;
        C_c = cy;
        na = nZ;
        nb = nX;
        nc = nY;
      }
      const s = na > 0 ? 1 : -1;
      const k00 = (A_b * B_c - A_c * B_b) * s;
      const k0b = (A_c - B_c) * s;
      const k0c = (B_b - A_b) * s;
      const k10 = (B_b * C_c - B_c * C_b) * s;
      const k1b = (B_c - C_c) * s;
      const k1c = (C_b - B_b) * s;
      const k20 = (C_b * A_c - C_c * A_b) * s;
      const k2b = (C_c - A_c) * s;
      const k2c = (A_b - C_b) * s;
      const invNa = 1 / na;
      for (let jb = jb0; jb <= jb1; jb++) {
        const pb = jb + 0.5;
        for (let jc = jc0; jc <= jc1; jc++) {
          const pc = jc + 0.5;
          const e0 = k00 + pb * k0b + pc * k0c;
          if (e0 < 0 || (e0 === 0 && (k0b !== 0 ? k0b : k0c) <= 0)) continue;
          const e1 = k10 + pb * k1b + pc * k1c;
          if (e1 < 0 || (e1 === 0 && (k1b !== 0 ? k1b : k1c) <= 0)) continue;
          const e2 = k20 + pb * k2b + pc * k2c;
          if (e2 < 0 || (e2 === 0 && (k2b !== 0 ? k2b : k2c) <= 0)) continue;
          const depth = A_a - (nb * (pb - A_b) + nc * (pc - A_c)) * invNa;
          // The first cell whose centre lies beyond the crossing flips parity.
          let k = Math.floor(depth - 0.5) + 1;
          if (k < 0) k = 0;
          if (k >= nA) continue;
          let wi: number;
          let bit: number;
          if (axis === 0) {
            wi = (jc * ny + jb) * rowWords + (k >>> 5);
            bit = k & 31;
          } else if (axis === 1) {
            wi = (jb * ny + k) * rowWords + (jc >>> 5);
            bit = jc & 31;
          } else {
            wi = (k * ny + jc) * rowWords + (jb >>> 5);
            bit = jb & 31;
          }
          words[wi] = words[wi]! ^ (1 << bit);
        }
      }
    }
  }
}
