// The tipping margin: how far a model can be tilted, in any direction, before its centre of mass
// leaves its support polygon (the convex hull of what touches the ground) and it falls over.
//
// Tilted by θ about the hull edge nearest the centre of mass, at distance d inside it and height h
// above the floor, the centre of mass passes over that edge when tan θ = d / h; any other direction
// tips about a farther edge. So the margin is atan(d / h), in millimetres of the built kit (16 mm
// cells and 16 mm layers): a cone balanced on a 2 × 2 tip with its centre of mass 47.6 layers up
// has 1 cell of d, atan(1 / 47.6) = 1.2°; a cube standing on a face has atan(0.5 / 0.5) = 45°.
//
// The thresholds (docs/decisions.md, "The tipping margin"):
// - `standsDeg` 10°: "stands" needs at least this. Stability tests of things that stand on a floor
//   tilt them by 10° to 15° (toys that a child leans on, ride-on toys, storage furniture); the
//   lower end is asked of a model that stands on a shelf: it survives a sloping shelf, a nudge or a
//   door slammed nearby (a sideways push of tan 10° = 0.18 of its weight). Between `minimumDeg`
//   and this, the model stands with a weak point: it tips at that tilt, and the report says so.
// - `minimumDeg` 5°: below it the model falls over at a touch (tan 5° = 0.09 of its weight, a
//   floor out of level, the play of the pins): the verdict fails. It is also the tilt the pose
//   chooser asks of a pose that stands, so a pose it keeps is one the validator does not fail.
// Every partial build of the steps is held to the same `standsDeg`, except that none is asked more
// than the finished model has (partial-balance.ts): a half-built model as steady as the finished
// one needs no holding.

import { KIT_TIPPING_DEGREES } from '@kitwright/contracts';
import { BLOCK_MODULE } from '../constants';

export const TIPPING = Object.freeze({
  /** A model (and each partial build) stands plainly when it can be tilted this far (degrees). */
  standsDeg: KIT_TIPPING_DEGREES.stands,
  /** Below this (degrees) the finished model falls at a touch: it fails. */
  minimumDeg: KIT_TIPPING_DEGREES.minimum,
});

/**
 * The tipping margin (degrees) of a centre of mass `margin` cells inside its support polygon
 * (negative outside) and `height` layers above the floor: atan(d / h) in millimetres, from −90 to
 * 90. Infinite margins (no contact) give ±90.
 */
export function tippingAngleDeg(margin: number, height: number): number {
  if (!Number.isFinite(margin)) return margin > 0 ? 90 : -90;
  const d = margin * BLOCK_MODULE.pitchMm;
  const h = Math.max(0, height) * BLOCK_MODULE.layerHeightMm;
  return (Math.atan2(d, h) * 180) / Math.PI;
}

/** The angle rounded to a tenth of a degree, as reports give it. */
export function roundAngle(angle: number): number {
  return Math.round(angle * 10) / 10;
}
