// Whether an open surface encloses the inside the vote gave it. A sheet that encloses nothing (a cup
// modelled without thickness) is filled by the three-axis vote as if its opening were closed: every
// ray through the cup's hollow crosses its wall twice. Judged at the grid's resolution instead: the
// outside is flooded (6-connected, from the grid's border) through the cells the surface leaves
// free, the surface first thickened so that gaps narrower than GAP_SHARE of the model (a lid sitting
// loose on a pot, a scan's missing patches) stay closed. When the flood reaches most of what the vote
// filled, the surface encloses nothing there and only the surface itself is built: walls of its own
// shape, a cup stays a cup.

import type { BitVolume } from './bit-volume';

/** Gaps narrower than this share of the model's longest side are closed before flooding. */
export const GAP_SHARE = 0.05;
/** The surface encloses its inside unless the outside reaches at least this share of it. */
const REACHED_SHARE = 0.5;

/**
 * True when the outside, flooded past the surface (thickened to close gaps of GAP_SHARE × `size`
 * cells), reaches less than half of the cells `solid` holds beyond `surface`.
 */
export function enclosesInside(surface: BitVolume, solid: BitVolume, size: number): boolean {
  const { nx, ny, nz, rowWords } = surface;
  const bit = (v: BitVolume, x: number, y: number, z: number) =>
    (v.words[(z * ny + y) * rowWords + (x >>> 5)]! >>> (x & 31)) & 1;
  const cells = nx * ny * nz;
  // Cells the surface (thickened by `reach` cells each way, 6-connected steps) blocks.
  const reach = Math.max(1, Math.round((GAP_SHARE * size) / 2));
  let blocked = new Uint8Array(cells);
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) if (bit(surface, x, y, z)) blocked[x + nx * (y + ny * z)] = 1;
  for (let step = 0; step < reach; step++) {
    const next = blocked.slice();
    for (let i = 0; i < cells; i++) {
      if (blocked[i] === 0) continue;
      const x = i % nx;
      const y = Math.floor(i / nx) % ny;
      const z = Math.floor(i / (nx * ny));
      if (x > 0) next[i - 1] = 1;
      if (x + 1 < nx) next[i + 1] = 1;
      if (y > 0) next[i - nx] = 1;
      if (y + 1 < ny) next[i + nx] = 1;
      if (z > 0) next[i - nx * ny] = 1;
      if (z + 1 < nz) next[i + nx * ny] = 1;
    }
    blocked = next;
  }
  // Flood from every free cell on the grid's border.
  const reached = new Uint8Array(cells);
  const queue = new Int32Array(cells);
  let head = 0;
  let tail = 0;
  const seed = (i: number) => {
    if (blocked[i] === 0 && reached[i] === 0) {
      reached[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++)
        if (x === 0 || y === 0 || z === 0 || x === nx - 1 || y === ny - 1 || z === nz - 1)
          seed(x + nx * (y + ny * z));
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % nx;
    const y = Math.floor(i / nx) % ny;
    const z = Math.floor(i / (nx * ny));
    if (x > 0) seed(i - 1);
    if (x + 1 < nx) seed(i + 1);
    if (y > 0) seed(i - nx);
    if (y + 1 < ny) seed(i + nx);
    if (z > 0) seed(i - nx * ny);
    if (z + 1 < nz) seed(i + nx * ny);
  }
  // The vote's inside beyond the surface itself, and how much of it the outside reached.
  let inside = 0;
  let open = 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (!bit(solid, x, y, z) || bit(surface, x, y, z)) continue;
        inside++;
        const i = x + nx * (y + ny * z);
        if (reached[i] === 1) open++;
      }
  return inside === 0 ? false : open < REACHED_SHARE * inside;
}
