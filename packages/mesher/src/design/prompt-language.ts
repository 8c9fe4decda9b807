// Prompts in French and German: which of English, French and German a prompt is written in (its
// own words decide; the app's language only breaks a tie), and the prompt put into the English words
// the reader knows, word for word from prompt-lexicon.ts. French adjectives follow their noun ("une
// maison blanche"), so colours, patterns and sizes are moved in front of it, as English has them.
// A word the lexicon does not know stays as written, so it is listed as not understood.

import { FRENCH, FRENCH_ENDINGS, GERMAN, GERMAN_ENDINGS, LANGUAGE_MARKERS } from './prompt-lexicon';

export type PromptLanguage = 'en' | 'fr' | 'de';

/** Lower case, accents off, apostrophes and hyphens between words kept apart ("l'arbre" → "l arbre"). */
function plainWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/['’`]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/** Which language a prompt is in: the most marker and lexicon words; ties go to `locale`, else English. */
export function promptLanguage(prompt: string, locale?: string): PromptLanguage {
  const words = plainWords(prompt).map((w) => w.replace(/[^a-z0-9-]/g, ''));
  const score: Record<PromptLanguage, number> = { en: 0, fr: 0, de: 0 };
  for (const w of words) {
    for (const lang of ['en', 'fr', 'de'] as const)
      if ((LANGUAGE_MARKERS[lang] as readonly string[]).includes(w)) score[lang] += 2;
    if (Object.hasOwn(FRENCH, w) && !(LANGUAGE_MARKERS.en as readonly string[]).includes(w)) score.fr++;
    if (Object.hasOwn(GERMAN, w) && !(LANGUAGE_MARKERS.en as readonly string[]).includes(w)) score.de++;
  }
  const preferred = (locale ?? 'en').slice(0, 2).toLowerCase();
  const order: PromptLanguage[] = ['en', 'fr', 'de'];
  order.sort((a, b) => score[b] - score[a] || Number(b === preferred) - Number(a === preferred));
  const best = order[0]!;
  // A prompt with no word of French or German in it is English whatever the app's language.
  return score[best] === 0 ? 'en' : best;
}

interface Token {
  text: string;
  /** What the English reader does with it: a describing word moves before its noun in French. */
  kind: 'describing' | 'noun' | 'other';
}

const DESCRIBING = new Set([
  'white',
  'black',
  'red',
  'orange',
  'yellow',
  'golden',
  'tan',
  'brown',
  'wooden',
  'lime',
  'green',
  'blue',
  'purple',
  'pink',
  'grey',
  'silver',
  'striped',
  'checked',
  'gradient',
  'small',
  'tiny',
  'big',
  'huge',
  'giant',
  'round',
  'square',
]);

/** English words the lexicons give that are not nouns (a French adjective never moves before them). */
const GRAMMAR =
  /^(a|the|some|of|with|and|on|for|in|that|is|very|me|make|build|beside|near|saying|tall|wide|long|deep|blocks?|bricks?|two|three|four|five|six|seven|eight|nine|ten|twelve|toy|miniature|please|i want|it has|full of|shaped like|with the (word|name))$/;

function lookup(
  lexicon: Readonly<Record<string, string>>,
  endings: readonly string[],
  word: string,
): string | null {
  if (Object.hasOwn(lexicon, word)) return lexicon[word]!;
  for (const ending of endings) {
    if (word.length <= ending.length + 2 || !word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    if (Object.hasOwn(lexicon, stem)) return lexicon[stem]!;
  }
  return null;
}

/** The lexicon's nouns, longest first: a German compound ending in one ("Holzhaus") is that noun. */
function headNoun(lexicon: Readonly<Record<string, string>>, word: string): string | null {
  let best: string | null = null;
  for (const key of Object.keys(lexicon)) {
    if (key.length < 4 || key.includes(' ') || !word.endsWith(key) || word === key) continue;
    if (!best || key.length > best.length) best = key;
  }
  return best ? lexicon[best]! : null;
}

/**
 * The prompt in the English words the reader knows. English prompts come back unchanged; in French
 * and German every known word or phrase is replaced (the longest phrase first) and the rest kept.
 */
export function toEnglish(prompt: string, language: PromptLanguage): string {
  if (language === 'en') return prompt;
  const lexicon = language === 'fr' ? FRENCH : GERMAN;
  const endings = language === 'fr' ? FRENCH_ENDINGS : GERMAN_ENDINGS;
  const raw = prompt.replace(/["“”„«»][^"“”„«»]*["“”„«»]/g, (quoted) => ` ${quoted} `);
  const pieces = raw.match(/["“”„«»][^"“”„«»]*["“”„«»]|\S+/g) ?? [];
  const tokens: Token[] = [];
  // Quoted text (a name plate's words) is kept as written.
  const words: Array<{ plain: string; original: string }> = [];
  for (const piece of pieces) {
    if (/^["“”„«»]/.test(piece)) {
      words.push({ plain: '', original: piece });
      continue;
    }
    for (const w of plainWords(piece)) {
      const plain = w.replace(/[^a-z0-9-]/g, '');
      if (plain) words.push({ plain, original: plain });
    }
  }
  for (let i = 0; i < words.length; ) {
    if (!words[i]!.plain) {
      tokens.push({ text: words[i]!.original, kind: 'other' });
      i++;
      continue;
    }
    let matched = 0;
    let english: string | null = null;
    for (let n = Math.min(5, words.length - i); n >= 2 && !english; n--) {
      const phrase = words
        .slice(i, i + n)
        .map((w) => w.plain)
        .join(' ');
      if (Object.hasOwn(lexicon, phrase)) {
        english = lexicon[phrase]!;
        matched = n;
      }
    }
    if (!english) {
      const w = words[i]!.plain;
      english = lookup(lexicon, endings, w);
      if (!english && language === 'de') english = headNoun(lexicon, w);
      matched = 1;
    }
    const text = english ?? words[i]!.original;
    const known = english !== null;
    const last = text.split(' ').pop()!;
    tokens.push({
      text,
      kind: !known ? (/^\d/.test(text) ? 'other' : 'noun') : DESCRIBING.has(last) ? 'describing' : 'other',
    });
    if (known && !DESCRIBING.has(last) && !GRAMMAR.test(text)) tokens[tokens.length - 1]!.kind = 'noun';
    i += matched;
  }
  if (language === 'fr') {
    // "une maison blanche et rouge" → "a white and red house": describing words after a noun go before it.
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i]!.kind !== 'noun') continue;
      let end = i + 1;
      while (
        end < tokens.length &&
        (tokens[end]!.kind === 'describing' ||
          (tokens[end]!.text === 'and' && tokens[end + 1]?.kind === 'describing'))
      )
        end++;
      if (end > i + 1) {
        const run = tokens.splice(i + 1, end - i - 1);
        tokens.splice(i, 0, ...run);
        i = end - 1;
      }
    }
  }
  return tokens.map((t) => t.text).join(' ');
}
