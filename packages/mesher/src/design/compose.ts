// A library design, a size, parameters and looks → a design-language program. The recipe (what a
// draft keeps to edit and regenerate) is everything this needs, so a rebuild is deterministic.

import type { PaletteColourId } from '../colour/palette';
import { LIBRARY, type LibraryDesign } from './library';
import {
  DESIGN_LANGUAGE_VERSION,
  type DesignNode,
  type DesignProgram,
  type Paint,
  type Vec3,
} from './program';
import { box, move } from './shapes';

export type PartPattern = 'stripes' | 'checks' | 'gradient' | 'plain';

export interface PartLookChoice {
  colour?: PaletteColourId;
  pattern?: PartPattern;
  /** Second colour of a pattern. */
  second?: PaletteColourId;
}

/** Everything a design is rebuilt from. */
export interface DesignRecipe {
  design: string;
  /** Longest side in cells. */
  size: number;
  /** Explicit sides (cells) the prompt asked for, overriding the design's proportions. */
  sides?: { width?: number; depth?: number; height?: number };
  params: Record<string, number>;
  looks: Record<string, PartLookChoice>;
  /** Text of a name plate. */
  text?: string;
  seed: number;
  /** A second library design composed with this one ("a rocket on a launch pad", "a tree with a swing"). */
  companion?: CompanionRecipe;
}

/** Where a second design goes: under the first (it stands on it) or beside it on a shared ground. */
export type CompanionPlace = 'under' | 'beside';

export interface CompanionRecipe {
  design: string;
  place: CompanionPlace;
  params: Record<string, number>;
  looks: Record<string, PartLookChoice>;
}

export const MIN_DESIGN_SIZE = 12;
export const MAX_DESIGN_SIZE = 96;

export function designById(id: string): LibraryDesign | undefined {
  return LIBRARY.find((d) => d.id === id);
}

/** The bounds of a design at a size: its proportions of the longest side, or the sides asked for. */
export function designBounds(
  design: LibraryDesign,
  recipe: Pick<DesignRecipe, 'size' | 'sides'> & { text?: string },
): Vec3 {
  const ratio = design.ratioOf ? design.ratioOf(recipe.text ?? '') : design.ratio;
  const smallest = Math.max(design.minSize ?? MIN_DESIGN_SIZE, design.minSizeOf?.(recipe.text ?? '') ?? 0);
  const largest = Math.max(smallest, Math.min(MAX_DESIGN_SIZE, design.maxSize ?? MAX_DESIGN_SIZE));
  const size = Math.max(smallest, Math.min(largest, Math.round(recipe.size)));
  const s = recipe.sides ?? {};
  const named = (['height', 'width', 'depth'] as const).find((k) => s[k] !== undefined);
  const index = { width: 0, depth: 1, height: 2 } as const;
  const scale = named ? Math.min(largest, s[named]! / ratio[index[named]]) : size;
  const side = (k: 'width' | 'depth' | 'height') =>
    Math.max(4, Math.min(MAX_DESIGN_SIZE, Math.round(s[k] ?? Math.max(smallest, scale) * ratio[index[k]])));
  return [side('width'), side('depth'), side('height')];
}

/** The parameters clamped to each one's bounds, with defaults for any missing. */
export function designParams(design: LibraryDesign, given: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of design.params) {
    const v = given[p.id];
    out[p.id] =
      typeof v === 'number' && Number.isFinite(v)
        ? Math.max(p.min, Math.min(p.max, Math.round(v)))
        : p.default;
  }
  return out;
}

function paintOf(
  design: LibraryDesign,
  part: string,
  choice: PartLookChoice | undefined,
  stripe: number,
  checks = 2,
): Paint {
  const look = design.parts[part]!;
  const colour = choice?.colour ?? look.colour;
  // Two colours asked for with no pattern: the part's own pattern (a cow's patches), else stripes.
  const own = look.checks ? 'checks' : look.stripes ? 'stripes' : null;
  const pattern = choice?.pattern ?? own ?? (choice?.second ? 'stripes' : 'plain');
  const fallbackSecond: PaletteColourId = colour === 'white' ? 'red' : 'white';
  const lookSecond = look.checks ?? look.stripes;
  const second = choice?.second ?? (lookSecond && lookSecond !== colour ? lookSecond : fallbackSecond);
  if (pattern === 'stripes')
    return { pattern: 'stripes', axis: 'z', width: stripe, colours: [colour, second] };
  if (pattern === 'checks') return { pattern: 'checks', width: checks, colours: [colour, second] };
  if (pattern === 'gradient') return { pattern: 'gradient', axis: 'z', colours: [colour, second] };
  return { colour };
}

/** One design's parts at its bounds, moved by `offset`, named with `prefix` (a companion's name). */
function partsOf(
  design: LibraryDesign,
  bounds: Vec3,
  params: Record<string, number>,
  looks: Record<string, PartLookChoice>,
  text: string,
  offset: Vec3,
  name: (part: string) => string,
): DesignProgram['parts'] {
  const built = design.build(bounds, designParams(design, params), text);
  const at = (node: DesignNode): DesignNode =>
    offset[0] === 0 && offset[1] === 0 && offset[2] === 0 ? node : move(offset, node);
  const parts: DesignProgram['parts'] = Object.keys(design.parts)
    .filter((part) => built.parts[part] !== undefined)
    .map((part) => ({
      name: name(part),
      paint: paintOf(design, part, looks[part], built.stripeWidth ?? 3, built.checkWidth ?? 2),
      shape: at(built.parts[part]!),
    }));
  if (built.carve)
    parts.push({ name: name('openings'), paint: { colour: 'white' }, shape: at(built.carve), mode: 'carve' });
  return parts;
}

/** The name a companion's part goes by in the program: "swing seat", "launch pad tower". */
export function companionPartName(companion: LibraryDesign, part: string): string {
  const name = companion.words[0]!;
  return part === name || part.startsWith(`${name} `) ? part : `${name} ${part}`;
}

/** Thickness of the ground plate that joins two designs standing side by side. */
const PLATE = 2;
/** Cells between two designs standing side by side. */
const GAP = 2;

/** Bounds of the companion for a main design of `main` bounds, and the whole's bounds and offsets. */
function companionLayout(main: Vec3, other: LibraryDesign, place: CompanionPlace) {
  const [W, D, H] = main;
  if (place === 'under') {
    // The carrier reaches past the design it carries on every side.
    const reach = Math.max(W, D) * 1.4;
    const size = Math.round(reach / Math.max(other.ratio[0], other.ratio[1]));
    const ob = designBounds(other, { size });
    const bounds: Vec3 = [Math.max(W, ob[0]), Math.max(D, ob[1]), H + ob[2]];
    return {
      otherBounds: ob,
      bounds,
      mainAt: [Math.floor((bounds[0] - W) / 2), Math.floor((bounds[1] - D) / 2), ob[2]] as Vec3,
      otherAt: [Math.floor((bounds[0] - ob[0]) / 2), Math.floor((bounds[1] - ob[1]) / 2), 0] as Vec3,
    };
  }
  const ob = designBounds(other, { size: Math.round(Math.max(W, D, H) * 0.7) });
  const bounds: Vec3 = [W + GAP + ob[0], Math.max(D, ob[1]), Math.max(H, ob[2]) + PLATE];
  return {
    otherBounds: ob,
    bounds,
    mainAt: [0, Math.floor((bounds[1] - D) / 2), PLATE] as Vec3,
    otherAt: [W + GAP, Math.floor((bounds[1] - ob[1]) / 2), PLATE] as Vec3,
  };
}

export function composeProgram(recipe: DesignRecipe): DesignProgram {
  const design = designById(recipe.design);
  if (!design) throw new RangeError(`No design "${recipe.design}" in the library`);
  const text = recipe.text ?? '';
  const own = (part: string) => part;
  if (!recipe.companion) {
    const bounds = designBounds(design, recipe);
    const parts = partsOf(design, bounds, recipe.params, recipe.looks, text, [0, 0, 0], own);
    return { version: DESIGN_LANGUAGE_VERSION, name: design.id, bounds, parts };
  }
  const companion = recipe.companion;
  const other = designById(companion.design);
  if (!other) throw new RangeError(`No design "${companion.design}" in the library`);
  // Two designs together stay within the largest size one design may have: both are made smaller.
  let scaled: Pick<DesignRecipe, 'size' | 'sides' | 'text'> = recipe;
  let mainBounds = designBounds(design, scaled);
  let layout = companionLayout(mainBounds, other, companion.place);
  for (let k = 0; k < 4 && Math.max(...layout.bounds) > MAX_DESIGN_SIZE; k++) {
    const factor = MAX_DESIGN_SIZE / Math.max(...layout.bounds);
    const sides = Object.fromEntries(
      Object.entries(scaled.sides ?? {}).map(([side, v]) => [side, Math.floor((v ?? 0) * factor)]),
    );
    scaled = {
      size: Math.floor(Math.max(...mainBounds) * factor),
      ...(scaled.sides ? { sides } : {}),
      ...(recipe.text ? { text: recipe.text } : {}),
    };
    mainBounds = designBounds(design, scaled);
    layout = companionLayout(mainBounds, other, companion.place);
  }
  const parts = [
    ...partsOf(design, mainBounds, recipe.params, recipe.looks, text, layout.mainAt, own),
    ...partsOf(other, layout.otherBounds, companion.params, companion.looks, '', layout.otherAt, (part) =>
      companionPartName(other, part),
    ),
  ];
  if (companion.place === 'beside') {
    const [bx, by] = layout.bounds;
    const name = parts.some((p) => p.name === 'ground') ? 'ground plate' : 'ground';
    const look = recipe.looks[name]?.colour ?? 'green';
    parts.push({ name, paint: { colour: look }, shape: box(0, 0, 0, bx, by, PLATE) });
  }
  return { version: DESIGN_LANGUAGE_VERSION, name: design.id, bounds: layout.bounds, parts };
}
