/**
 * The block colours on sale, for drawing kits and for swatches. The mesher owns the palette; the
 * app does not bundle the mesher, so the colours are written here and the compiler holds them to
 * the mesher's: a colour added, removed or changed there fails the typecheck until it is here too.
 */
import type { PALETTE, PaletteColourId } from '@kitwright/mesher';

type MesherPalette = { readonly [C in (typeof PALETTE)[number] as C['id']]: C['hex'] };

export const PALETTE_HEX = {
  white: '#F4F4F4',
  'light-grey': '#A0A5A9',
  'dark-grey': '#6C6E68',
  black: '#1B2A34',
  red: '#C91A09',
  'dark-red': '#720E0F',
  orange: '#FE8A18',
  yellow: '#F2CD37',
  tan: '#E4CD9E',
  brown: '#583927',
  lime: '#BBE90B',
  green: '#237841',
  'dark-green': '#184632',
  'light-blue': '#9FC3E9',
  blue: '#0055BF',
  'dark-blue': '#0A3463',
  purple: '#81007B',
  pink: '#FC97AC',
} as const satisfies MesherPalette;

/** The colour of a palette id, or undefined for a colour this app does not know. */
export function paletteHex(colour: string): string | undefined {
  return (PALETTE_HEX as Record<string, string>)[colour];
}

export type { PaletteColourId };
