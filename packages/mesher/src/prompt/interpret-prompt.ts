// Reads a design prompt deterministically: the shape word, sizes with units ("30 cm", "4 blocks
// deep", "10x6x8"), and colours, optionally tied to a part ("a red roof"). What it could not place
// is kept, so the result can say what it ignored instead of guessing silently.

import { colourOfWord } from '../colour/colour-words';
import { PALETTE, type PaletteColourId } from '../colour/palette';
import { BLOCK_MODULE } from '../kit/catalogue';
import { type DesignShape, SHAPE_PARTS } from './design-templates';

export interface PromptInterpretation {
  prompt: string;
  /** The shape the prompt names, or null when none was recognised. */
  shape: DesignShape | null;
  /** Requested sizes in cells (blocks), where the prompt gave them. */
  requested: { width?: number; depth?: number; height?: number; longest?: number };
  /** Colours per part; `body` applies to every part not named. */
  colours: Record<string, PaletteColourId>;
  /** Phrases read, for showing the person what was understood. */
  understood: string[];
  /** Phrases that looked meaningful but were not used. */
  ignored: string[];
}

const SHAPE_WORDS: Record<string, DesignShape> = {
  tower: 'tower',
  turret: 'tower',
  column: 'tower',
  pillar: 'tower',
  lighthouse: 'tower',
  bench: 'bench',
  seat: 'bench',
  planter: 'planter',
  pot: 'planter',
  flowerpot: 'planter',
  trough: 'planter',
  arch: 'arch',
  archway: 'arch',
  gate: 'arch',
  bridge: 'bridge',
  shelf: 'shelf',
  shelves: 'shelf',
  bookcase: 'shelf',
  bookshelf: 'shelf',
  pyramid: 'pyramid',
  ziggurat: 'pyramid',
  house: 'house',
  hut: 'house',
  cottage: 'house',
  cabin: 'house',
  home: 'house',
  wall: 'wall',
  fence: 'wall',
  stairs: 'stairs',
  staircase: 'stairs',
  steps: 'stairs',
  table: 'table',
  desk: 'table',
  box: 'box',
  cube: 'box',
  crate: 'box',
  block: 'box',
  pedestal: 'box',
  plinth: 'box',
};

const PART_WORDS: Record<string, string> = {
  roof: 'roof',
  roofs: 'roof',
  wall: 'walls',
  walls: 'walls',
  top: 'top',
  base: 'base',
  floor: 'base',
  door: 'door',
  seat: 'seat',
  legs: 'legs',
  leg: 'legs',
  back: 'back',
  backrest: 'back',
  deck: 'deck',
  piers: 'piers',
  railing: 'railings',
  railings: 'railings',
  sides: 'sides',
  shelves: 'shelves',
  pillars: 'pillars',
  body: 'body',
};

const UNIT_MM: Record<string, number> = {
  mm: 1,
  millimetre: 1,
  millimetres: 1,
  millimeter: 1,
  millimeters: 1,
  cm: 10,
  centimetre: 10,
  centimetres: 10,
  centimeter: 10,
  centimeters: 10,
  m: 1000,
  metre: 1000,
  metres: 1000,
  meter: 1000,
  meters: 1000,
  in: 25.4,
  inch: 25.4,
  inches: 25.4,
  '"': 25.4,
  ft: 304.8,
  foot: 304.8,
  feet: 304.8,
};
const PLACE_WORDS = new Set(['for', 'on', 'in', 'under', 'beside', 'near', 'by', 'next', 'onto', 'into']);
const BLOCK_UNITS = new Set(['block', 'blocks', 'stud', 'studs', 'cell', 'cells', 'brick', 'bricks']);
const DIMENSION_WORDS: Record<string, 'width' | 'depth' | 'height'> = {
  tall: 'height',
  high: 'height',
  height: 'height',
  wide: 'width',
  width: 'width',
  long: 'width',
  length: 'width',
  across: 'width',
  deep: 'depth',
  depth: 'depth',
};

export function interpretPrompt(prompt: string): PromptInterpretation {
  const text = prompt.toLowerCase().replace(/[×]/g, 'x');
  const understood: string[] = [];
  const ignored: string[] = [];
  const requested: PromptInterpretation['requested'] = {};

  // Compound colour names first ("light blue", "dark grey").
  const words = text
    .replace(
      /\b(light|dark)[\s-]+(grey|gray|blue|green|red)\b/g,
      (_, tone: string, hue: string) => `${tone}-${hue === 'gray' ? 'grey' : hue}`,
    )
    .split(/[^a-z0-9.\-"]+/)
    .filter((w) => w.length > 0);

  let shape: DesignShape | null = null;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const found = SHAPE_WORDS[word];
    if (!found || shape) continue;
    // "something for my desk" names where the design goes, not what it is.
    const before = words.slice(Math.max(0, i - 2), i);
    if (before.some((w) => PLACE_WORDS.has(w))) {
      ignored.push(`${before.join(' ')} ${word}`);
      continue;
    }
    shape = found;
    understood.push(`shape: ${word}`);
  }

  const grid = /(\d+)\s*x\s*(\d+)(?:\s*x\s*(\d+))?/.exec(text);
  if (grid) {
    requested.width = Number(grid[1]);
    requested.depth = Number(grid[2]);
    if (grid[3]) requested.height = Number(grid[3]);
    understood.push(`size: ${grid[0]} blocks`);
  }
  const sizePattern =
    /(\d+(?:\.\d+)?)\s*(mm|cm|m|in|inch|inches|"|ft|foot|feet|millimet(?:re|er)s?|centimet(?:re|er)s?|met(?:re|er)s?|blocks?|studs?|cells?|bricks?)(?![a-z])(?:\s+(tall|high|wide|long|deep|across))?/g;
  for (let m = sizePattern.exec(text); m; m = sizePattern.exec(text)) {
    const value = Number(m[1]);
    const unit = m[2]!;
    const cells = BLOCK_UNITS.has(unit)
      ? value
      : (value * (UNIT_MM[unit] ?? Number.NaN)) / BLOCK_MODULE.pitchMm;
    if (!Number.isFinite(cells) || cells <= 0) {
      ignored.push(m[0]);
      continue;
    }
    const before = text.slice(Math.max(0, m.index - 12), m.index);
    const dimension =
      DIMENSION_WORDS[m[3] ?? ''] ??
      DIMENSION_WORDS[/(height|width|length|depth)\s*(of)?\s*$/.exec(before)?.[1] ?? ''];
    const rounded = Math.max(1, Math.round(cells));
    if (dimension) requested[dimension] = rounded;
    else requested.longest = rounded;
    understood.push(`${dimension ?? 'overall size'}: ${m[0].trim()} → ${rounded} blocks`);
  }

  const colours: Record<string, PaletteColourId> = {};
  const partsOfShape = shape ? SHAPE_PARTS[shape] : ['body'];
  for (let i = 0; i < words.length; i++) {
    const colour = colourOfWord(words[i]!);
    if (!colour) continue;
    const next = words[i + 1] ?? '';
    const part = PART_WORDS[next];
    if (part && (partsOfShape.includes(part) || part === 'body')) {
      colours[part] = colour;
      understood.push(`${part}: ${colour}`);
    } else if (part) {
      ignored.push(`${words[i]} ${next} (a ${shape ?? 'design'} here has no ${next})`);
      if (!colours.body) colours.body = colour;
    } else if (!colours.body) {
      colours.body = colour;
      understood.push(`colour: ${colour}`);
    } else {
      ignored.push(words[i]!);
    }
  }
  if (!colours.body) colours.body = PALETTE[1].id;
  return { prompt, shape, requested, colours, understood, ignored };
}
