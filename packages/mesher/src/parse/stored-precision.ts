// Coordinates a file stores as 32-bit floats (binary STL, binary PLY with `float` x, y, z) carry
// 24 significant bits: far from the origin, the file itself has already rounded the model's points
// to a coarse grid, which no reader can undo (recentring in float64 keeps what is there, not what
// was lost). A note says so when the rounding is coarser than 1/1024 of the model's size, a quarter
// of a cell at the largest kit size (256), so the designer knows why detail is missing and how to
// get it back: export the model near the origin.

import type { ParseWarning } from './parse-warning';

/** Rounding steps finer than this share of the model's largest extent are not worth a note. */
export const COARSE_STEP_SHARE = 1 / 1024;

/**
 * The note for positions stored as float32 (`positions` hold exactly float32 values, x y z per
 * vertex), or null when their rounding is below COARSE_STEP_SHARE of the model's size.
 */
export function float32RoundingNote(positions: ArrayLike<number>): ParseWarning | null {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  const extent = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  const far = Math.max(...min.map(Math.abs), ...max.map(Math.abs));
  if (!(extent > 0) || !Number.isFinite(far) || far === 0) return null;
  // The spacing of float32 values at `far`: 2^(exponent − 23).
  const step = 2 ** (Math.floor(Math.log2(far)) - 23);
  if (step <= extent * COARSE_STEP_SHARE) return null;
  const share = Math.round(extent / step);
  return {
    code: 'COARSE_COORDINATES',
    message: `The file stores coordinates as 32-bit numbers and the model lies about ${formatUnits(far)} units from the origin, so its points were already rounded to steps of ${formatUnits(step)} units (about 1/${share} of its size) in the file; finer detail is lost. Export it placed near the origin to keep it.`,
  };
}

function formatUnits(value: number): string {
  return value >= 1e5 || value < 1e-3 ? value.toExponential(1) : String(Number(value.toPrecision(3)));
}
