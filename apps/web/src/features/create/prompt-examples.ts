/**
 * The prompts the prompt page offers as examples, in each language the app speaks: the generator
 * reads English, French and German, and every example must come out a success
 * (prompt-examples.test.ts builds each one with the mesher).
 */
import type { Locale } from '@kitwright/contracts/constants';

export const PROMPT_EXAMPLES: Record<Locale, readonly string[]> = {
  en: [
    'a red tower 40 blocks tall with a blue roof',
    'a brown garden bench with a green back',
    'a white house with a dark grey roof',
    'a rocket on a launch pad',
    'a windmill with four sails',
    'the word LOVE',
  ],
  fr: [
    'une tour rouge de 40 blocs de haut avec un toit bleu',
    'un banc de jardin marron avec un dossier vert',
    'une maison blanche avec un toit gris foncé',
    'une fusée sur un pas de tir',
    'un moulin à vent avec quatre voiles',
    'le mot AMOUR',
  ],
  de: [
    'ein roter Turm 40 Blöcke hoch mit einem blauen Dach',
    'eine braune Gartenbank mit einer grünen Lehne',
    'ein weißes Haus mit einem dunkelgrauen Dach',
    'eine Rakete auf einer Startrampe',
    'eine Windmühle mit vier Segeln',
    'das Wort LIEBE',
  ],
};

/** The prompt that makes a name plate of a word, in each language (the answer to "no design called …"). */
export function namePlatePrompt(locale: Locale, word: string): string {
  const text = word.replace(/["“”„«»]/g, '');
  if (locale === 'fr') return `une plaque qui dit "${text}"`;
  if (locale === 'de') return `ein Namensschild mit "${text}"`;
  return `a name plate saying "${text}"`;
}
