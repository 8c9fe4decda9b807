// The block colours on sale, and nearest-colour matching in CIELAB so model colours land on the
// block a person would pick by eye rather than the nearest RGB triple.

import { srgbByteToLinear } from './srgb';

export interface PaletteColour {
  id: string;
  name: string;
  hex: string;
}

export const PALETTE = [
  { id: 'white', name: 'White', hex: '#F4F4F4' },
  { id: 'light-grey', name: 'Light grey', hex: '#A0A5A9' },
  { id: 'dark-grey', name: 'Dark grey', hex: '#6C6E68' },
  { id: 'black', name: 'Black', hex: '#1B2A34' },
  { id: 'red', name: 'Red', hex: '#C91A09' },
  { id: 'dark-red', name: 'Dark red', hex: '#720E0F' },
  { id: 'orange', name: 'Orange', hex: '#FE8A18' },
  { id: 'yellow', name: 'Yellow', hex: '#F2CD37' },
  { id: 'tan', name: 'Tan', hex: '#E4CD9E' },
  { id: 'brown', name: 'Brown', hex: '#583927' },
  { id: 'lime', name: 'Lime', hex: '#BBE90B' },
  { id: 'green', name: 'Green', hex: '#237841' },
  { id: 'dark-green', name: 'Dark green', hex: '#184632' },
  { id: 'light-blue', name: 'Light blue', hex: '#9FC3E9' },
  { id: 'blue', name: 'Blue', hex: '#0055BF' },
  { id: 'dark-blue', name: 'Dark blue', hex: '#0A3463' },
  { id: 'purple', name: 'Purple', hex: '#81007B' },
  { id: 'pink', name: 'Pink', hex: '#FC97AC' },
] as const satisfies readonly PaletteColour[];

export type PaletteColourId = (typeof PALETTE)[number]['id'];

/** Colour used when a model has no colours and none was chosen. */
export const DEFAULT_COLOUR: PaletteColourId = 'light-grey';

/**
 * The sRGB a triangle takes when its file colours other parts of the mesh but not it (a 3MF object
 * without a material, an OBJ face whose corners have no colour, PLY strips beside coloured faces).
 */
export const UNCOLOURED_RGB: readonly [number, number, number] = [200, 200, 200];

export function isPaletteColourId(value: string): value is PaletteColourId {
  return PALETTE.some((c) => c.id === value);
}

export function paletteIndex(id: PaletteColourId): number {
  return PALETTE.findIndex((c) => c.id === id);
}

export function paletteColourAt(index: number): (typeof PALETTE)[number] {
  const colour = PALETTE[index];
  if (!colour) throw new RangeError(`No palette colour at index ${index}`);
  return colour;
}

/** CIELAB (D65) of an sRGB colour given as bytes. */
export function labOf(r: number, g: number, b: number): [number, number, number] {
  const lr = srgbByteToLinear(r);
  const lg = srgbByteToLinear(g);
  const lb = srgbByteToLinear(b);
  const x = (0.4124 * lr + 0.3576 * lg + 0.1805 * lb) / 0.95047;
  const y = 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
  const z = (0.0193 * lr + 0.1192 * lg + 0.9505 * lb) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Each palette colour in CIELAB, in palette order. */
export const PALETTE_LAB: readonly (readonly [number, number, number])[] = PALETTE.map((c) =>
  labOf(...hexToRgb(c.hex)),
);

/** Maps sRGB bytes to the nearest palette index; results are cached per distinct colour. */
export class PaletteMatcher {
  private readonly cache = new Map<number, number>();
  match(r: number, g: number, b: number): number {
    const key = (r << 16) | (g << 8) | b;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const [l, a, bb] = labOf(r, g, b);
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < PALETTE_LAB.length; i++) {
      const p = PALETTE_LAB[i]!;
      const d = (p[0] - l) ** 2 + (p[1] - a) ** 2 + (p[2] - bb) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    this.cache.set(key, best);
    return best;
  }
}
