// Whether each partial build stands: after every step, the centre of mass of the blocks placed so
// far must lie over the ground contact those blocks already have (the blocks within the ground-
// contact tolerance of the floor, GROUND_CONTACT in stability.ts), at least the required margin
// inside its convex hull, with the tipping margin a model needs to stand (tipping.ts). Where a step leaves the partial build leaning out beyond its base, no
// order of the blocks can always help (a T's cross-bar tips whichever arm is built first, because
// each arm hangs from the one above it), so the kit's step says to hold the model upright until the
// step after which it stands again (`BuildStep.holdUntilStep`), and the stability check accepts a
// partial build that tips only where its step says so.

import { type BuildStep, blockIndexOf, type KitBlock } from '../kit/block-kit';
import { BLOCK_MODULE } from '../kit/catalogue';
import { convexHull, type Point, signedDistanceToHull } from './convex-hull';
import { TIPPING, tippingAngleDeg } from './tipping';

/** The ground-contact tolerance and margin (millimetres of the built kit). */
export const GROUND_CONTACT = Object.freeze({
  /** A cell whose underside is this close to the floor touches it (at least the lowest layer). */
  gapMm: 1,
  /** The tolerance grows with the model: 1/50 of its height (10 mm at 32 layers, 41 mm at 128). */
  heightShare: 1 / 50,
  /** The centre of mass must lie at least this far inside the contact polygon. */
  marginMm: 1,
});

/** The ground-contact tolerance (mm) of a model `layers` high. */
export function groundToleranceMm(layers: number): number {
  return Math.max(GROUND_CONTACT.gapMm, GROUND_CONTACT.heightShare * layers * BLOCK_MODULE.layerHeightMm);
}

/** The highest layer whose underside can lie within the ground-contact tolerance of a model `layers` high. */
export function lastContactLayer(layers: number): number {
  return Math.min(layers - 1, Math.floor(groundToleranceMm(layers) / BLOCK_MODULE.layerHeightMm));
}

/** The margin (cells) the centre of mass must keep inside the contact polygon. */
export const REQUIRED_MARGIN_CELLS = GROUND_CONTACT.marginMm / BLOCK_MODULE.pitchMm;

export interface PartialBalance {
  /** For each step (by index), whether the partial build after it tips over (or tips too easily: below `requiredDeg`). */
  tips: boolean[];
  /** For each step (by index), the signed margin (cells) of its centre of mass; -Infinity before any contact. */
  margin: number[];
  /** For each step (by index), its tipping margin (degrees, tipping.ts). */
  tiltDeg: number[];
  /**
   * The tipping margin every partial build needs (degrees): TIPPING.standsDeg, but never more than
   * the finished model (the last step) has, nor less than TIPPING.minimumDeg.
   */
  requiredDeg: number;
}

/**
 * Replays `steps` over `blocks` (a step's `blockIds` are block ids; a block placed twice counts
 * once) for a model `layers` high, and judges each partial build on its own ground contact: its
 * centre of mass must lie at least REQUIRED_MARGIN_CELLS inside it, with a tipping margin of at
 * least `requiredDeg` (TIPPING.standsDeg, or what the finished model has if that is less, but at
 * least TIPPING.minimumDeg: a partial build as steady as the finished model is not held, and the
 * finished model's own margin is its verdict's business).
 */
export function partialBuildBalance(
  blocks: readonly KitBlock[],
  steps: readonly Pick<BuildStep, 'blockIds'>[],
  layers: number,
): PartialBalance {
  const contactTop = lastContactLayer(layers);
  const indexOf = blockIndexOf(blocks);
  const placed = new Uint8Array(blocks.length);
  const margin: number[] = [];
  const tiltDeg: number[] = [];
  let mass = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  let hull: Point[] = [];
  for (const step of steps) {
    const corners: Point[] = [];
    for (const id of step.blockIds) {
      const index = indexOf(id);
      if (index === undefined || placed[index] === 1) continue;
      placed[index] = 1;
      const block = blocks[index]!;
      const cells = block.size.x * block.size.y;
      mass += cells;
      mx += cells * (block.x + block.size.x / 2);
      my += cells * (block.y + block.size.y / 2);
      mz += cells * (block.layer + 0.5);
      if (block.layer <= contactTop) {
        corners.push(
          [block.x, block.y],
          [block.x + block.size.x, block.y],
          [block.x, block.y + block.size.y],
          [block.x + block.size.x, block.y + block.size.y],
        );
      }
    }
    if (corners.length > 0) hull = convexHull(hull.concat(corners));
    const m = mass > 0 ? signedDistanceToHull(hull, [mx / mass, my / mass]) : Infinity;
    margin.push(m);
    tiltDeg.push(tippingAngleDeg(m, mass > 0 ? mz / mass : 0));
  }
  const finished = tiltDeg.length > 0 ? tiltDeg[tiltDeg.length - 1]! : TIPPING.standsDeg;
  const requiredDeg = Math.max(TIPPING.minimumDeg, Math.min(TIPPING.standsDeg, finished));
  const tips = margin.map((m, k) => m < REQUIRED_MARGIN_CELLS - 1e-9 || tiltDeg[k]! < requiredDeg - 1e-9);
  return { tips, margin, tiltDeg, requiredDeg };
}

/**
 * For each step (by index), the 1-based step until which the builder must hold the model upright
 * (the first later step after which it stands again), or null where the partial build stands. A run
 * of tipping steps that lasts to the last step gets null too: the finished model tips over, which
 * holding cannot fix (the stability check reports it as TIPS_OVER).
 */
export function holdUntilSteps(balance: PartialBalance): (number | null)[] {
  const n = balance.tips.length;
  const out: (number | null)[] = new Array(n).fill(null);
  let i = 0;
  while (i < n) {
    if (!balance.tips[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && balance.tips[j]) j++;
    // Steps i..j-1 tip; step j (0-based) is the first after which it stands: its number is j + 1.
    if (j < n) for (let k = i; k < j; k++) out[k] = j + 1;
    i = j;
  }
  return out;
}
