// A reference picture (photo or drawing) as the mesher reads it: decoded RGBA pixels, cropped to an
// aspect, averaged down to one sample per cell, and quantised to the block palette in CIELAB
// (nearest by deltaE 1976), optionally with Floyd–Steinberg error diffusion in Lab.

import { labOf, PALETTE_LAB } from '../colour/palette';

/** Decoded pixels: 4 bytes (R, G, B, A) per pixel, row by row from the top-left. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** One sample per cell: mean sRGB colour and coverage (mean alpha, 0–1), row by row from the top. */
export interface CellSamples {
  width: number;
  height: number;
  /** 3 floats (R, G, B in 0–255, alpha-weighted means) per cell. */
  rgb: Float64Array;
  /** Mean alpha per cell, 0–1. */
  coverage: Float64Array;
}

/** Which part of the picture is used: a centred window of the given aspect (width / height). */
export interface CropWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function assertRgbaImage(image: RgbaImage): void {
  if (
    !Number.isInteger(image.width) ||
    !Number.isInteger(image.height) ||
    image.width < 1 ||
    image.height < 1
  )
    throw new RangeError('The picture has no pixels.');
  if (image.data.length !== image.width * image.height * 4)
    throw new RangeError(
      `The picture's data holds ${image.data.length} bytes, not 4 × ${image.width} × ${image.height}.`,
    );
}

/** The largest centred window of the picture with the given aspect (width / height). */
export function centredCrop(width: number, height: number, aspect: number): CropWindow {
  if (width / height > aspect) {
    const w = Math.max(1, Math.round(height * aspect));
    return { x: Math.floor((width - w) / 2), y: 0, width: w, height };
  }
  const h = Math.max(1, Math.round(width / aspect));
  return { x: 0, y: Math.floor((height - h) / 2), width, height: h };
}

/**
 * Averages the window down to `cols` × `rows` cells (a box filter: every source pixel counts
 * towards exactly one cell, colours weighted by their alpha so transparent pixels add no colour).
 */
export function sampleCells(image: RgbaImage, window: CropWindow, cols: number, rows: number): CellSamples {
  assertRgbaImage(image);
  const rgb = new Float64Array(cols * rows * 3);
  const alpha = new Float64Array(cols * rows);
  const count = new Float64Array(cols * rows);
  const colOf = new Int32Array(window.width);
  for (let i = 0; i < window.width; i++) colOf[i] = Math.min(cols - 1, Math.floor((i * cols) / window.width));
  const { data, width } = image;
  for (let j = 0; j < window.height; j++) {
    const row = Math.min(rows - 1, Math.floor((j * rows) / window.height));
    let p = ((window.y + j) * width + window.x) * 4;
    for (let i = 0; i < window.width; i++, p += 4) {
      const cell = row * cols + colOf[i]!;
      const a = data[p + 3]! / 255;
      rgb[cell * 3]! += data[p]! * a;
      rgb[cell * 3 + 1]! += data[p + 1]! * a;
      rgb[cell * 3 + 2]! += data[p + 2]! * a;
      alpha[cell]! += a;
      count[cell]! += 1;
    }
  }
  const coverage = new Float64Array(cols * rows);
  for (let cell = 0; cell < cols * rows; cell++) {
    const a = alpha[cell]!;
    if (a > 0) {
      rgb[cell * 3]! /= a;
      rgb[cell * 3 + 1]! /= a;
      rgb[cell * 3 + 2]! /= a;
    }
    coverage[cell] = count[cell]! > 0 ? a / count[cell]! : 0;
  }
  return { width: cols, height: rows, rgb, coverage };
}

export function cellLab(samples: CellSamples, cell: number): [number, number, number] {
  return labOf(
    Math.round(samples.rgb[cell * 3]!),
    Math.round(samples.rgb[cell * 3 + 1]!),
    Math.round(samples.rgb[cell * 3 + 2]!),
  );
}

export function deltaE(a: readonly number[], b: readonly number[]): number {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

function nearestPalette(l: number, a: number, b: number): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < PALETTE_LAB.length; i++) {
    const p = PALETTE_LAB[i]!;
    const d = (p[0] - l) ** 2 + (p[1] - a) ** 2 + (p[2] - b) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  }
  return best;
}

export interface Quantised {
  /** Palette index per cell; -1 where the mask leaves the cell out. */
  indices: Int16Array;
  /** deltaE between each kept cell's own colour and the palette colour it got (0 where left out). */
  error: Float64Array;
}

/**
 * Each cell (where `mask` is set, or every cell without a mask) to its nearest palette colour by
 * deltaE. With dithering, what a cell's choice misses (in Lab) is passed on to the cells right and
 * below it in Floyd–Steinberg's 7/16, 3/16, 5/16, 1/16 shares, so areas between two palette colours
 * come out as a mix of both rather than all one.
 */
export function quantiseCells(samples: CellSamples, dithering: boolean, mask?: Uint8Array): Quantised {
  const { width, height } = samples;
  const n = width * height;
  const lab = new Float64Array(n * 3);
  for (let cell = 0; cell < n; cell++) {
    const [l, a, b] = cellLab(samples, cell);
    lab[cell * 3] = l;
    lab[cell * 3 + 1] = a;
    lab[cell * 3 + 2] = b;
  }
  const original = lab.slice();
  const indices = new Int16Array(n).fill(-1);
  const error = new Float64Array(n);
  const spread = (x: number, y: number, e: readonly number[], share: number) => {
    if (x < 0 || x >= width || y >= height) return;
    const cell = y * width + x;
    if (mask && !mask[cell]) return;
    lab[cell * 3]! += e[0]! * share;
    lab[cell * 3 + 1]! += e[1]! * share;
    lab[cell * 3 + 2]! += e[2]! * share;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      if (mask && !mask[cell]) continue;
      const l = lab[cell * 3]!;
      const a = lab[cell * 3 + 1]!;
      const b = lab[cell * 3 + 2]!;
      const index = nearestPalette(l, a, b);
      indices[cell] = index;
      const p = PALETTE_LAB[index]!;
      error[cell] = deltaE([original[cell * 3]!, original[cell * 3 + 1]!, original[cell * 3 + 2]!], p);
      if (!dithering) continue;
      const e = [l - p[0], a - p[1], b - p[2]];
      spread(x + 1, y, e, 7 / 16);
      spread(x - 1, y + 1, e, 3 / 16);
      spread(x, y + 1, e, 5 / 16);
      spread(x + 1, y + 1, e, 1 / 16);
    }
  }
  return { indices, error };
}
