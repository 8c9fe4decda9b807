// A silhouette relief: the picture's subject separated from its background and extruded upwards,
// lying on its back so it cannot tip. The subject is the opaque part of a picture with transparency,
// or else everything the background colour (estimated from the picture's border) does not reach
// by flooding in from the border. Only the largest connected part is kept, so the kit is one piece.
// The body is one colour (the subject's most common palette colour), laid in at least two
// staggered layers; the top layer carries the picture's colours.

import type { PaletteColourId } from '../colour/palette';
import { PALETTE } from '../colour/palette';
import { createVoxelGrid, type VoxelGrid } from '../voxel/voxel-grid';
import { type CellSamples, cellLab, deltaE } from './reference-image';

/** A cell is the picture's own when at least half its pixels are opaque. */
const OPAQUE_COVERAGE = 0.5;
/** Transparency decides when at least this share of the cells is transparent. */
const ALPHA_SHARE = 0.02;
/** deltaE within which a cell is taken for the background (a just-noticeable 2.3 is far too tight for photos). */
export const BACKGROUND_DELTA_E = 18;

export interface SubjectMask {
  mask: Uint8Array;
  method: 'alpha' | 'border';
  /** The background colour estimated from the border (sRGB hex), for method 'border'. */
  background: string | null;
  /** Subject cells left out because they were not joined to the largest part. */
  droppedCells: number;
  cells: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function hexOf(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** Keeps the largest 4-connected group of set cells; answers how many set cells it dropped. */
function keepLargestPart(mask: Uint8Array, width: number, height: number): number {
  const label = new Int32Array(mask.length).fill(-1);
  const sizes: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start] !== -1) continue;
    const id = sizes.length;
    let size = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const cell = stack.pop()!;
      size++;
      const x = cell % width;
      const y = (cell - x) / width;
      const next = [x > 0 ? cell - 1 : -1, x < width - 1 ? cell + 1 : -1, y > 0 ? cell - width : -1];
      next.push(y < height - 1 ? cell + width : -1);
      for (const n of next) {
        if (n >= 0 && mask[n] && label[n] === -1) {
          label[n] = id;
          stack.push(n);
        }
      }
    }
    sizes.push(size);
  }
  if (sizes.length <= 1) return 0;
  let largest = 0;
  for (let i = 1; i < sizes.length; i++) if (sizes[i]! > sizes[largest]!) largest = i;
  let dropped = 0;
  for (let cell = 0; cell < mask.length; cell++) {
    if (mask[cell] && label[cell] !== largest) {
      mask[cell] = 0;
      dropped++;
    }
  }
  return dropped;
}

/** Separates the subject from the background (see the file's header). */
export function subjectMask(samples: CellSamples): SubjectMask {
  const { width, height, coverage } = samples;
  const n = width * height;
  const mask = new Uint8Array(n);
  let transparent = 0;
  for (let cell = 0; cell < n; cell++) if (coverage[cell]! < OPAQUE_COVERAGE) transparent++;
  let method: SubjectMask['method'];
  let background: string | null = null;
  if (transparent >= ALPHA_SHARE * n) {
    method = 'alpha';
    for (let cell = 0; cell < n; cell++) mask[cell] = coverage[cell]! >= OPAQUE_COVERAGE ? 1 : 0;
  } else {
    method = 'border';
    const border: number[] = [];
    for (let x = 0; x < width; x++) border.push(x, (height - 1) * width + x);
    for (let y = 1; y < height - 1; y++) border.push(y * width, y * width + width - 1);
    const channel = (k: number) => median(border.map((cell) => samples.rgb[cell * 3 + k]!));
    const bgRgb = [channel(0), channel(1), channel(2)] as const;
    background = hexOf(...bgRgb);
    const lab = Array.from({ length: n }, (_, cell) => cellLab(samples, cell));
    const bgLab = cellLab(
      { width: 1, height: 1, rgb: Float64Array.from(bgRgb), coverage: Float64Array.of(1) },
      0,
    );
    const isBackground = new Uint8Array(n);
    const stack = border.filter((cell) => deltaE(lab[cell]!, bgLab) < BACKGROUND_DELTA_E);
    for (const cell of stack) isBackground[cell] = 1;
    while (stack.length > 0) {
      const cell = stack.pop()!;
      const x = cell % width;
      const y = (cell - x) / width;
      const next = [x > 0 ? cell - 1 : -1, x < width - 1 ? cell + 1 : -1, y > 0 ? cell - width : -1];
      next.push(y < height - 1 ? cell + width : -1);
      for (const m of next) {
        if (m >= 0 && !isBackground[m] && deltaE(lab[m]!, bgLab) < BACKGROUND_DELTA_E) {
          isBackground[m] = 1;
          stack.push(m);
        }
      }
    }
    for (let cell = 0; cell < n; cell++) mask[cell] = isBackground[cell] ? 0 : 1;
  }
  const droppedCells = keepLargestPart(mask, width, height);
  let cells = 0;
  for (let cell = 0; cell < n; cell++) cells += mask[cell]!;
  return { mask, method, background, droppedCells, cells };
}

/** The subject's most common palette colour (ties to the lower palette index). */
export function bodyColour(indices: Int16Array): PaletteColourId {
  const counts = new Array<number>(PALETTE.length).fill(0);
  for (const index of indices) if (index >= 0) counts[index]!++;
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
  return PALETTE[best]!.id;
}

/**
 * Draws the relief: `indices` row by row from the picture's top-left, -1 outside the subject;
 * `depth` layers in all, the top one in the picture's colours, the rest in `body`. The picture's
 * top row is at the largest y, so it reads upright from above.
 */
export function drawRelief(
  indices: Int16Array,
  width: number,
  height: number,
  depth: number,
  body: number,
): VoxelGrid {
  const grid = createVoxelGrid(width, height, depth);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const index = indices[row * width + col]!;
      if (index < 0) continue;
      const y = height - 1 - row;
      for (let z = 0; z < depth; z++)
        grid.cells[col + width * (y + height * z)] = z === depth - 1 ? index + 1 : body + 1;
    }
  }
  return grid;
}
