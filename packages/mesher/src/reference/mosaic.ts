// A flat mosaic that stands upright: the picture one cell thick in the x–z plane, facing +y (the side
// the preview shows), on a one-colour backing wall; a frame one cell wide around both, and a foot
// two layers high and wide enough front to back that the plate cannot tip. The backing is laid in
// long staggered blocks; the picture's cells join it through the frame and the foot, and each other
// where neighbours share a colour, so the kit comes out as one piece.
//
//   z ↑   frame ▀▀▀▀▀▀▀▀▀▀           side view (y →):      ▌▐   picture | backing
//         picture rows  (image top at the top)             ▌▐
//         frame ▄▄▄▄▄▄▄▄▄▄                               ▄▄▄▄▄▄  foot, 2 layers
//         foot  ██████████

import { type PaletteColourId, paletteIndex } from '../colour/palette';
import { createVoxelGrid, type VoxelGrid } from '../voxel/voxel-grid';

export interface MosaicLayout {
  grid: VoxelGrid;
  /** The picture's cells: x of column 0 (columns run towards −x, so it reads right from +y), z of the top row, the y row. */
  picture: { x0: number; zTop: number; y: number; width: number; height: number };
  foot: { depth: number; layers: number };
}

export const MOSAIC_FOOT_LAYERS = 2;

/** Foot depth (cells front to back): about a fifth of the picture's height, at least 6, even. */
export function mosaicFootDepth(pictureHeight: number): number {
  return 2 * Math.max(3, Math.ceil(pictureHeight / 10));
}

/**
 * Draws the mosaic: `indices` are palette indices row by row from the picture's top-left
 * (`width` × `height`), `frame` the colour of the frame, backing and foot.
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
  const front = depth / 2;
  const back = front - 1;
  for (let z = 0; z < MOSAIC_FOOT_LAYERS; z++)
    for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) set(x, y, z, frameCell);
  for (let z = MOSAIC_FOOT_LAYERS; z < nz; z++) {
    const border = z === MOSAIC_FOOT_LAYERS || z === nz - 1;
    for (let x = 0; x < nx; x++) {
      set(x, back, z, frameCell);
      if (border || x === 0 || x === nx - 1) set(x, front, z, frameCell);
    }
  }
  const zTop = nz - 2;
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const index = indices[row * width + col]!;
      if (index < 0) throw new RangeError('Every mosaic cell needs a colour.');
      set(width - col, front, zTop - row, index + 1);
    }
  }
  return {
    grid,
    picture: { x0: width, zTop, y: front, width, height },
    foot: { depth, layers: MOSAIC_FOOT_LAYERS },
  };
}
