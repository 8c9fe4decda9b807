// Parametric voxel templates for Mode B. Each draws a buildable design into a grid: horizontal
// slabs are at least two layers thick and walls rest on the ground, so the block layout can always
// interlock them into one stable piece.

import { type PaletteColourId, paletteIndex } from '../colour/palette';
import { DESIGN_SHAPES } from '../constants';
import { createVoxelGrid, type VoxelGrid } from '../voxel/voxel-grid';

export { DESIGN_SHAPES };

export type DesignShape = (typeof DESIGN_SHAPES)[number];

/** Named parts a colour can be given to, per shape; the first is the body. */
export const SHAPE_PARTS: Record<DesignShape, readonly string[]> = {
  tower: ['walls', 'roof'],
  bench: ['seat', 'legs', 'back'],
  planter: ['walls', 'base'],
  arch: ['pillars', 'top'],
  bridge: ['deck', 'piers', 'railings'],
  shelf: ['sides', 'shelves'],
  pyramid: ['body', 'top'],
  house: ['walls', 'roof', 'door'],
  wall: ['body'],
  stairs: ['body'],
  table: ['top', 'legs'],
  box: ['body'],
};

/** Sizes in cells: width along x, depth along y, height in layers. */
export interface DesignSize {
  width: number;
  depth: number;
  height: number;
}

/** Default proportions, as fractions of the longest side, with the side the size applies to. */
export const SHAPE_DEFAULTS: Record<DesignShape, { width: number; depth: number; height: number }> = {
  tower: { width: 0.35, depth: 0.35, height: 1 },
  bench: { width: 1, depth: 0.3, height: 0.45 },
  planter: { width: 1, depth: 0.6, height: 0.5 },
  arch: { width: 1, depth: 0.25, height: 0.9 },
  bridge: { width: 1, depth: 0.3, height: 0.35 },
  shelf: { width: 0.8, depth: 0.3, height: 1 },
  pyramid: { width: 1, depth: 1, height: 0.5 },
  house: { width: 1, depth: 0.8, height: 0.9 },
  wall: { width: 1, depth: 0.05, height: 0.3 },
  stairs: { width: 0.5, depth: 1, height: 0.6 },
  table: { width: 1, depth: 0.6, height: 0.6 },
  box: { width: 1, depth: 1, height: 1 },
};

/** Smallest sizes at which each template still has its features (openings, legs, slabs). */
export const SHAPE_MINIMUMS: Record<DesignShape, DesignSize> = {
  tower: { width: 3, depth: 3, height: 4 },
  bench: { width: 5, depth: 2, height: 3 },
  planter: { width: 4, depth: 4, height: 3 },
  arch: { width: 5, depth: 1, height: 5 },
  bridge: { width: 7, depth: 3, height: 4 },
  shelf: { width: 4, depth: 2, height: 6 },
  pyramid: { width: 3, depth: 3, height: 2 },
  house: { width: 5, depth: 5, height: 5 },
  wall: { width: 2, depth: 1, height: 2 },
  stairs: { width: 2, depth: 3, height: 2 },
  table: { width: 4, depth: 3, height: 4 },
  box: { width: 1, depth: 1, height: 1 },
};

type Painter = (x: number, y: number, z: number, part: string) => void;

function boxFill(
  paint: Painter,
  part: string,
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
): void {
  for (let z = z0; z <= z1; z++)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) paint(x, y, z, part);
}

const DRAW: Record<DesignShape, (s: DesignSize, paint: Painter) => void> = {
  tower: ({ width: w, depth: d, height: h }, paint) => {
    const roof = Math.min(Math.ceil(Math.min(w, d) / 2), Math.max(1, Math.floor(h / 3)));
    const body = h - roof;
    const wall = Math.min(w, d) >= 6 ? 2 : Math.ceil(Math.min(w, d) / 2);
    for (let z = 0; z < body; z++) {
      for (let y = 0; y < d; y++) {
        for (let x = 0; x < w; x++) {
          const shell = x < wall || y < wall || x >= w - wall || y >= d - wall;
          // A solid floor and a solid ring under the roof keep the hollow shaft tied together.
          if (shell || z < 2 || z >= body - 2) paint(x, y, z, 'walls');
        }
      }
    }
    for (let k = 0; k < roof; k++) boxFill(paint, 'roof', k, k, body + k, w - 1 - k, d - 1 - k, body + k);
  },
  bench: ({ width: w, depth: d, height: h }, paint) => {
    const seatTop = Math.max(2, Math.round(h * 0.55));
    const leg = Math.max(1, Math.min(2, Math.floor(w / 5)));
    boxFill(paint, 'legs', 0, 0, 0, leg - 1, d - 1, seatTop - 3);
    boxFill(paint, 'legs', w - leg, 0, 0, w - 1, d - 1, seatTop - 3);
    boxFill(paint, 'seat', 0, 0, seatTop - 2, w - 1, d - 1, seatTop - 1);
    if (h > seatTop) boxFill(paint, 'back', 0, d - 1, seatTop, w - 1, d - 1, h - 1);
  },
  planter: ({ width: w, depth: d, height: h }, paint) => {
    boxFill(paint, 'base', 0, 0, 0, w - 1, d - 1, 1);
    for (let z = 2; z < h; z++) {
      for (let y = 0; y < d; y++)
        for (let x = 0; x < w; x++)
          if (x === 0 || y === 0 || x === w - 1 || y === d - 1) paint(x, y, z, 'walls');
    }
  },
  arch: ({ width: w, depth: d, height: h }, paint) => {
    const pillar = Math.max(1, Math.floor(w / 4));
    const topThickness = Math.max(2, Math.floor(h / 5));
    const opening = w - 2 * pillar;
    const springLine = h - topThickness;
    for (let z = 0; z < h; z++) {
      for (let x = 0; x < w; x++) {
        const inOpening = x >= pillar && x < w - pillar;
        if (inOpening && z < springLine) {
          // Round the top of the opening with steps so the curve is carried by the layers above.
          const t = (x - pillar + 0.5) / opening - 0.5;
          const rise = Math.min(
            topThickness,
            Math.floor((opening / 2) * (1 - Math.sqrt(Math.max(0, 1 - 4 * t * t)))),
          );
          if (z < springLine - rise) continue;
        }
        for (let y = 0; y < d; y++) paint(x, y, z, inOpening ? 'top' : 'pillars');
      }
    }
  },
  bridge: ({ width: w, depth: d, height: h }, paint) => {
    const pier = Math.max(2, Math.floor(w / 6));
    const deckTop = h - 2;
    boxFill(paint, 'piers', 0, 0, 0, pier - 1, d - 1, deckTop - 2);
    boxFill(paint, 'piers', w - pier, 0, 0, w - 1, d - 1, deckTop - 2);
    boxFill(paint, 'deck', 0, 0, deckTop - 1, w - 1, d - 1, deckTop);
    boxFill(paint, 'railings', 0, 0, deckTop + 1, w - 1, 0, h - 1);
    boxFill(paint, 'railings', 0, d - 1, deckTop + 1, w - 1, d - 1, h - 1);
  },
  shelf: ({ width: w, depth: d, height: h }, paint) => {
    boxFill(paint, 'sides', 0, 0, 0, 0, d - 1, h - 1);
    boxFill(paint, 'sides', w - 1, 0, 0, w - 1, d - 1, h - 1);
    const boards = Math.max(2, Math.floor(h / 5));
    for (let b = 0; b < boards; b++) {
      const z = b === boards - 1 ? h - 2 : Math.round((b * (h - 2)) / (boards - 1));
      boxFill(paint, 'shelves', 1, 0, z, w - 2, d - 1, z + 1);
    }
  },
  pyramid: ({ width: w, depth: d, height: h }, paint) => {
    for (let z = 0; z < h; z++) {
      const inset = Math.floor((z * Math.min(w, d)) / (2 * h));
      if (inset * 2 >= Math.min(w, d)) break;
      boxFill(paint, z === h - 1 ? 'top' : 'body', inset, inset, z, w - 1 - inset, d - 1 - inset, z);
    }
  },
  house: ({ width: w, depth: d, height: h }, paint) => {
    const roofLayers = Math.min(Math.ceil(d / 2), Math.max(2, Math.floor(h / 2)));
    const wallTop = h - roofLayers;
    const doorWidth = Math.max(1, Math.min(2, w - 4));
    const doorHeight = Math.max(1, Math.min(wallTop - 2, Math.round(wallTop * 0.6)));
    const doorX = Math.floor((w - doorWidth) / 2);
    for (let z = 0; z < wallTop; z++) {
      for (let y = 0; y < d; y++) {
        for (let x = 0; x < w; x++) {
          const onWall = x === 0 || y === 0 || x === w - 1 || y === d - 1;
          if (!onWall && z < wallTop - 1) continue;
          const door = y === 0 && x >= doorX && x < doorX + doorWidth && z < doorHeight;
          if (!door) paint(x, y, z, z === wallTop - 1 && !onWall ? 'roof' : 'walls');
        }
      }
    }
    for (let k = 0; k < roofLayers; k++)
      boxFill(paint, 'roof', 0, k, wallTop + k, w - 1, d - 1 - k, wallTop + k);
  },
  wall: ({ width: w, depth: d, height: h }, paint) => boxFill(paint, 'body', 0, 0, 0, w - 1, d - 1, h - 1),
  stairs: ({ width: w, depth: d, height: h }, paint) => {
    for (let y = 0; y < d; y++) {
      const top = Math.max(0, Math.min(h - 1, Math.floor(((y + 1) * h) / d) - 1));
      boxFill(paint, 'body', 0, y, 0, w - 1, y, top);
    }
  },
  table: ({ width: w, depth: d, height: h }, paint) => {
    const leg = Math.max(1, Math.floor(Math.min(w, d) / 6));
    for (const [x0, y0] of [
      [0, 0],
      [w - leg, 0],
      [0, d - leg],
      [w - leg, d - leg],
    ] as const) {
      boxFill(paint, 'legs', x0, y0, 0, x0 + leg - 1, y0 + leg - 1, h - 3);
    }
    boxFill(paint, 'top', 0, 0, h - 2, w - 1, d - 1, h - 1);
  },
  box: ({ width: w, depth: d, height: h }, paint) => boxFill(paint, 'body', 0, 0, 0, w - 1, d - 1, h - 1),
};

export function drawDesign(
  shape: DesignShape,
  size: DesignSize,
  colours: Record<string, PaletteColourId>,
  body: PaletteColourId,
): VoxelGrid {
  const grid = createVoxelGrid(size.width, size.depth, size.height);
  const [nx, ny, nz] = grid.dims;
  const paint: Painter = (x, y, z, part) => {
    if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) return;
    grid.cells[x + nx * (y + ny * z)] = paletteIndex(colours[part] ?? body) + 1;
  };
  DRAW[shape](size, paint);
  let filled = 0;
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i] !== 0) filled++;
  grid.stats.filledCells = filled;
  return grid;
}
