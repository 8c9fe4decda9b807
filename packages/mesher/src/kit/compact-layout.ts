// Fewer parts after the greedy layout, by local search: around every small block (1×1, 1×2, 1×3)
// the blocks of the same layer and colour within a few cells are taken out and their cells re-tiled
// with the fewest blocks an exact search finds. A re-tiling is kept only when the kit stays in as
// few connected groups as before (cells never move, so the centre of mass and the footprint, and
// with them the stability verdict, are unchanged); otherwise the next tiling of that count is
// tried, then the old blocks are put back. Passes repeat while they save blocks.

import { type BrickLayout, WORK_COSTS } from './brick-layout';
import { minTilings } from './min-tiling';

export interface CompactOptions {
  /**
   * Work allowed, in units of `layout.work` (WORK_COSTS); what is done when it runs out is kept.
   * Work, not time, so the kit is the same on every machine.
   */
  workBudget: number;
  /** How far (cells) around a small block its neighbours are taken in. */
  reach?: number;
  /** Most cells re-tiled at once; the blocks nearest the small one are taken first. */
  maxCells?: number;
  /** Search nodes per re-tiling. */
  nodeBudget?: number;
  /** Tilings of the best count tried before giving up on a neighbourhood. */
  tilingsPerTry?: number;
  /** Called between layers; may throw to stop (cancellation) and has no other effect. */
  checkpoint?: () => void;
}

export interface CompactResult {
  /** Blocks saved. */
  saved: number;
  /** Work spent, in units of `layout.work`. */
  work: number;
  /** True when the search ended on its own (a pass saved nothing, or the last pass ran), not on the budget. */
  finished: boolean;
}

/** Blocks of at most this many cells are the ones worth replacing. */
const SMALL_BLOCK_CELLS = 3;
const MAX_PASSES = 4;

export function compactLayout(layout: BrickLayout, options: CompactOptions): CompactResult {
  const workStart = layout.work;
  const reach = options.reach ?? 2;
  const maxCells = options.maxCells ?? 40;
  const { nx, ny, nz, layerSize, owner } = layout;
  let groups = layout.components().count;
  let saved = 0;
  const result = (finished: boolean): CompactResult => ({ saved, work: layout.work - workStart, finished });
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const savedBefore = saved;
    for (let z = 0; z < nz; z++) {
      options.checkpoint?.();
      const base = z * layerSize;
      // Blocks placed during this layer's re-tilings get higher ids and are visited too.
      for (let id = 0; id < layout.bx.length; id++) {
        if (layout.work - workStart >= options.workBudget) return result(false);
        layout.work += WORK_COSTS.scanCell;
        if (!layout.alive[id] || layout.bz[id] !== z) continue;
        const sx = layout.bsx[id]!;
        const sy = layout.bsy[id]!;
        if (sx * sy > SMALL_BLOCK_CELLS) continue;
        const colour = layout.bcolour[id]!;
        const cx = layout.bx[id]!;
        const cy = layout.by[id]!;
        const distance = new Map<number, number>();
        for (let y = Math.max(0, cy - reach); y <= Math.min(ny - 1, cy + sy - 1 + reach); y++) {
          for (let x = Math.max(0, cx - reach); x <= Math.min(nx - 1, cx + sx - 1 + reach); x++) {
            layout.work += WORK_COSTS.scanCell;
            const other = owner[base + x + nx * y]!;
            if (other < 0 || layout.bcolour[other] !== colour) continue;
            const d = Math.max(Math.abs(x - cx), Math.abs(y - cy));
            distance.set(other, Math.min(distance.get(other) ?? d, d));
          }
        }
        const chosen: number[] = [];
        let cellCount = 0;
        for (const [other] of [...distance].sort((a, b) => a[1] - b[1] || a[0] - b[0])) {
          const area = layout.bsx[other]! * layout.bsy[other]!;
          if (cellCount + area > maxCells) continue;
          chosen.push(other);
          cellCount += area;
        }
        if (chosen.length < 2) continue;
        const gain = retile(layout, chosen, z, colour, groups, options);
        if (gain > 0) {
          saved += gain;
          groups = layout.components().count;
        }
      }
    }
    if (saved === savedBefore) break;
  }
  return result(true);
}

/**
 * Replaces `ids` (blocks of one layer and colour) by the fewest blocks covering the same cells, if
 * that keeps the kit within `groups` connected groups. Returns the blocks saved (0: unchanged).
 */
function retile(
  layout: BrickLayout,
  ids: number[],
  z: number,
  colour: number,
  groups: number,
  options: CompactOptions,
): number {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const id of ids) {
    x0 = Math.min(x0, layout.bx[id]!);
    y0 = Math.min(y0, layout.by[id]!);
    x1 = Math.max(x1, layout.bx[id]! + layout.bsx[id]! - 1);
    y1 = Math.max(y1, layout.by[id]! + layout.bsy[id]! - 1);
  }
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const mask = new Uint8Array(width * height);
  for (const id of ids) {
    for (let j = 0; j < layout.bsy[id]!; j++) {
      const row = (layout.by[id]! - y0 + j) * width + layout.bx[id]! - x0;
      mask.fill(1, row, row + layout.bsx[id]!);
    }
  }
  const work = { nodes: 0 };
  const tilings = minTilings(mask, width, height, {
    below: ids.length,
    maxTilings: options.tilingsPerTry ?? 4,
    nodeBudget: options.nodeBudget ?? 4000,
    work,
  });
  layout.work += WORK_COSTS.scanCell * width * height + WORK_COSTS.tilingNode * work.nodes;
  if (tilings.length === 0) return 0;
  for (const id of ids) layout.remove(id);
  for (const tiling of tilings) {
    const placed = tiling.map((b) => layout.place(b.x + x0, b.y + y0, z, b.sx, b.sy, colour));
    if (layout.components().count <= groups) return ids.length - tiling.length;
    for (const id of placed) layout.remove(id);
  }
  // Back under their old ids, so the caller's walk over the ids does not meet them again.
  for (const id of ids) layout.revive(id);
  layout.components();
  return 0;
}
