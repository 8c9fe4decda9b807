// Hollowing: keep a shell `wall` cells thick. Three rules keep the hollowed kit in one piece (issue
// 48: a hollowed drum came apart into 10 pieces with joints at 1,431%, the 69k bunny at 64 into 29):
// - the shell is eroded with the 8 cells around each in its layer (and those above and below), so
//   what is left of a layer is joined side by side, never only corner to corner: a round wall eroded
//   by its 4 side neighbours keeps diagonal runs of single cells, stacked into separate towers that
//   no block joins;
// - floors and lids keep at least MIN_HORIZONTAL_SHELL_LAYERS layers: blocks join only by stacking,
//   so a one-layer lid over the hollow is a plate of blocks side by side, held only where the wall
//   is under them (the drum's lid pulled its pins at 324%; two layers interlock);
// - the skin of a cavity hidden inside the model (a pocket in the scan) is left out: once the solid
//   between them is gone it touches nothing, and nobody sees it.

import { type BitVolume, createBitVolume, erode, erodeVertically } from './bit-volume';

/** Layers a hollowed model's floors and lids keep at least, whatever the wall thickness. */
export const MIN_HORIZONTAL_SHELL_LAYERS = 2;

export function hollowShell(occupied: BitVolume, wallThickness: number): BitVolume {
  const { nx, ny, nz, rowWords } = occupied;
  const wall = Math.max(1, Math.floor(wallThickness));
  let inner = occupied;
  for (let i = 0; i < wall; i++) inner = erode(inner, true);
  for (let i = wall; i < MIN_HORIZONTAL_SHELL_LAYERS; i++) inner = erodeVertically(inner);
  const shell = createBitVolume(nx, ny, nz);
  for (let i = 0; i < shell.words.length; i++) shell.words[i] = occupied.words[i]! & ~inner.words[i]!;

  // The outside: cells the model does not hold, flooded from the grid's border (6-connected).
  const cells = nx * ny * nz;
  const at = (v: BitVolume, i: number) => {
    const x = i % nx;
    const row = Math.floor(i / nx);
    return (v.words[row * rowWords + (x >>> 5)]! >>> (x & 31)) & 1;
  };
  const outside = new Uint8Array(cells);
  const queue = new Int32Array(cells);
  let tail = 0;
  const spread = (i: number, mark: Uint8Array, through: (i: number) => boolean) => {
    if (mark[i] === 0 && through(i)) {
      mark[i] = 1;
      queue[tail++] = i;
    }
  };
  const flood = (mark: Uint8Array, through: (i: number) => boolean) => {
    for (let head = 0; head < tail; head++) {
      const i = queue[head]!;
      const x = i % nx;
      const y = Math.floor(i / nx) % ny;
      const z = Math.floor(i / (nx * ny));
      if (x > 0) spread(i - 1, mark, through);
      if (x + 1 < nx) spread(i + 1, mark, through);
      if (y > 0) spread(i - nx, mark, through);
      if (y + 1 < ny) spread(i + nx, mark, through);
      if (z > 0) spread(i - nx * ny, mark, through);
      if (z + 1 < nz) spread(i + nx * ny, mark, through);
    }
  };
  const empty = (i: number) => at(occupied, i) === 0;
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++)
        if (x === 0 || y === 0 || z === 0 || x === nx - 1 || y === ny - 1 || z === nz - 1)
          spread(x + nx * (y + ny * z), outside, empty);
  flood(outside, empty);

  // Shell cells seen from outside (on the border, or beside an outside cell), and all shell cells
  // joined to them: the rest is the skin of a hidden cavity.
  const kept = new Uint8Array(cells);
  const inShell = (i: number) => at(shell, i) === 1;
  tail = 0;
  for (let i = 0; i < cells; i++) {
    if (!inShell(i)) continue;
    const x = i % nx;
    const y = Math.floor(i / nx) % ny;
    const z = Math.floor(i / (nx * ny));
    const seen =
      x === 0 ||
      y === 0 ||
      z === 0 ||
      x === nx - 1 ||
      y === ny - 1 ||
      z === nz - 1 ||
      outside[i - 1] === 1 ||
      outside[i + 1] === 1 ||
      outside[i - nx] === 1 ||
      outside[i + nx] === 1 ||
      outside[i - nx * ny] === 1 ||
      outside[i + nx * ny] === 1;
    if (seen) spread(i, kept, inShell);
  }
  flood(kept, inShell);
  for (let i = 0; i < cells; i++) {
    if (kept[i] === 1 || !inShell(i)) continue;
    const x = i % nx;
    const row = Math.floor(i / nx);
    shell.words[row * rowWords + (x >>> 5)]! &= ~(1 << (x & 31));
  }
  return shell;
}
