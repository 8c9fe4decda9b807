// Reads a Mode B prompt with a phrase parser (compromise: part-of-speech tags, numbers written as
// words, plural nouns) into what the procedural provider composes: the design (a word or a phrase,
// in its sense), a second design with it ("on a launch pad", "with a swing"), its size, counts,
// colours and patterns per part, and name-plate or letter text. French and German prompts are put
// into English words first (prompt-language.ts). Every word that carried meaning is either
// understood or listed as ignored, never dropped; a design name the library lacks is `unknown`.

import nlp from 'compromise';
import { colourOfWord, joinColourPhrases } from '../colour/colour-words';
import type { PaletteColourId } from '../colour/palette';
import { BLOCK_MODULE } from '../constants';
import type { CompanionPlace, PartLookChoice, PartPattern } from './compose';
import { type DesignMention, mentionAt, singular } from './design-names';
import type { LibraryDesign } from './library';
import { type PromptLanguage, promptLanguage, toEnglish } from './prompt-language';
import {
  DIMENSIONS,
  FILLER,
  KIND_WORDS,
  PATTERN_WORDS,
  RELATION_WORDS,
  SIZE_PATTERN,
  SIZE_WORDS,
  TEXT_PATTERN,
  UNIT_MM,
} from './prompt-words';

export interface PromptReading {
  prompt: string;
  /** The language the prompt was read in (its own words decide; the app's language breaks a tie). */
  language: PromptLanguage;
  /** Library design id, or null when no design was named. */
  design: string | null;
  /** The words the prompt named it by ("sunflower" for the flower), singular. */
  designWord?: string;
  /** A second design composed with it, and where it goes. */
  companion?: { design: string; place: CompanionPlace };
  /** Longest side in cells the prompt asked for (a bare size), or a factor ("small"). */
  size?: number;
  sizeFactor: number;
  sides: { width?: number; depth?: number; height?: number };
  params: Record<string, number>;
  /** Looks per part name; `body` is the design's first part. */
  looks: Record<string, PartLookChoice>;
  /** Looks of the second design's parts (`body`: its first part). */
  companionLooks?: Record<string, PartLookChoice>;
  text?: string;
  understood: string[];
  ignored: string[];
  /** The word the prompt names its design with when the library has no such design ("giraffe"). */
  unknown?: string;
}

/** Designs whose text the prompt gives ("the letter K", "a sign saying HELLO"). */
const TEXT_DESIGNS = new Set(['nameplate', 'letters']);

/** The design part a word names, if the design has it ("roofs" → roof, "lamp" → lamp room). */
function partOf(design: LibraryDesign | null, word: string): string | null {
  const w = singular(word);
  if (w === 'body') return 'body';
  if (!design) return null;
  for (const part of Object.keys(design.parts)) {
    const p = singular(part.split(' ')[0]!);
    if (p === w || singular(part) === w) return part;
  }
  return null;
}

/** Marks the rest of a part's name used where the prompt spells it out ("lamp room" after "lamp"). */
function useRestOfPart(terms: Term[], at: number, part: string): void {
  const rest = part.split(' ').slice(1);
  if (rest.every((w, k) => terms[at + 1 + k] && singular(terms[at + 1 + k]!.word) === singular(w)))
    for (let k = 0; k < rest.length; k++) terms[at + 1 + k]!.used = true;
}

function paramOf(design: LibraryDesign | null, word: string): string | null {
  if (!design) return null;
  const w = singular(word);
  return design.params.find((p) => singular(p.id) === w)?.id ?? null;
}

interface Term {
  word: string;
  tags: string[];
  used: boolean;
}

const FUNCTION_TAGS = [
  'Determiner',
  'Preposition',
  'Conjunction',
  'Pronoun',
  'Possessive',
  'Auxiliary',
  'Copula',
];

/** Sizes with units ("30 cm tall", "20x12x10"), taken out of the text. */
function readSizes(reading: PromptReading, text: string): string {
  let plain = text;
  const grid = /(\d+)\s*x\s*(\d+)(?:\s*x\s*(\d+))?/.exec(plain);
  if (grid) {
    reading.sides.width = Number(grid[1]);
    reading.sides.depth = Number(grid[2]);
    if (grid[3]) reading.sides.height = Number(grid[3]);
    reading.understood.push(`size: ${grid[0]} blocks`);
    plain = plain.replace(grid[0], ' ');
  }
  for (const m of [...plain.matchAll(SIZE_PATTERN)]) {
    const value = Number(m[1]);
    const unit = m[2]!;
    const cells = unit in UNIT_MM ? (value * UNIT_MM[unit]!) / BLOCK_MODULE.pitchMm : value;
    const rounded = Math.max(1, Math.round(cells));
    const dimension = DIMENSIONS[m[3] ?? ''];
    if (dimension) reading.sides[dimension] = rounded;
    else reading.size = rounded;
    reading.understood.push(`${dimension ?? 'size'}: ${m[0].trim()} (${rounded} blocks)`);
    plain = plain.replace(m[0], ' ');
  }
  return plain;
}

/** The design, its compound head, a second design and any text; their terms are marked used. */
function readDesigns(
  reading: PromptReading,
  terms: Term[],
): { main: LibraryDesign | null; companion: DesignMention | null } {
  const words = new Set(terms.map((t) => singular(t.word)));
  const mentions: DesignMention[] = [];
  for (let i = 0; i < terms.length; ) {
    const m = mentionAt(
      terms.map((t) => t.word),
      i,
      words,
    );
    if (m) {
      mentions.push(m);
      i = m.end;
    } else i++;
  }
  let main: DesignMention | null = null;
  let companion: DesignMention | null = null;
  for (const m of mentions) {
    // "a planter for my desk": a noun after "for" names where it goes, not what it is.
    if (terms[m.start - 1]?.word === 'for' || terms[m.start - 2]?.word === 'for') continue;
    if (!main) {
      main = m;
      reading.designWord = m.text.split(' ').map(singular).join(' ');
      for (let k = m.start; k < m.end; k++) terms[k]!.used = true;
      reading.understood.push(`design: ${m.design.id}${m.text === m.design.id ? '' : ` (${m.text})`}`);
      continue;
    }
    if (partOf(main.design, m.text.split(' ').pop()!)) continue;
    const last = mentions[mentions.indexOf(m) - 1]!;
    if (last === main && m.start === main.end) {
      // A library noun right after the design is the compound's head ("pine tree", "sailing boat").
      for (let k = m.start; k < m.end; k++) terms[k]!.used = true;
      continue;
    }
    if (companion || m.design.id === main.design.id) continue;
    // A second design joined by a relation word: on it (it carries the first), or beside it.
    const between = terms.slice(main.end, m.start).map((t) => t.word);
    const relation = [...between].reverse().find((w) => RELATION_WORDS[w]);
    if (!relation) continue;
    const place: CompanionPlace = RELATION_WORDS[relation] === 'on' && m.design.carrier ? 'under' : 'beside';
    companion = m;
    for (let k = m.start; k < m.end; k++) terms[k]!.used = true;
    reading.companion = { design: m.design.id, place };
    reading.understood.push(`${place === 'under' ? 'on' : 'with'}: ${m.design.id}`);
  }
  reading.design = main?.design.id ?? null;
  if (main && TEXT_DESIGNS.has(main.design.id) && !reading.text) {
    const after = terms
      .slice(main.end)
      .find(
        (x) =>
          !x.used &&
          !FILLER.has(x.word) &&
          !colourOfWord(x.word) &&
          !FUNCTION_TAGS.some((tag) => x.tags.includes(tag)),
      );
    if (after) {
      reading.text = after.word;
      after.used = true;
      reading.understood.push(`text: ${after.word}`);
    }
  }
  return { main: main?.design ?? null, companion };
}

/** Colours and patterns: for the part named within the next three words, else for the body. */
function readLooks(
  reading: PromptReading,
  terms: Term[],
  i: number,
  design: LibraryDesign | null,
  companion: DesignMention | null,
  body: { colours: PaletteColourId[]; pattern: PartPattern | null },
): void {
  const t = terms[i]!;
  const colour = colourOfWord(t.word);
  const pattern = PATTERN_WORDS[t.word];
  const ahead = terms.slice(i + 1, i + 4);
  const onCompanion = companion ? ahead.findIndex((x) => terms.indexOf(x) === companion.start) : -1;
  const partTerm = ahead.find((x) => !x.used && partOf(design, x.word));
  const stop = partTerm ? ahead.indexOf(partTerm) : onCompanion;
  const between = stop < 0 ? [] : ahead.slice(0, stop);
  const attached = between.every(
    (x) => colourOfWord(x.word) || PATTERN_WORDS[x.word] || x.word === 'and' || x.tags.includes('Adjective'),
  );
  t.used = true;
  if (stop >= 0 && attached) {
    const part = partTerm ? partOf(design, partTerm.word)! : 'body';
    if (!partTerm) reading.companionLooks ??= {};
    const looks = partTerm ? reading.looks : reading.companionLooks!;
    const look = looks[part] ?? {};
    looks[part] = look;
    if (colour) {
      if (!look.colour) look.colour = colour;
      else look.second = colour;
    }
    if (pattern) look.pattern = pattern;
    reading.understood.push(`${partTerm ? part : `${companion!.design.id}`}: ${colour ?? pattern}`);
    if (partTerm) {
      partTerm.used = true;
      useRestOfPart(terms, terms.indexOf(partTerm), part);
    }
    return;
  }
  if (colour) {
    if (body.colours.length >= 2) return;
    body.colours.push(colour);
    reading.understood.push(`colour: ${colour}`);
  } else if (pattern) {
    body.pattern = pattern;
    reading.understood.push(`pattern: ${pattern}`);
  }
}

/** Everything else a word can say about the design: counts, "for 4", kinds, sizes, parts. */
function readWord(reading: PromptReading, terms: Term[], i: number, design: LibraryDesign | null): void {
  const t = terms[i]!;
  const w = t.word;
  if (w === 'for') {
    const next = terms[i + 1];
    if (next && /^\d+$/.test(next.word) && design?.id === 'table') {
      const people = Number(next.word);
      reading.sides.width = Math.max(16, Math.min(64, 8 + 8 * people));
      reading.understood.push(`for ${people}: ${reading.sides.width} blocks long`);
      t.used = true;
      next.used = true;
    }
    return;
  }
  if (/^\d+(\.\d+)?$/.test(w)) {
    // A count: "6 columns", "three tiers", "four sails".
    const noun = terms[i + 1];
    const param = noun ? paramOf(design, noun.word) : null;
    if (design && noun && param) {
      const spec = design.params.find((p) => p.id === param)!;
      const value = Math.max(spec.min, Math.min(spec.max, Math.round(Number(w))));
      reading.params[param] = value;
      reading.understood.push(
        `${param}: ${value}${value === Number(w) ? '' : ` (asked ${w}; ${spec.min} to ${spec.max})`}`,
      );
      t.used = true;
      noun.used = true;
    }
    return;
  }
  if (KIND_WORDS.has(w)) {
    reading.understood.push(`kind: ${w}`);
    t.used = true;
    return;
  }
  if (SIZE_WORDS[w] !== undefined) {
    reading.sizeFactor *= SIZE_WORDS[w]!;
    reading.understood.push(`size: ${w}`);
    t.used = true;
    return;
  }
  if ((w === 'round' || w === 'square') && design?.params.some((p) => p.id === 'round')) {
    reading.params.round = w === 'round' ? 1 : 0;
    reading.understood.push(`shape: ${w}`);
    t.used = true;
    return;
  }
  // A named part with nothing said about it ("a lighthouse with a gallery") is understood: it is there.
  const part = partOf(design, w);
  if (part) {
    const param = design?.params.find((p) => p.id === part && p.max === 1);
    if (param) reading.params[param.id] = 1;
    reading.understood.push(`part: ${part}`);
    t.used = true;
    useRestOfPart(terms, i, part);
    return;
  }
  const param = paramOf(design, w);
  if (param && design?.params.find((p) => p.id === param)?.max === 1) {
    reading.params[param] = 1;
    reading.understood.push(`${param}: yes`);
    t.used = true;
  }
}

export function readPrompt(prompt: string, locale?: string): PromptReading {
  const language = promptLanguage(prompt, locale);
  const reading: PromptReading = {
    prompt,
    language,
    design: null,
    sizeFactor: 1,
    sides: {},
    params: {},
    looks: {},
    understood: language === 'en' ? [] : [`language: ${language}`],
    ignored: [],
  };
  let text = joinColourPhrases(toEnglish(prompt.replace(/[×]/g, 'x'), language));
  const quoted = TEXT_PATTERN.exec(text);
  if (quoted) {
    reading.text = (quoted[1] ?? quoted[2] ?? '').trim();
    reading.understood.push(`text: ${reading.text}`);
    text = text.replace(quoted[0], ' ');
  }
  const doc = nlp(text.toLowerCase());
  doc.numbers().toNumber();
  const plain = readSizes(reading, doc.text());

  const terms: Term[] = nlp(plain)
    .terms()
    .json()
    .map((t: { terms: { normal: string; tags: string[] }[] }) => ({
      word: t.terms[0]!.normal.replace(/[^a-z0-9-]/g, ''),
      tags: t.terms[0]!.tags,
      used: false,
    }))
    .filter((t: Term) => t.word.length > 0);

  const { main: design, companion } = readDesigns(reading, terms);
  const body = { colours: [] as PaletteColourId[], pattern: null as PartPattern | null };
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (t.used) continue;
    if (colourOfWord(t.word) || PATTERN_WORDS[t.word]) readLooks(reading, terms, i, design, companion, body);
    else readWord(reading, terms, i, design);
  }
  if (body.colours.length > 0 || body.pattern) {
    const look: PartLookChoice = {};
    if (body.colours[0]) look.colour = body.colours[0];
    if (body.colours[1]) look.second = body.colours[1];
    // Two colours and no pattern word: the design's own pattern, else stripes (compose.ts).
    if (body.pattern) look.pattern = body.pattern;
    reading.looks.body = look;
  }
  let unknownNoun: string | undefined;
  for (const t of terms) {
    if (t.used || FILLER.has(t.word) || RELATION_WORDS[t.word]) continue;
    if (t.tags.some((tag) => FUNCTION_TAGS.includes(tag))) continue;
    reading.ignored.push(t.word);
    if (!unknownNoun && t.tags.includes('Noun') && !/^\d/.test(t.word)) unknownNoun = t.word;
  }
  if (!reading.design) {
    const word = unknownNoun ?? reading.ignored[0];
    if (word) reading.unknown = word;
  }
  return reading;
}
