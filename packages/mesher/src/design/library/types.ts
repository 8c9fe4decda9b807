// What a library design is, and the small helpers the designs share: the procedural provider's
// library holds designs people recognise, each a function from its size (bounds in cells) and typed,
// bounded parameters to the parts of a design-language program. Designs stand on their own footprint
// or on a plinth, keep every slab at least two layers thick and hang nothing from above, so the block
// layout can interlock them into one stable piece.

import type { PaletteColourId } from '../../colour/palette';
import type { DesignNode, Vec2, Vec3 } from '../program';
import { box, cyl, extrude, mirror, prism, union } from '../shapes';

export interface DesignParam {
  id: string;
  min: number;
  max: number;
  default: number;
}

export interface PartLook {
  colour: PaletteColourId;
  /** The part is striped by default, with this second colour. */
  stripes?: PaletteColourId;
  /** The part is chequered by default (patches), with this second colour. */
  checks?: PaletteColourId;
}

export interface DesignBuild {
  /** A node per part; a part a parameter turns off (a house without a chimney) is left out. */
  parts: Record<string, DesignNode>;
  /** Cells emptied after every part is drawn (doors, windows). */
  carve?: DesignNode;
  /** Height of each stripe (cells) where a part is striped; 3 when not given. */
  stripeWidth?: number;
  /** Side of each square (cells) where a part is chequered; 2 when not given. */
  checkWidth?: number;
}

export interface LibraryDesign {
  id: string;
  /** Words that name it, singular, lower case; the first is its name. */
  words: string[];
  /** Width, depth, height as fractions of the longest side. */
  ratio: Vec3;
  /** The proportions for a text, where they follow it (a word is wider than one letter). */
  ratioOf?: (text: string) => Vec3;
  /** The smallest longest side that fits a text (one cell a font cell), where it is larger than minSize. */
  minSizeOf?: (text: string) => number;
  /** Parts in drawing order with their default look. */
  parts: Record<string, PartLook>;
  /**
   * Other senses of a word this design takes only in context: the knight is "a chess horse"
   * ({ word: 'horse', context: ['chess'] }), while "a horse" is the animal.
   */
  senses?: Array<{ word: string; context: string[] }>;
  /**
   * Colours a word brings with it when the prompt names the design by that word: a sunflower's
   * petals are yellow ({ sunflower: { petals: 'yellow' } }); colours the prompt gives still win.
   */
  wordLooks?: Record<string, Record<string, PaletteColourId>>;
  /**
   * A design another can stand on ("a rocket on a launch pad", "a lighthouse on a rock"): its top
   * is flat over the middle half of its footprint.
   */
  carrier?: boolean;
  /** The part a colour without a part ("a red lighthouse") goes to; the first part if not given. */
  body?: string;
  params: DesignParam[];
  /** Smallest longest side at which the design keeps its features. */
  minSize?: number;
  /**
   * Largest longest side at which its joints still hold (a helicopter's rotor is carried by its mast
   * alone): a larger size asked for is built at this one.
   */
  maxSize?: number;
  build(bounds: Vec3, params: Record<string, number>, text: string): DesignBuild;
}

/** At least two cells: the thinnest a slab or wall the layout interlocks. */
export const t = (v: number) => Math.max(2, Math.round(v));
export const r = Math.round;

export const param = (id: string, min: number, max: number, def: number): DesignParam => ({
  id,
  min,
  max,
  default: def,
});

/** A flat outline (x, z) stood upright, `thickness` deep from y = at[1]. */
export function upright(outline: Vec2[], thickness: number, at: Vec3): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [at[0], at[1] + thickness, at[2]] },
    child: extrude(0, 0, 0, outline, thickness),
  };
}

/** An upright disc facing y, `thick` deep from y0, centred at (x, z). */
export function faceY(x: number, y0: number, z: number, radius: number, thick: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [x, y0 + thick, z] },
    child: cyl(0, 0, 0, radius, thick),
  };
}

/** A wheel of radius `radius` facing sideways, its centre at (x, ·, radius), on both sides of the body. */
export function wheels(xs: number[], radius: number, D: number): DesignNode {
  return union(
    ...xs.map((x) =>
      mirror('y', D / 2, {
        type: 'place',
        transform: { rotate: [1, 0, 0], translate: [x, 2, radius] },
        child: cyl(0, 0, 0, radius, 2),
      }),
    ),
  );
}

/** A gable house body: walls, a prism roof along x, a door carved in the front. */
export function house(W: number, D: number, H: number, wallShare: number) {
  const wallH = t(H * wallShare);
  return {
    walls: box(0, 0, 0, W, D, wallH),
    roof: prism(0, 0, wallH, W, D, H - wallH),
    wallH,
  };
}
