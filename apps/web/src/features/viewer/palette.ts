/** The block colours on sale, for drawing kits and for swatches: the mesher's palette. */
import { PALETTE, type PaletteColourId } from '@kitwright/mesher/constants';

const HEX: ReadonlyMap<string, string> = new Map(PALETTE.map((c) => [c.id, c.hex]));

/** The colour of a palette id, or undefined for a colour this app does not know. */
export function paletteHex(colour: string): string | undefined {
  return HEX.get(colour);
}

export type { PaletteColourId };
