/**
 * Everyday colour words and what they mean on the palette ("navy" is dark blue, "wooden" brown),
 * for reading prompts. A palette colour's own id (`red`, `light-grey`) is read as itself, and so is
 * its name with a tone in front ("dark grey", "light-blue"): `joinColourPhrases` makes those one
 * word ("darkgrey") before the prompt is split into words, so the tone is never read on its own.
 */
import { isPaletteColourId, type PaletteColourId } from './palette';

const COLOUR_WORDS: Readonly<Record<string, PaletteColourId>> = Object.freeze({
  grey: 'light-grey',
  gray: 'light-grey',
  silver: 'light-grey',
  silvery: 'light-grey',
  navy: 'dark-blue',
  gold: 'yellow',
  golden: 'yellow',
  beige: 'tan',
  sand: 'tan',
  sandy: 'tan',
  cream: 'tan',
  maroon: 'dark-red',
  burgundy: 'dark-red',
  crimson: 'red',
  scarlet: 'red',
  ginger: 'orange',
  violet: 'purple',
  magenta: 'purple',
  lilac: 'purple',
  rose: 'pink',
  teal: 'dark-green',
  olive: 'dark-green',
  emerald: 'green',
  sky: 'light-blue',
  aqua: 'light-blue',
  turquoise: 'light-blue',
  wooden: 'brown',
  wood: 'brown',
  chocolate: 'brown',
  stone: 'dark-grey',
  charcoal: 'dark-grey',
  slate: 'dark-grey',
  // Two words joined by joinColourPhrases.
  lightgrey: 'light-grey',
  lightgray: 'light-grey',
  palegrey: 'light-grey',
  palegray: 'light-grey',
  darkgrey: 'dark-grey',
  darkgray: 'dark-grey',
  lightblue: 'light-blue',
  paleblue: 'light-blue',
  skyblue: 'light-blue',
  babyblue: 'light-blue',
  darkblue: 'dark-blue',
  deepblue: 'dark-blue',
  navyblue: 'dark-blue',
  lightgreen: 'lime',
  palegreen: 'lime',
  limegreen: 'lime',
  brightgreen: 'lime',
  darkgreen: 'dark-green',
  deepgreen: 'dark-green',
  forestgreen: 'dark-green',
  olivegreen: 'dark-green',
  bottlegreen: 'dark-green',
  darkred: 'dark-red',
  deepred: 'dark-red',
  winered: 'dark-red',
  brightred: 'red',
  lightbrown: 'tan',
  darkbrown: 'brown',
  lightpink: 'pink',
  palepink: 'pink',
  hotpink: 'pink',
  darkpurple: 'purple',
  deeppurple: 'purple',
  lightyellow: 'yellow',
  brightyellow: 'yellow',
  brightorange: 'orange',
});

/** A tone and a hue, as people write them ("dark grey", "light-blue", "navy blue"). */
const COLOUR_PHRASE =
  /\b(light|dark|pale|deep|bright|sky|baby|navy|lime|forest|olive|bottle|wine|hot)[\s-]+(grey|gray|blue|green|red|brown|pink|purple|yellow|orange)\b/gi;

/** Joins each two-word colour into one word the colour words know ("dark grey" → "darkgrey"). */
export function joinColourPhrases(text: string): string {
  return text.replace(COLOUR_PHRASE, (whole, tone: string, hue: string) => {
    const joined = `${tone}${hue}`.toLowerCase();
    return Object.hasOwn(COLOUR_WORDS, joined) ? joined : whole;
  });
}

/** The palette colour a lower-case word names, or null. */
export function colourOfWord(word: string): PaletteColourId | null {
  if (isPaletteColourId(word)) return word;
  return Object.hasOwn(COLOUR_WORDS, word) ? (COLOUR_WORDS[word] as PaletteColourId) : null;
}
