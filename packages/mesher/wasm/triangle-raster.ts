// AssemblyScript source of the WebAssembly triangle pass: the same computation as
// src/voxel/triangle-raster.ts (`rasteriseTriangles`), operation for operation, so its output is
// bit-identical (f64 arithmetic in WebAssembly is IEEE like JavaScript's, there is no fused
// multiply-add, and binaryen does not reorder floating-point operations).
//
// Compiled ahead of time by `npm run build:wasm -w packages/mesher` into triangle-raster.wasm and
// src/voxel/triangle-raster-wasm.ts (the same bytes, base64, so the library loads it synchronously
// without a file system); test/voxelise-wasm.test.ts checks that both match a fresh compile of this file.
//
// Differences from the JavaScript that do not change results: grid indices are i32 (converted only
// after the same floating-point comparisons and clamps decide the range), and the data are raw
// pointers into this module's memory, laid out by the caller (0 means "absent").

// Reads grid coordinate `axis` of vertex `index`: (p − min)·scale, as in the JavaScript.
@inline
function coord(positions: usize, index: u32, axis: i32, min: f64, scale: f64): f64 {
  return (<f64>load<f32>(positions + ((<usize>index * 3 + <usize>axis) << 2)) - min) * scale;
}

// Sets a surface bit.
@inline
function mark(words: usize, index: i32, bit: i32): void {
  const at = words + (<usize>index << 2);
  store<i32>(at, load<i32>(at) | (1 << bit));
}

// Toggles a crossing bit.
@inline
function flip(words: usize, index: i32, bit: i32): void {
  const at = words + (<usize>index << 2);
  store<i32>(at, load<i32>(at) ^ (1 << bit));
}

export function rasterise(
  positions: usize,
  indices: usize,
  triangles: i32,
  ia: i32,
  ib: i32,
  ic: i32,
  min0: f64,
  min1: f64,
  min2: f64,
  scale0: f64,
  scale1: f64,
  scale2: f64,
  nx: i32,
  ny: i32,
  nz: i32,
  rowWords: i32,
  surface: usize,
  crossX: usize,
  crossY: usize,
  crossZ: usize,
  cellColour: usize,
  trianglePalette: usize,
): void {
  const fnx = <f64>nx;
  const fny = <f64>ny;
  const fnz = <f64>nz;
  for (let t = 0; t < triangles; t++) {
    const tri = indices + (<usize>t * 12);
    const i0 = load<u32>(tri);
    const i1 = load<u32>(tri, 4);
    const i2 = load<u32>(tri, 8);
    const ax = coord(positions, i0, ia, min0, scale0);
    const ay = coord(positions, i0, ib, min1, scale1);
    const az = coord(positions, i0, ic, min2, scale2);
    const bx = coord(positions, i1, ia, min0, scale0);
    const by = coord(positions, i1, ib, min1, scale1);
    const bz = coord(positions, i1, ic, min2, scale2);
    const cx = coord(positions, i2, ia, min0, scale0);
    const cy = coord(positions, i2, ib, min1, scale1);
    const cz = coord(positions, i2, ic, min2, scale2);
    const minX = min<f64>(min<f64>(ax, bx), cx);
    const maxX = max<f64>(max<f64>(ax, bx), cx);
    const minY = min<f64>(min<f64>(ay, by), cy);
    const maxY = max<f64>(max<f64>(ay, by), cy);
    const minZ = min<f64>(min<f64>(az, bz), cz);
    const maxZ = max<f64>(max<f64>(az, bz), cz);
    const e1x = bx - ax;
    const e1y = by - ay;
    const e1z = bz - az;
    const e2x = cx - ax;
    const e2y = cy - ay;
    const e2z = cz - az;
    const nX = e1y * e2z - e1z * e2y;
    const nY = e1z * e2x - e1x * e2z;
    const nZ = e1x * e2y - e1y * e2x;

    if (surface != 0) {
      let x0 = Math.floor(minX);
      let x1 = Math.ceil(maxX) - 1;
      let y0 = Math.floor(minY);
      let y1 = Math.ceil(maxY) - 1;
      let z0 = Math.floor(minZ);
      let z1 = Math.ceil(maxZ) - 1;
      if (x1 < x0) x0 = x1 = nX > 0 ? x0 - 1 : x0;
      if (y1 < y0) y0 = y1 = nY > 0 ? y0 - 1 : y0;
      if (z1 < z0) z0 = z1 = nZ > 0 ? z0 - 1 : z0;
      if (x1 >= fnx) x1 = fnx - 1;
      if (y1 >= fny) y1 = fny - 1;
      if (z1 >= fnz) z1 = fnz - 1;
      if (x0 < 0) x0 = 0;
      if (y0 < 0) y0 = 0;
      if (z0 < 0) z0 = 0;
      const colour: i32 = trianglePalette != 0 ? <i32>load<u8>(trianglePalette + <usize>t) : 0;
      const inGrid = x0 <= x1 && y0 <= y1 && z0 <= z1;
      if (inGrid && x0 == x1 && y0 == y1 && z0 == z1) {
        const x = <i32>x0;
        const y = <i32>y0;
        const z = <i32>z0;
        mark(surface, (z * ny + y) * rowWords + (x >>> 5), x & 31);
        if (cellColour != 0) store<u8>(cellColour + <usize>(x + nx * (y + ny * z)), colour);
      } else if (inGrid) {
        const absX = Math.abs(nX);
        const absY = Math.abs(nY);
        const absZ = Math.abs(nZ);
        if (absX != 0 || absY != 0 || absZ != 0) {
          let Au: f64;
          let Av: f64;
          let Aw: f64;
          let Bu: f64;
          let Bv: f64;
          let Bw: f64;
          let Cw: f64;
          let Cu: f64;
          let Cv: f64;
          let nu: f64;
          let nv: f64;
          let nw: f64;
          let u0: i32;
          let u1: i32;
          let v0: i32;
          let v1: i32;
          let wMin: f64;
          let wMax: f64;
          let wLast: f64;
          // Word index = (z·ny + y)·rowWords + (x >>> 5): strides of the cell (iu, iv, k) per axis.
          let w: i32;
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
            u0 = <i32>x0;
            u1 = <i32>x1;
            v0 = <i32>y0;
            v1 = <i32>y1;
            wMin = minZ;
            wMax = maxZ;
            wLast = fnz - 1;
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
            u0 = <i32>y0;
            u1 = <i32>y1;
            v0 = <i32>z0;
            v1 = <i32>z1;
            wMin = minX;
            wMax = maxX;
            wLast = fnx - 1;
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
            u0 = <i32>z0;
            u1 = <i32>z1;
            v0 = <i32>x0;
            v1 = <i32>x1;
            wMin = minY;
            wMax = maxY;
            wLast = fny - 1;
          }
          const sw: f64 = nw > 0 ? 1 : -1;
          const pa0 = (Av - Bv) * sw;
          const pb0 = (Bu - Au) * sw;
          const pa1 = (Bv - Cv) * sw;
          const pb1 = (Cu - Bu) * sw;
          const pa2 = (Cv - Av) * sw;
          const pb2 = (Au - Cu) * sw;
          const pd0 = -(pa0 * Au + pb0 * Av) + 0.5 * (pa0 + Math.abs(pa0) + pb0 + Math.abs(pb0));
          const pd1 = -(pa1 * Bu + pb1 * Bv) + 0.5 * (pa1 + Math.abs(pa1) + pb1 + Math.abs(pb1));
          const pd2 = -(pa2 * Cu + pb2 * Cv) + 0.5 * (pa2 + Math.abs(pa2) + pb2 + Math.abs(pb2));
          const su: f64 = nu > 0 ? 1 : -1;
          const sv: f64 = nv > 0 ? 1 : -1;
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
            const fu = <f64>iu;
            for (let iv = v0; iv <= v1; iv++) {
              const fv = <f64>iv;
              if (
                (<i32>(pa0 * fu + pb0 * fv + pd0 < 0) |
                  <i32>(pa1 * fu + pb1 * fv + pd1 < 0) |
                  <i32>(pa2 * fu + pb2 * fv + pd2 < 0)) !=
                0
              ) {
                continue;
              }
              const wAt = Aw + du * (fu - Au) + dv * (fv - Av);
              const lo = wAt + lowSlope;
              const hi = wAt + highSlope;
              let k0 = Math.floor(max<f64>(lo, wMin));
              let k1 = Math.ceil(min<f64>(hi, wMax)) - 1;
              if (k1 < k0) k0 = k1 = nw > 0 ? k0 - 1 : k0;
              if (k0 < 0) k0 = 0;
              if (k1 > wLast) k1 = wLast;
              // NaN bounds (never for finite input) run no iteration, as in the JavaScript.
              if (!(k0 <= k1)) continue;
              const kEnd = <i32>k1;
              for (let k = <i32>k0; k <= kEnd; k++) {
                const fk = <f64>k;
                if (
                  (<i32>(qa0 * fv + qb0 * fk + qd0 < 0) |
                    <i32>(qa1 * fv + qb1 * fk + qd1 < 0) |
                    <i32>(qa2 * fv + qb2 * fk + qd2 < 0) |
                    <i32>(ra0 * fk + rb0 * fu + rd0 < 0) |
                    <i32>(ra1 * fk + rb1 * fu + rd1 < 0) |
                    <i32>(ra2 * fk + rb2 * fu + rd2 < 0)) !=
                  0
                )
                  continue;
                const x = w == 2 ? iu : w == 0 ? k : iv;
                const y = w == 2 ? iv : w == 0 ? iu : k;
                const z = w == 2 ? k : w == 0 ? iv : iu;
                mark(surface, (z * ny + y) * rowWords + (x >>> 5), x & 31);
                if (cellColour != 0) store<u8>(cellColour + <usize>(x + nx * (y + ny * z)), colour);
              }
            }
          }
        }
      }
    }

    let jx0 = Math.ceil(minX - 0.5);
    let jx1 = Math.floor(maxX - 0.5);
    let jy0 = Math.ceil(minY - 0.5);
    let jy1 = Math.floor(maxY - 0.5);
    let jz0 = Math.ceil(minZ - 0.5);
    let jz1 = Math.floor(maxZ - 0.5);
    if (jx0 < 0) jx0 = 0;
    if (jy0 < 0) jy0 = 0;
    if (jz0 < 0) jz0 = 0;
    if (jx1 >= fnx) jx1 = fnx - 1;
    if (jy1 >= fny) jy1 = fny - 1;
    if (jz1 >= fnz) jz1 = fnz - 1;
    const spansX = jx0 <= jx1;
    const spansY = jy0 <= jy1;
    const spansZ = jz0 <= jz1;
    for (let axis = 0; axis < 3; axis++) {
      let words: usize;
      let nA: f64;
      let jb0: f64;
      let jb1: f64;
      let jc0: f64;
      let jc1: f64;
      let A_a: f64;
      let A_b: f64;
      let A_c: f64;
      let B_b: f64;
      let B_c: f64;
      let C_b: f64;
      let C_c: f64;
      let na: f64;
      let nb: f64;
      let nc: f64;
      if (axis == 0) {
        if (crossX == 0 || !spansY || !spansZ || nX == 0) continue;
        words = crossX;
        nA = fnx;
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
      } else if (axis == 1) {
        if (crossY == 0 || !spansZ || !spansX || nY == 0) continue;
        words = crossY;
        nA = fny;
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
        if (crossZ == 0 || !spansX || !spansY || nZ == 0) continue;
        words = crossZ;
        nA = fnz;
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
      const s: f64 = na > 0 ? 1 : -1;
      const k00 = (A_b * B_c - A_c * B_b) * s;
      const k0b = (A_c - B_c) * s;
      const k0c = (B_b - A_b) * s;
      const k10 = (B_b * C_c - B_c * C_b) * s;
      const k1b = (B_c - C_c) * s;
      const k1c = (C_b - B_b) * s;
      const k20 = (C_b * A_c - C_c * A_b) * s;
      const k2b = (C_c - A_c) * s;
      const k2c = (A_b - C_b) * s;
      // The tie-break sign of each edge: which side a ray exactly on it goes to.
      const low0 = <i32>((k0b != 0 ? k0b : k0c) <= 0);
      const low1 = <i32>((k1b != 0 ? k1b : k1c) <= 0);
      const low2 = <i32>((k2b != 0 ? k2b : k2c) <= 0);
      const invNa = 1 / na;
      const b0 = <i32>jb0;
      const b1 = <i32>jb1;
      const c0 = <i32>jc0;
      const c1 = <i32>jc1;
      for (let jb = b0; jb <= b1; jb++) {
        const pb = <f64>jb + 0.5;
        for (let jc = c0; jc <= c1; jc++) {
          const pc = <f64>jc + 0.5;
          // The three edge tests of the JavaScript, evaluated without branches and combined, so a
          // ray costs one unpredictable branch instead of up to three (same outcome, NaN included).
          const e0 = k00 + pb * k0b + pc * k0c;
          const e1 = k10 + pb * k1b + pc * k1c;
          const e2 = k20 + pb * k2b + pc * k2c;
          const out0 = <i32>(e0 < 0) | (<i32>(e0 == 0) & low0);
          const out1 = <i32>(e1 < 0) | (<i32>(e1 == 0) & low1);
          const out2 = <i32>(e2 < 0) | (<i32>(e2 == 0) & low2);
          if ((out0 | out1 | out2) != 0) continue;
          const depth = A_a - (nb * (pb - A_b) + nc * (pc - A_c)) * invNa;
          let kf = Math.floor(depth - 0.5) + 1;
          if (kf < 0) kf = 0;
          if (kf >= nA) continue;
          // A NaN depth (never for finite input) indexes like 0 in JavaScript along x, and nothing
          // along y and z (a NaN array index is a no-op there).
          let k: i32 = 0;
          if (kf == kf) k = <i32>kf;
          else if (axis != 0) continue;
          if (axis == 0) flip(words, (jc * ny + jb) * rowWords + (k >>> 5), k & 31);
          else if (axis == 1) flip(words, (jb * ny + k) * rowWords + (jc >>> 5), jc & 31);
          else flip(words, (k * ny + jc) * rowWords + (jb >>> 5), jb & 31);
        }
      }
    }
  }
}
