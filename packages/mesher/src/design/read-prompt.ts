// Reads a Mode B prompt with a phrase parser (compromise: part-of-speech tags, numbers written as
// words, plural nouns) into what the procedural provider composes: the design, its size, counts,
// colours and patterns per part, relations ("with a red roof", "for two") and name-plate text.
// Every word that carried meaning is either understood or listed as ignored, never dropped.

import nlp from 'compromise';
import { colourOfWord } from '../colour/colour-words';
import type { PaletteColourId } from '../colour/palette';
import { BLOCK_MODULE } from '../constants';
import type { PartLookChoice, PartPattern } from './compose';
import { LIBRARY, type LibraryDesign } from './library';

export interface PromptReading {
  prompt: string;
  /** Library design id, or null when no design was named. */
  design: string | null;
  /** Longest side in cells the prompt asked for (a bare size), or a factor ("small"). */
  size?: number;
  sizeFactor: number;
  sides: { width?: number; depth?: number; height?: number };
  params: Record<string, number>;
  /** Looks per part name; `body` is the design's first part. */
  looks: Record<string, PartLookChoice>;
  text?: string;
  understood: string[];
  ignored: string[];
}

const PATTERN_WORDS: Record<string, PartPattern> = {
  striped: 'stripes',
  stripes: 'stripes',
  stripe: 'stripes',
  stripy: 'stripes',
  banded: 'stripes',
  checked: 'checks',
  checkered: 'checks',
  chequered: 'checks',
  checks: 'checks',
  checkerboard: 'checks',
  gradient: 'gradient',
  fading: 'gradient',
  ombre: 'gradient',
  plain: 'plain',
};

const SIZE_WORDS: Record<string, number> = {
  tiny: 0.6,
  mini: 0.7,
  small: 0.75,
  little: 0.75,
  big: 1.4,
  large: 1.4,
  huge: 1.8,
  giant: 1.8,
  tall: 1.25,
  long: 1.25,
};

/** Words that say which kind of a design is meant ("a chess knight", "a steam train"): understood. */
const KIND_WORDS = new Set(['chess', 'steam', 'garden', 'sailing', 'space', 'racing', 'model', 'name']);

/** Words that only hold the sentence together. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'with',
  'and',
  'of',
  'on',
  'in',
  'at',
  'to',
  'me',
  'my',
  'please',
  'make',
  'build',
  'create',
  'design',
  'model',
  'some',
  'that',
  'which',
  'it',
  'its',
  'has',
  'have',
  'is',
  'are',
  'like',
  'i',
  'want',
  'would',
  'could',
  'you',
  'can',
  'kit',
  'one',
  'nice',
  'cute',
  'pretty',
  'lovely',
  'beautiful',
  'cool',
  'new',
  'made',
  'blocks',
  'block',
  'bricks',
  'brick',
  'shaped',
  'looking',
  'style',
  'kind',
  'sort',
  'type',
]);

const UNIT_MM: Record<string, number> = {
  mm: 1,
  cm: 10,
  m: 1000,
  in: 25.4,
  inch: 25.4,
  inches: 25.4,
  ft: 304.8,
  foot: 304.8,
  feet: 304.8,
};
const DIMENSIONS: Record<string, 'width' | 'depth' | 'height'> = {
  tall: 'height',
  high: 'height',
  wide: 'width',
  long: 'width',
  across: 'width',
  deep: 'depth',
};
const SIZE_PATTERN =
  /(\d+(?:\.\d+)?)\s*(mm|cm|m|in|inch|inches|ft|foot|feet|blocks?|studs?|bricks?)(?![a-z])(?:\s+(tall|high|wide|long|deep|across))?/g;
const TEXT_PATTERN =
  /(?:(?:\b(?:saying|reading|that says|named|called)\s+)?["“‘]([^"”’]{1,24})["”’])|(?:\b(?:saying|reading|that says|named|called|with the (?:name|word|text))\s+([a-z0-9]{1,12}))/i;

function singular(word: string): string {
  if (word.length <= 3) return word;
  const s = nlp(word).nouns().toSingular().text().toLowerCase();
  return s || word;
}

const WORD_TO_DESIGN = new Map<string, LibraryDesign>();
for (const d of LIBRARY) for (const w of d.words) if (!WORD_TO_DESIGN.has(w)) WORD_TO_DESIGN.set(w, d);

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

export function readPrompt(prompt: string): PromptReading {
  const reading: PromptReading = {
    prompt,
    design: null,
    sizeFactor: 1,
    sides: {},
    params: {},
    looks: {},
    understood: [],
    ignored: [],
  };
  let text = prompt.replace(/[×]/g, 'x');
  const quoted = TEXT_PATTERN.exec(text);
  if (quoted) {
    reading.text = (quoted[1] ?? quoted[2] ?? '').trim();
    reading.understood.push(`text: ${reading.text}`);
    text = text.replace(quoted[0], ' ');
  }
  const doc = nlp(text.toLowerCase());
  doc.numbers().toNumber();
  let plain = doc
    .text()
    .replace(
      /\b(light|dark)[\s-]+(grey|gray|blue|green|red)\b/g,
      (_, tone: string, hue: string) => `${tone}-${hue === 'gray' ? 'grey' : hue}`,
    );

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

  const terms: Term[] = nlp(plain)
    .terms()
    .json()
    .map((t: { terms: { normal: string; tags: string[] }[] }) => ({
      word: t.terms[0]!.normal.replace(/[^a-z0-9-]/g, ''),
      tags: t.terms[0]!.tags,
      used: false,
    }))
    .filter((t: Term) => t.word.length > 0);

  // The design: the first noun the library knows; a library noun right after it is the compound's
  // head ("suspension bridge", "pine tree") and belongs to the same name.
  let design: LibraryDesign | null = null;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    const found = WORD_TO_DESIGN.get(t.word) ?? WORD_TO_DESIGN.get(singular(t.word));
    if (!found) continue;
    if (partOf(found, t.word) && design) continue;
    if (!design) {
      // "a planter for my desk": a noun after "for" names where it goes, not what it is.
      if (terms[i - 1]?.word === 'for' || terms[i - 2]?.word === 'for') continue;
      design = found;
      t.used = true;
      reading.understood.push(`design: ${found.id}${t.word === found.id ? '' : ` (${t.word})`}`);
      const next = terms[i + 1];
      if (
        next &&
        (WORD_TO_DESIGN.has(next.word) || WORD_TO_DESIGN.has(singular(next.word))) &&
        !partOf(found, next.word)
      )
        next.used = true;
      if (found.id === 'nameplate' && !reading.text) {
        const after = terms
          .slice(i + 1)
          .find((x) => x.tags.includes('Noun') || x.tags.includes('ProperNoun'));
        if (after) {
          reading.text = after.word;
          after.used = true;
          reading.understood.push(`text: ${after.word}`);
        }
      }
    }
  }
  reading.design = design?.id ?? null;

  const bodyColours: PaletteColourId[] = [];
  let bodyPattern: PartPattern | null = null;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (t.used) continue;
    const w = t.word;
    const colour = colourOfWord(w);
    const pattern = PATTERN_WORDS[w];
    if (colour || pattern) {
      // A colour or pattern for the part named within the next two words, else for the body.
      const ahead = terms.slice(i + 1, i + 4);
      const partTerm = ahead.find((x) => !x.used && partOf(design, x.word));
      const stop = partTerm ? ahead.indexOf(partTerm) : -1;
      const between = stop < 0 ? [] : ahead.slice(0, stop);
      const attached =
        partTerm &&
        between.every(
          (x) =>
            colourOfWord(x.word) || PATTERN_WORDS[x.word] || x.word === 'and' || x.tags.includes('Adjective'),
        );
      if (attached && partTerm) {
        const part = partOf(design, partTerm.word)!;
        const look = reading.looks[part] ?? {};
        reading.looks[part] = look;
        if (colour) {
          if (!look.colour) look.colour = colour;
          else look.second = colour;
        }
        if (pattern) look.pattern = pattern;
        reading.understood.push(`${part}: ${colour ?? pattern}`);
        t.used = true;
        partTerm.used = true;
        continue;
      }
      if (colour) {
        if (bodyColours.length >= 2) continue;
        bodyColours.push(colour);
        reading.understood.push(`colour: ${colour}`);
      } else if (pattern) {
        bodyPattern = pattern;
        reading.understood.push(`pattern: ${pattern}`);
      }
      t.used = true;
      continue;
    }
    if (w === 'for') {
      const next = terms[i + 1];
      if (next && /^\d+$/.test(next.word) && design?.id === 'table') {
        const people = Number(next.word);
        reading.sides.width = Math.max(16, Math.min(64, 8 + 8 * people));
        reading.understood.push(`for ${people}: ${reading.sides.width} blocks long`);
        t.used = true;
        next.used = true;
      }
      continue;
    }
    if (/^\d+(\.\d+)?$/.test(w)) {
      // A count: "6 columns", "three tiers".
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
      continue;
    }
    if (KIND_WORDS.has(w)) {
      reading.understood.push(`kind: ${w}`);
      t.used = true;
      continue;
    }
    if (SIZE_WORDS[w] !== undefined) {
      reading.sizeFactor *= SIZE_WORDS[w]!;
      reading.understood.push(`size: ${w}`);
      t.used = true;
      continue;
    }
    if ((w === 'round' || w === 'square') && design?.params.some((p) => p.id === 'round')) {
      reading.params.round = w === 'round' ? 1 : 0;
      reading.understood.push(`shape: ${w}`);
      t.used = true;
      continue;
    }
    // A named part with nothing said about it ("a lighthouse with a gallery") is understood: it is there.
    const part = partOf(design, w);
    if (part) {
      const param = design?.params.find((p) => p.id === part && p.max === 1);
      if (param) reading.params[param.id] = 1;
      reading.understood.push(`part: ${part}`);
      t.used = true;
      continue;
    }
    const param = paramOf(design, w);
    if (param && design?.params.find((p) => p.id === param)?.max === 1) {
      reading.params[param] = 1;
      reading.understood.push(`${param}: yes`);
      t.used = true;
    }
  }
  if (bodyColours.length > 0 || bodyPattern) {
    const body: PartLookChoice = {};
    if (bodyColours[0]) body.colour = bodyColours[0];
    if (bodyColours[1]) body.second = bodyColours[1];
    if (bodyPattern) body.pattern = bodyPattern;
    else if (bodyColours[1]) body.pattern = 'stripes';
    reading.looks.body = body;
  }
  for (const t of terms) {
    if (t.used || FILLER.has(t.word)) continue;
    if (
      t.tags.some((tag) =>
        ['Determiner', 'Preposition', 'Conjunction', 'Pronoun', 'Possessive', 'Auxiliary', 'Copula'].includes(
          tag,
        ),
      )
    )
      continue;
    reading.ignored.push(t.word);
  }
  return reading;
}
