// Exact fewest-block tilings of a small region of one layer (a polyomino of same-colour cells) by the
// catalogue's footprints: depth-first search from the first uncovered cell in row order (which must
// be the top-left corner of whatever block covers it), largest blocks first, pruned by the best count
// found so far and a node budget. The bound: a cell that no block larger than a cells can cover
// needs at least 1/a of a block, so the cells left need at least the sum of those shares (on thin
// regions, one or two cells wide, far tighter than the cells left over the largest block's area). Returns several tilings of the best count, so a caller can pick
// one that keeps the kit connected.

import { BLOCK_CATALOGUE } from './catalogue';

export interface Footprint {
  sx: number;
  sy: number;
}

export interface PlacedFootprint extends Footprint {
  /** Top-left cell, in the region's own coordinates. */
  x: number;
  y: number;
}

const FOOTPRINTS: Footprint[] = (() => {
  const seen = new Set<string>();
  const out: Footprint[] = [];
  for (const part of BLOCK_CATALOGUE) {
    for (const [sx, sy] of [
      [part.length, part.width],
      [part.width, part.length],
    ] as const) {
      if (seen.has(`${sx}x${sy}`)) continue;
      seen.add(`${sx}x${sy}`);
      out.push({ sx, sy });
    }
  }
  return out.sort((a, b) => b.sx * b.sy - a.sx * a.sy);
})();

/** A common multiple of every footprint area, so a cell's share of a block is a whole number. */
export const SHARE_UNIT = FOOTPRINTS.reduce((m, f) => lcm(m, f.sx * f.sy), 1);

function lcm(a: number, b: number): number {
  let [x, y] = [a, b];
  while (y !== 0) [x, y] = [y, x % y];
  return (a / x) * b;
}

/**
 * Per cell of the mask, SHARE_UNIT over the area of the largest footprint that fits in the mask over
 * it (0 outside the mask): a block of area a covers a cells of share at least SHARE_UNIT / a each,
 * so no block covers more than SHARE_UNIT of share, and the shares of the cells left, over
 * SHARE_UNIT, bound the blocks they still need. `visits`: the placements looked at, for a caller's
 * work count.
 */
export function cellShares(
  mask: Uint8Array,
  width: number,
  height: number,
): { shares: Int32Array; visits: number } {
  const largest = new Int32Array(mask.length);
  let visits = 0;
  for (const { sx, sy } of FOOTPRINTS) {
    const area = sx * sy;
    for (let y = 0; y + sy <= height; y++) {
      for (let x = 0; x + sx <= width; x++) {
        visits++;
        let fits = true;
        for (let j = 0; j < sy && fits; j++) {
          const row = (y + j) * width + x;
          for (let i = 0; i < sx; i++) {
            if (mask[row + i] !== 1) {
              fits = false;
              break;
            }
          }
        }
        if (!fits) continue;
        for (let j = 0; j < sy; j++) {
          const row = (y + j) * width + x;
          for (let i = 0; i < sx; i++) if (largest[row + i]! < area) largest[row + i] = area;
        }
      }
    }
  }
  const shares = new Int32Array(mask.length);
  for (let i = 0; i < mask.length; i++) if (mask[i] === 1) shares[i] = SHARE_UNIT / largest[i]!;
  return { shares, visits };
}

export interface MinTilingOptions {
  /** Only tilings with fewer blocks than this are wanted. */
  below: number;
  /** How many tilings of the best count to return. */
  maxTilings: number;
  /** Search nodes allowed; the best found within them is returned. */
  nodeBudget: number;
  /** The nodes this search visits are added to `nodes`, for a caller's work budget. */
  work?: { nodes: number };
}

/**
 * @param mask width × height bytes, 1 where the region has a cell to cover
 * @returns tilings with the fewest blocks found (all of one count), or [] when none beats `below`
 */
export function minTilings(
  mask: Uint8Array,
  width: number,
  height: number,
  options: MinTilingOptions,
): PlacedFootprint[][] {
  const free = mask.slice();
  const { shares } = cellShares(mask, width, height);
  let remaining = 0;
  for (let i = 0; i < free.length; i++) remaining += shares[i]!;
  let best = options.below;
  let found: PlacedFootprint[][] = [];
  const stack: PlacedFootprint[] = [];
  let nodes = 0;

  const fits = (x: number, y: number, sx: number, sy: number): boolean => {
    if (x + sx > width || y + sy > height) return false;
    for (let j = 0; j < sy; j++) {
      const row = (y + j) * width + x;
      for (let i = 0; i < sx; i++) if (free[row + i] !== 1) return false;
    }
    return true;
  };
  const fill = (x: number, y: number, sx: number, sy: number, value: number): void => {
    for (let j = 0; j < sy; j++) free.fill(value, (y + j) * width + x, (y + j) * width + x + sx);
  };
  const shareOf = (x: number, y: number, sx: number, sy: number): number => {
    let sum = 0;
    for (let j = 0; j < sy; j++) {
      const row = (y + j) * width + x;
      for (let i = 0; i < sx; i++) sum += shares[row + i]!;
    }
    return sum;
  };

  const search = (from: number): void => {
    if (++nodes > options.nodeBudget) return;
    let at = from;
    while (at < free.length && free[at] !== 1) at++;
    if (at === free.length) {
      if (stack.length < best) {
        best = stack.length;
        found = [stack.map((p) => ({ ...p }))];
      } else if (stack.length === best && best < options.below && found.length < options.maxTilings) {
        found.push(stack.map((p) => ({ ...p })));
      }
      return;
    }
    // Every remaining cell needs its share of a block (cellShares).
    const bound = stack.length + Math.ceil(remaining / SHARE_UNIT);
    if (bound > best || (bound === best && (found.length >= options.maxTilings || best === options.below)))
      return;
    const x = at % width;
    const y = (at - x) / width;
    for (const shape of FOOTPRINTS) {
      if (!fits(x, y, shape.sx, shape.sy)) continue;
      fill(x, y, shape.sx, shape.sy, 2);
      const share = shareOf(x, y, shape.sx, shape.sy);
      remaining -= share;
      stack.push({ x, y, sx: shape.sx, sy: shape.sy });
      search(at + shape.sx);
      stack.pop();
      remaining += share;
      fill(x, y, shape.sx, shape.sy, 1);
      if (nodes > options.nodeBudget) return;
    }
  };
  search(0);
  // The node that found the budget spent did no work.
  if (options.work) options.work.nodes += Math.min(nodes, options.nodeBudget);
  return found;
}
