// Which library design a prompt's words name: single words and phrases ("fire engine", "statue of
// liberty", "hot air balloon"), the longest phrase first, each word singular; and a word's sense
// when it names two things (a horse is the animal, a chess horse the knight).

import nlp from 'compromise';
import { LIBRARY } from './library';
import type { LibraryDesign } from './library/types';

/** Singulars already read (the parser is slow next to a lookup, and the words repeat). */
const SINGULAR = new Map<string, string>();

/** The singular of a noun ("roofs" → "roof"); short words and unknown ones stay as they are. */
export function singular(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  // Read as a noun ("the sails"), not as a verb ("sails").
  const cached = SINGULAR.get(word);
  if (cached) return cached;
  const s = nlp(`the ${word}`).nouns().toSingular().text().toLowerCase().replace(/^the /, '');
  const out = s && /^[a-z]+$/.test(s) ? s : word;
  // Bounded: words from any prompt land here, so it starts again past a few thousand.
  if (SINGULAR.size >= 4096) SINGULAR.clear();
  SINGULAR.set(word, out);
  return out;
}

interface Phrase {
  words: string[];
  design: LibraryDesign;
  /** The design takes this word only when one of these words is in the prompt too. */
  context?: string[];
}

const PHRASES = new Map<string, Phrase[]>();
function add(phrase: Phrase): void {
  const list = PHRASES.get(phrase.words[0]!) ?? [];
  list.push(phrase);
  // Longest first; a phrase needing context before the plain one of the same words.
  list.sort((a, b) => b.words.length - a.words.length || Number(!!b.context) - Number(!!a.context));
  PHRASES.set(phrase.words[0]!, list);
}
for (const design of LIBRARY) {
  for (const w of design.words) add({ words: w.split(' ').map(singular), design });
  for (const sense of design.senses ?? [])
    add({ words: sense.word.split(' ').map(singular), design, context: sense.context });
}

export interface DesignMention {
  design: LibraryDesign;
  /** Index of the first and one past the last term of the mention. */
  start: number;
  end: number;
  /** The words as written. */
  text: string;
}

/** The design the terms name at `i` (with `words` the prompt's words, for senses), or null. */
export function mentionAt(
  terms: readonly string[],
  i: number,
  words: ReadonlySet<string>,
): DesignMention | null {
  const first = singular(terms[i]!);
  for (const phrase of PHRASES.get(first) ?? []) {
    const n = phrase.words.length;
    if (i + n > terms.length) continue;
    let ok = true;
    for (let k = 1; k < n && ok; k++) ok = singular(terms[i + k]!) === phrase.words[k];
    if (!ok) continue;
    if (phrase.context && !phrase.context.some((c) => words.has(c))) continue;
    return { design: phrase.design, start: i, end: i + n, text: terms.slice(i, i + n).join(' ') };
  }
  return null;
}

/** Every word and phrase the library knows a design by (for "nearest design" suggestions). */
export function libraryWords(): Array<{ word: string; design: LibraryDesign }> {
  return LIBRARY.flatMap((design) => design.words.map((word) => ({ word, design })));
}
