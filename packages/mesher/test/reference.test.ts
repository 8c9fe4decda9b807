// Reference pictures into mosaics and reliefs, on synthetic pictures whose answer is known.

import { describe, expect, it } from 'vitest';
import { hexToRgb, labOf, PALETTE } from '../src/colour/palette';
import { generateFromReference, REFERENCE_LIMITS, ReferenceFailure, type RgbaImage } from '../src/index';
import { MOSAIC_FOOT_LAYERS, mosaicFootDepth } from '../src/reference/mosaic';
import { centredCrop, quantiseCells, sampleCells } from '../src/reference/reference-image';
import { createRandom } from './helpers/prng';

type Rgba = [number, number, number, number];

function picture(width: number, height: number, colourAt: (x: number, y: number) => Rgba): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) data.set(colourAt(x, y), (y * width + x) * 4);
  return { width, height, data };
}

function paletteRgba(id: string): Rgba {
  const colour = PALETTE.find((c) => c.id === id)!;
  return [...hexToRgb(colour.hex), 255];
}

const index = (id: string) => PALETTE.findIndex((c) => c.id === id) + 1;

/** A photo-like picture: smooth gradients, a bright disc and per-pixel noise. */
function photoLike(width: number, height: number, seed: number): RgbaImage {
  const random = createRandom(seed);
  return picture(width, height, (x, y) => {
    const u = x / width;
    const v = y / height;
    const disc = (u - 0.6) ** 2 + (v - 0.4) ** 2 < 0.04;
    const noise = () => Math.floor(random() * 24) - 12;
    const clamp = (n: number) => Math.max(0, Math.min(255, n));
    if (disc) return [clamp(240 + noise()), clamp(200 + noise()), clamp(60 + noise()), 255];
    return [clamp(40 + 150 * v + noise()), clamp(90 + 80 * u + noise()), clamp(200 - 120 * v + noise()), 255];
  });
}

function cellAt(
  grid: { dims: [number, number, number]; cells: Uint8Array },
  x: number,
  y: number,
  z: number,
) {
  const [nx, ny] = grid.dims;
  return grid.cells[x + nx * (y + ny * z)]!;
}

describe('mosaic', () => {
  it('puts palette colours of the picture on exactly those blocks, at the front, the right way up', () => {
    // Left half red, right half blue; the top quarter yellow across.
    const image = picture(64, 32, (x, y) =>
      y < 8 ? paletteRgba('yellow') : x < 32 ? paletteRgba('red') : paletteRgba('blue'),
    );
    const out = generateFromReference(image, { kind: 'mosaic', width: 16, dithering: false });
    expect(out.reference.height).toBe(8);
    expect(out.reference.mean_delta_e).toBe(0);
    expect(out.grid.dims[0]).toBe(18);
    const counts = Object.fromEntries(out.reference.colours.map((c) => [c.id, c.cells]));
    expect(counts).toEqual({ yellow: 32, red: 48, blue: 48 });
    expect(out.status).toBe('success');
  });

  it('reads the picture from the front unmirrored, two cells deep, in a frame on a foot', () => {
    const image = picture(32, 16, (x) => (x < 16 ? paletteRgba('red') : paletteRgba('blue')));
    const out = generateFromReference(image, { kind: 'mosaic', width: 16, dithering: false });
    const g = out.grid;
    const [nx, ny, nz] = g.dims;
    const black = index('black');
    expect([nx, ny, nz]).toEqual([18, mosaicFootDepth(8), MOSAIC_FOOT_LAYERS + 8 + 2]);
    const plate = [ny / 2 - 1, ny / 2];
    // The foot: every cell of its two layers.
    for (let z = 0; z < MOSAIC_FOOT_LAYERS; z++)
      for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) expect(cellAt(g, x, y, z)).toBe(black);
    for (const y of plate) {
      // The frame, all around.
      for (let x = 0; x < nx; x++) {
        expect(cellAt(g, x, y, MOSAIC_FOOT_LAYERS)).toBe(black);
        expect(cellAt(g, x, y, nz - 1)).toBe(black);
      }
      for (let z = MOSAIC_FOOT_LAYERS; z < nz; z++) {
        expect(cellAt(g, 0, y, z)).toBe(black);
        expect(cellAt(g, nx - 1, y, z)).toBe(black);
      }
      // Seen from the front (−y), x grows to the right: the picture's left half (red) is at low x.
      for (let z = MOSAIC_FOOT_LAYERS + 1; z < nz - 1; z++) {
        for (let x = 1; x <= 8; x++) expect(cellAt(g, x, y, z)).toBe(index('red'));
        for (let x = 9; x <= 16; x++) expect(cellAt(g, x, y, z)).toBe(index('blue'));
      }
    }
    // Nothing else above the foot.
    for (let z = MOSAIC_FOOT_LAYERS; z < nz; z++)
      for (let y = 0; y < ny; y++)
        if (!plate.includes(y)) for (let x = 0; x < nx; x++) expect(cellAt(g, x, y, z)).toBe(0);
    expect(out.buildReport.buildable).toBe(true);
    expect(out.buildReport.checks.connected.components).toBe(1);
    expect(out.kit.metrics.stability).toBe('stable');
  });

  it('draws the picture’s top at the top', () => {
    const image = picture(16, 16, (_x, y) => (y < 8 ? paletteRgba('yellow') : paletteRgba('green')));
    const g = generateFromReference(image, { kind: 'mosaic', width: 16, dithering: false }).grid;
    const y = g.dims[1] / 2;
    expect(cellAt(g, 5, y, g.dims[2] - 2)).toBe(index('yellow'));
    expect(cellAt(g, 5, y, MOSAIC_FOOT_LAYERS + 1)).toBe(index('green'));
  });

  it('matches by deltaE in CIELAB, not by RGB distance', () => {
    // Find a colour whose nearest palette entry differs between RGB and Lab distance.
    const rgbNearest = (r: number, g: number, b: number) => {
      let best = 0;
      let bestD = Infinity;
      PALETTE.forEach((c, i) => {
        const [pr, pg, pb] = hexToRgb(c.hex);
        const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
        if (d < bestD) [best, bestD] = [i, d];
      });
      return best;
    };
    const labNearest = (r: number, g: number, b: number) => {
      const l = labOf(r, g, b);
      let best = 0;
      let bestD = Infinity;
      PALETTE.forEach((c, i) => {
        const p = labOf(...hexToRgb(c.hex));
        const d = (p[0] - l[0]) ** 2 + (p[1] - l[1]) ** 2 + (p[2] - l[2]) ** 2;
        if (d < bestD) [best, bestD] = [i, d];
      });
      return best;
    };
    let found: [number, number, number] | null = null;
    for (let r = 0; r < 256 && !found; r += 17)
      for (let g = 0; g < 256 && !found; g += 17)
        for (let b = 0; b < 256 && !found; b += 17)
          if (rgbNearest(r, g, b) !== labNearest(r, g, b)) found = [r, g, b];
    expect(found).not.toBeNull();
    const [r, g, b] = found!;
    const out = generateFromReference(
      picture(16, 16, () => [r, g, b, 255]),
      { kind: 'mosaic', width: 16, dithering: false },
    );
    expect(out.reference.colours).toEqual([{ id: PALETTE[labNearest(r, g, b)]!.id, cells: 256 }]);
  });

  it('with dithering mixes neighbouring palette colours, so the area averages closer to the picture', () => {
    // Halfway (in RGB) between white and light grey: one colour without dithering.
    const [w, l] = [hexToRgb('#F4F4F4'), hexToRgb('#A0A5A9')];
    const mid: Rgba = [(w[0] + l[0]) >> 1, (w[1] + l[1]) >> 1, (w[2] + l[2]) >> 1, 255];
    const image = picture(32, 32, () => mid);
    const samples = sampleCells(image, centredCrop(32, 32, 1), 32, 32);
    const plain = quantiseCells(samples, false);
    const dithered = quantiseCells(samples, true);
    expect(new Set(plain.indices).size).toBe(1);
    expect(new Set(dithered.indices).size).toBeGreaterThan(1);
    const target = labOf(mid[0], mid[1], mid[2]);
    const meanLab = (indices: Int16Array) => {
      const sum = [0, 0, 0];
      for (const i of indices) {
        const p = labOf(...hexToRgb(PALETTE[i]!.hex));
        for (let k = 0; k < 3; k++) sum[k]! += p[k]!;
      }
      return sum.map((s) => s / indices.length);
    };
    const miss = (indices: Int16Array) => Math.hypot(...meanLab(indices).map((v, k) => v - target[k]!));
    // Dithering spreads the error: each cell may be further off, the area as a whole is nearer.
    expect(miss(dithered.indices)).toBeLessThan(miss(plain.indices) / 4);
    const meanCellError = (e: Float64Array) => e.reduce((a, b) => a + b, 0) / e.length;
    expect(meanCellError(dithered.error)).toBeGreaterThanOrEqual(meanCellError(plain.error));
  });

  it('builds a standing, one-piece kit from a photo-sized picture at 32×32 and 64×64', () => {
    const photo = photoLike(1200, 900, 7);
    for (const width of [32, 64]) {
      for (const dithering of [false, true]) {
        const out = generateFromReference(photo, { kind: 'mosaic', width, aspect: 'square', dithering });
        expect(out.reference.height).toBe(width);
        expect(out.reference.crop).toEqual({ x: 150, y: 0, width: 900, height: 900 });
        expect(out.buildReport.problems).toEqual([]);
        expect(out.status).toBe('success');
        expect(out.buildReport.checks.connected.components).toBe(1);
        expect(out.reference.colours.length).toBeGreaterThan(3);
      }
    }
  });

  it('keeps the picture aspect, and cuts it when the rows would pass the limit', () => {
    const tall = picture(100, 400, () => paletteRgba('green'));
    const out = generateFromReference(tall, { kind: 'mosaic', width: 32, dithering: false });
    expect(out.reference.height).toBe(REFERENCE_LIMITS.maxHeight);
    expect(out.reference.crop).toEqual({ x: 0, y: 100, width: 100, height: 200 });
    expect(out.reference.notes.join(' ')).toMatch(/cut to 32×64/);
  });

  it('is deterministic', () => {
    const photo = photoLike(300, 200, 3);
    const a = generateFromReference(photo, { kind: 'mosaic', width: 24, dithering: true });
    const b = generateFromReference(photo, { kind: 'mosaic', width: 24, dithering: true });
    expect(JSON.stringify(a.kit)).toBe(JSON.stringify(b.kit));
    expect(a.previewSvg).toBe(b.previewSvg);
  });
});

describe('relief', () => {
  it('extrudes the opaque part of a transparent picture to the chosen depth, coloured on top', () => {
    // A red disc of radius 12 on a transparent 32×32 canvas, one cell per pixel.
    const inside = (x: number, y: number) => (x - 15.5) ** 2 + (y - 15.5) ** 2 <= 144;
    const image = picture(32, 32, (x, y) => (inside(x, y) ? paletteRgba('red') : [0, 0, 0, 0]));
    const out = generateFromReference(image, { kind: 'relief', width: 32, depth: 5, dithering: false });
    expect(out.reference.subject?.method).toBe('alpha');
    const g = out.grid;
    expect(g.dims).toEqual([32, 32, 5]);
    let subject = 0;
    for (let row = 0; row < 32; row++) {
      for (let col = 0; col < 32; col++) {
        const y = 31 - row;
        for (let z = 0; z < 5; z++) expect(cellAt(g, col, y, z) !== 0).toBe(inside(col, row));
        if (inside(col, row)) {
          subject++;
          expect(cellAt(g, col, y, 4)).toBe(index('red'));
        }
      }
    }
    expect(out.reference.subject?.cells).toBe(subject);
    expect(out.buildReport.problems).toEqual([]);
    expect(out.buildReport.checks.connected.components).toBe(1);
  });

  it('finds the subject of an opaque picture from its border colour, and keeps one piece', () => {
    // A blue L on white, a small blue speck apart from it, and a white hole inside the L's corner
    // that the border cannot reach (it stays part of the subject).
    const image = picture(40, 40, (x, y) => {
      const l = (x >= 8 && x < 16 && y >= 6 && y < 34) || (x >= 8 && x < 30 && y >= 26 && y < 34);
      const speck = x >= 34 && x < 37 && y >= 3 && y < 6;
      const hole = x >= 10 && x < 13 && y >= 28 && y < 31;
      if (hole) return paletteRgba('white');
      return l || speck ? paletteRgba('blue') : paletteRgba('white');
    });
    const out = generateFromReference(image, { kind: 'relief', width: 20, depth: 3, dithering: false });
    expect(out.reference.subject).toMatchObject({ method: 'border', background: '#F4F4F4' });
    expect(out.reference.subject?.dropped_cells).toBeGreaterThan(0);
    const g = out.grid;
    // The speck's cells (x 17–18, rows 1–2) are gone; the L's are there; the hole is filled.
    expect(cellAt(g, 17, 20 - 1 - 2, 0)).toBe(0);
    expect(cellAt(g, 5, 20 - 1 - 10, 0)).not.toBe(0);
    expect(cellAt(g, 5, 20 - 1 - 14, 2)).not.toBe(0);
    // Background stays empty.
    expect(cellAt(g, 0, 0, 0)).toBe(0);
    expect(out.buildReport.checks.connected.components).toBe(1);
    expect(out.status).toBe('success');
  });

  it('refuses a picture with no subject', () => {
    const flat = picture(64, 64, () => paletteRgba('tan'));
    expect(() =>
      generateFromReference(flat, { kind: 'relief', width: 16, depth: 3, dithering: false }),
    ).toThrow(ReferenceFailure);
  });
});

describe('options', () => {
  it.each([
    { kind: 'mosaic' as const, width: REFERENCE_LIMITS.minWidth - 1 },
    { kind: 'mosaic' as const, width: REFERENCE_LIMITS.maxWidth + 1 },
    { kind: 'mosaic' as const, width: 20.5 },
    { kind: 'relief' as const, width: 20, depth: REFERENCE_LIMITS.minDepth - 1 },
    { kind: 'relief' as const, width: 20, depth: REFERENCE_LIMITS.maxDepth + 1 },
  ])('refuses %o', (options) => {
    const image = picture(8, 8, () => paletteRgba('red'));
    expect(() => generateFromReference(image, options)).toThrow(/must be/);
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() =>
      generateFromReference({ width: 4, height: 4, data: new Uint8Array(10) }, { kind: 'mosaic', width: 16 }),
    ).toThrow(RangeError);
  });
});
