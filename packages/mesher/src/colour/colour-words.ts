/**
 * Everyday colour words and what they mean on the palette ("navy" is dark blue, "wooden" brown),
 * for reading prompts. A palette colour's own id (`red`, `light-grey`) is read as itself.
 */
import { isPaletteColourId, type PaletteColourId } from './palette';

const COLOUR_WORDS: Readonly<Record<string, PaletteColourId>> = Object.freeze({
  grey: 'light-grey',
  gray: 'light-grey',
  silver: 'light-grey',
  navy: 'dark-blue',
  gold: 'yellow',
  golden: 'yellow',
  beige: 'tan',
  sand: 'tan',
  cream: 'tan',
  maroon: 'dark-red',
  crimson: 'red',
  violet: 'purple',
  magenta: 'purple',
  rose: 'pink',
  teal: 'dark-green',
  olive: 'dark-green',
  sky: 'light-blue',
  aqua: 'light-blue',
  wooden: 'brown',
  wood: 'brown',
  stone: 'dark-grey',
  charcoal: 'dark-grey',
});

/** The palette colour a lower-case word names, or null. */
export function colourOfWord(word: string): PaletteColourId | null {
  if (isPaletteColourId(word)) return word;
  return Object.hasOwn(COLOUR_WORDS, word) ? (COLOUR_WORDS[word] as PaletteColourId) : null;
}
