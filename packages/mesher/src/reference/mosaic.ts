// A flat mosaic that stands upright: the picture two cells thick in the x–z plane, in a frame one
// cell wide, on a foot two layers high and wide enough front to back that the plate cannot tip.
// Both rows carry the picture at the same x, so each picture cell is one block two cells deep
// (1×2, or longer where neighbours share a colour) and the plate reads like a window: the right way
// round from the front (−y, where the 3D viewer looks from, x growing to the right) and in the
// isometric preview (which draws the +y faces with x growing to the right), mirrored only when
// walked round to the back. The frame's blocks join the picture's columns at the bottom, top and
// sides, so the kit comes out as one piece.
//
//   z ↑   frame ▀▀▀▀▀▀▀▀▀▀           side view (y →):      ▐▌   picture, two cells deep
//         picture rows  (image top at the top)             ▐▌
//         frame ▄▄▄▄▄▄▄▄▄▄                               ▄▄▄▄▄▄  foot, 2 layers
//         foot  ██████████

import { type PaletteColourId, paletteIndex } from '../colour/palette';
import { createVoxelGrid, type VoxelGrid } from '../voxel/voxel-grid';

export interface MosaicLayout {
  grid: VoxelGrid;
  /** The picture's cells: x of column 0 (columns run towards +x), z of its top row, its two y rows. */
  picture: { x0: number; zTop: number; y: [number, number]; width: number; height: number };
  foot: { depth: number; layers: number };
}

export const MOSAIC_FOOT_LAYERS = 2;

/** Foot depth (cells front to back): about a fifth of the picture's height, at least 6, even. */
export function mosaicFootDepth(pictureHeight: number): number {
  return 2 * Math.max(3, Math.ceil(pictureHeight / 10));
}

/**
 * Draws the mosaic: `indices` are palette indices row by row from the picture's top-left
 * (`width` × `height`), `frame` the colour of the frame and foot.
 */
export function drawMosaic(
  indices: Int16Array,
  width: number,
  height: number,
  frame: PaletteColourId,
): MosaicLayout {
  const depth = mosaicFootDepth(height);
  const nx = width + 2;
  const ny = depth;
  const nz = MOSAIC_FOOT_LAYERS + height + 2;
  const grid = createVoxelGrid(nx, ny, nz);
  const frameCell = paletteIndex(frame) + 1;
  const set = (x: number, y: number, z: number, value: number) => {
    grid.cells[x + nx * (y + ny * z)] = value;
  };
  const rows: [number, number] = [depth / 2 - 1, depth / 2];
  for (let z = 0; z < MOSAIC_FOOT_LAYERS; z++)
    for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) set(x, y, z, frameCell);
  const zTop = nz - 2;
  for (let z = MOSAIC_FOOT_LAYERS; z < nz; z++) {
    for (let x = 0; x < nx; x++) {
      const row = zTop - z;
      const col = x - 1;
      let value = frameCell;
      if (row >= 0 && row < height && col >= 0 && col < width) {
        const index = indices[row * width + col]!;
        if (index < 0) throw new RangeError('Every mosaic cell needs a colour.');
        value = index + 1;
      }
      for (const y of rows) set(x, y, z, value);
    }
  }
  return {
    grid,
    picture: { x0: 1, zTop, y: rows, width, height },
    foot: { depth, layers: MOSAIC_FOOT_LAYERS },
  };
}
