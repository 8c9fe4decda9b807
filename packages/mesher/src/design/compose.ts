// A library design, a size, parameters and looks → a design-language program. The recipe (what a
// draft keeps to edit and regenerate) is everything this needs, so a rebuild is deterministic.

import type { PaletteColourId } from '../colour/palette';
import { LIBRARY, type LibraryDesign } from './library';
import { DESIGN_LANGUAGE_VERSION, type DesignProgram, type Paint, type Vec3 } from './program';

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
export function designBounds(design: LibraryDesign, recipe: Pick<DesignRecipe, 'size' | 'sides'>): Vec3 {
  const size = Math.max(
    design.minSize ?? MIN_DESIGN_SIZE,
    Math.min(MAX_DESIGN_SIZE, Math.round(recipe.size)),
  );
  const s = recipe.sides ?? {};
  const named = (['height', 'width', 'depth'] as const).find((k) => s[k] !== undefined);
  const index = { width: 0, depth: 1, height: 2 } as const;
  const scale = named ? s[named]! / design.ratio[index[named]] : size;
  const side = (k: 'width' | 'depth' | 'height') =>
    Math.max(
      4,
      Math.min(
        MAX_DESIGN_SIZE,
        Math.round(s[k] ?? Math.max(design.minSize ?? MIN_DESIGN_SIZE, scale) * design.ratio[index[k]]),
      ),
    );
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
): Paint {
  const look = design.parts[part]!;
  const colour = choice?.colour ?? look.colour;
  const pattern = choice?.pattern ?? (look.stripes ? 'stripes' : 'plain');
  const fallbackSecond: PaletteColourId = colour === 'white' ? 'red' : 'white';
  const second = choice?.second ?? (look.stripes && look.stripes !== colour ? look.stripes : fallbackSecond);
  if (pattern === 'stripes')
    return { pattern: 'stripes', axis: 'z', width: stripe, colours: [colour, second] };
  if (pattern === 'checks') return { pattern: 'checks', width: 2, colours: [colour, second] };
  if (pattern === 'gradient') return { pattern: 'gradient', axis: 'z', colours: [colour, second] };
  return { colour };
}

export function composeProgram(recipe: DesignRecipe): DesignProgram {
  const design = designById(recipe.design);
  if (!design) throw new RangeError(`No design "${recipe.design}" in the library`);
  const bounds = designBounds(design, recipe);
  const built = design.build(bounds, designParams(design, recipe.params), recipe.text ?? '');
  const parts: DesignProgram['parts'] = Object.keys(design.parts)
    .filter((name) => built.parts[name] !== undefined)
    .map((name) => ({
      name,
      paint: paintOf(design, name, recipe.looks[name], built.stripeWidth ?? 3),
      shape: built.parts[name]!,
    }));
  if (built.carve)
    parts.push({ name: 'openings', paint: { colour: 'white' }, shape: built.carve, mode: 'carve' });
  return { version: DESIGN_LANGUAGE_VERSION, name: design.id, bounds, parts };
}
