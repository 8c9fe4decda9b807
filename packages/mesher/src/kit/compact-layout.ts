// Fewer parts after the greedy layout, by local search: around every small block (1×1, 1×2, 1×3)
// the blocks of the same layer and colour within a few cells are taken out and their cells re-tiled
// with the fewest blocks an exact search finds. A re-tiling is kept only when the kit stays in as
// few connected groups as before (cells never move, so the centre of mass and the footprint, and
// with them the stability verdict, are unchanged); otherwise the next tiling of that count is
// tried, then the old blocks are put back. Passes repeat while they save blocks.
//
// Before that, given an exact solver (region-solver.ts, HiGHS), whole regions of a layer (same-colour
// cells that touch side by side, up to REGION_CELLS) are re-tiled with their fewest blocks: on thin
// figures a limb's or a shell's band is one region, and the fewest blocks for it can move every
// seam along it, which no 5×5 neighbourhood can. A region's new tiling is kept when it does not add
// more than PIN_SLACK parts (blocks and pins to the layers around it, pinsForOverlap) and the kit
// stays in as few groups; where it splits the kit, the next best tilings are tried (ALTERNATIVES in
// all), then the joining (`BrickLayout.repair`) may re-lay around the split of the best, kept only
// if the kit is whole again with fewer blocks than before (the joining may move blocks of other
// layers too).

import { pinsForOverlap } from './block-kit';
import { type BrickLayout, WORK_COSTS } from './brick-layout';
import { cellShares, minTilings, type PlacedFootprint, SHARE_UNIT } from './min-tiling';
import { type RegionSolver, type RegionWork, regionWork } from './region-solver';

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
  /** Exact solver for whole regions (region-solver.ts); without it only neighbourhoods are re-tiled. */
  regionSolver?: RegionSolver;
  /** Regions of up to this many cells are solved whole (default REGION_CELLS). */
  regionCells?: number;
  /** Work the region solver may spend on the model (default REGION_WORK_BUDGET; region-solver.ts). */
  regionWorkBudget?: number;
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
  /** What the region solver spent (absent without one). */
  regionWork?: RegionWork;
}

/** Blocks of at most this many cells are the ones worth replacing. */
const SMALL_BLOCK_CELLS = 3;
const MAX_PASSES = 4;
/** Regions of up to this many cells are solved whole when a region solver is given. */
export const REGION_CELLS = 200;
/** Passes over the regions; after the first, only layers next to one that changed are solved again. */
const REGION_PASSES = 3;
/** Parts (blocks and pins) a region's re-tiling may add for fewer blocks. */
const PIN_SLACK = 4;
/** Tilings of a region tried, best first, before the joining is asked to make the kit whole. */
const ALTERNATIVES = 3;
/** Bridges the joining may try to make the kit whole again after a region's re-tiling split it. */
const REJOIN_ATTEMPTS = 40;

export function compactLayout(layout: BrickLayout, options: CompactOptions): CompactResult {
  const workStart = layout.work;
  const reach = options.reach ?? 2;
  const maxCells = options.maxCells ?? 40;
  const { nx, ny, nz, layerSize, owner } = layout;
  let groups = layout.components().count;
  let saved = 0;
  const work = options.regionSolver ? regionWork(options.regionWorkBudget) : undefined;
  const result = (finished: boolean): CompactResult => ({
    saved,
    work: layout.work - workStart,
    finished,
    ...(work ? { regionWork: work } : {}),
  });
  if (options.regionSolver) {
    const unbounded = options.regionSolver;
    // Every region of the model draws on one work budget (a count of simplex iterations).
    const solver: RegionSolver = (problem) => unbounded({ ...problem, work });
    const regionCells = options.regionCells ?? REGION_CELLS;
    const label = new Uint8Array(layerSize);
    const queue = new Int32Array(layerSize);
    let dirty = new Uint8Array(nz).fill(1);
    for (let pass = 0; pass < REGION_PASSES; pass++) {
      const changed = new Uint8Array(nz);
      for (let z = 0; z < nz; z++) {
        if (!dirty[z] && !(z > 0 && dirty[z - 1]) && !(z + 1 < nz && dirty[z + 1])) continue;
        options.checkpoint?.();
        const base = z * layerSize;
        label.fill(0);
        for (let start = 0; start < layerSize; start++) {
          if (layout.work - workStart >= options.workBudget) return result(false);
          layout.work += WORK_COSTS.scanCell;
          const first = owner[base + start]!;
          if (first < 0 || label[start] === 1) continue;
          // The region of `start`: covered cells of its colour reached side by side.
          const colour = layout.bcolour[first]!;
          let tail = 0;
          queue[tail++] = start;
          label[start] = 1;
          for (let head = 0; head < tail; head++) {
            const cell = queue[head]!;
            const x = cell % nx;
            layout.work += WORK_COSTS.scanCell;
            const visit = (next: number): void => {
              if (label[next] === 1) return;
              const id = owner[base + next]!;
              if (id < 0 || layout.bcolour[id] !== colour) return;
              label[next] = 1;
              queue[tail++] = next;
            };
            if (x > 0) visit(cell - 1);
            if (x + 1 < nx) visit(cell + 1);
            if (cell >= nx) visit(cell - nx);
            if (cell + nx < layerSize) visit(cell + nx);
          }
          if (tail > regionCells) continue;
          const ids = [...new Set(Array.from(queue.subarray(0, tail), (cell) => owner[base + cell]!))].sort(
            (a, b) => a - b,
          );
          if (ids.length < 2) continue;
          const gain = retileRegion(layout, ids, z, colour, groups, solver);
          if (gain > 0) {
            saved += gain;
            groups = layout.components().count;
            changed[z] = 1;
          }
        }
      }
      dirty = changed;
      if (!dirty.includes(1)) break;
    }
  }
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
  const { x0, y0, width, height, mask } = maskOf(layout, ids);
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

/** The bounding box of blocks `ids` and a mask of their cells in it. */
function maskOf(
  layout: BrickLayout,
  ids: number[],
): { x0: number; y0: number; width: number; height: number; mask: Uint8Array } {
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
  return { x0, y0, width, height, mask };
}

/**
 * Replaces the blocks `ids` (one whole region of layer z) by the solver's fewest blocks, if that
 * adds at most PIN_SLACK parts and keeps the kit (or, after the joining, makes it again) within
 * `groups` connected groups with fewer blocks. Returns the blocks saved (0: unchanged).
 */
function retileRegion(
  layout: BrickLayout,
  ids: number[],
  z: number,
  colour: number,
  groups: number,
  solver: RegionSolver,
): number {
  const { x0, y0, width, height, mask } = maskOf(layout, ids);
  // No block covers more than SHARE_UNIT of the cells' shares (min-tiling.ts): when the shares
  // already need as many blocks as the region has, it is tiled with its fewest.
  const { shares, visits } = cellShares(mask, width, height);
  let share = 0;
  for (const s of shares) share += s;
  layout.work += WORK_COSTS.scanCell * (width * height + visits);
  if (Math.ceil(share / SHARE_UNIT) >= ids.length) return 0;
  const pins = (p: PlacedFootprint) => pinsOf(layout, [p], x0, y0, z);
  let cells = 0;
  for (const v of mask) cells += v;
  const old = ids.map((id) => ({
    x: layout.bx[id]! - x0,
    y: layout.by[id]! - y0,
    sx: layout.bsx[id]!,
    sy: layout.bsy[id]!,
  }));
  const partsBefore = ids.length + pinsOf(layout, old, x0, y0, z);
  const firstNew = layout.bx.length;
  const aliveBefore = layout.alive.slice();
  let blocksBefore = 0;
  for (const a of aliveBefore) if (a) blocksBefore++;
  // The best tiling, then (where it splits the kit) the next best, up to ALTERNATIVES in all.
  const excluded: PlacedFootprint[][] = [];
  for (let attempt = 0; attempt < ALTERNATIVES; attempt++) {
    // The solver's own steps are not counted by HiGHS; its problem's size is.
    layout.work += WORK_COSTS.tilingNode * cells;
    const tiling = solver({ mask, width, height, below: ids.length, pins, excluded });
    if (!tiling || tiling.length + pinsOf(layout, tiling, x0, y0, z) > partsBefore + PIN_SLACK) break;
    for (const id of ids) layout.remove(id);
    const placed = tiling.map((b) => layout.place(b.x + x0, b.y + y0, z, b.sx, b.sy, colour));
    if (layout.components().count <= groups) return ids.length - tiling.length;
    excluded.push(tiling);
    for (const id of placed) layout.remove(id);
    for (const id of ids) layout.revive(id);
  }
  if (excluded.length === 0) return 0;
  for (const id of ids) layout.remove(id);
  for (const b of excluded[0]!) layout.place(b.x + x0, b.y + y0, z, b.sx, b.sy, colour);
  // The new seams split the kit: the joining may re-lay around the split.
  const count = layout.repair(REJOIN_ATTEMPTS);
  let blocksAfter = 0;
  for (const a of layout.alive) if (a) blocksAfter++;
  if (count <= groups && blocksAfter < blocksBefore) return blocksBefore - blocksAfter;
  // Undone: the blocks placed since are taken out and those taken out put back under their ids.
  for (let id = firstNew; id < layout.bx.length; id++) if (layout.alive[id]) layout.remove(id);
  for (let id = 0; id < firstNew; id++) if (aliveBefore[id] && !layout.alive[id]) layout.revive(id);
  layout.components();
  return 0;
}

/**
 * Pins (pinsForOverlap per pair) that blocks placed at (x0, y0) + each footprint in layer z would
 * share with the blocks of layers z - 1 and z + 1 as they are now.
 */
function pinsOf(layout: BrickLayout, tiling: PlacedFootprint[], x0: number, y0: number, z: number): number {
  const { nx, nz, layerSize, owner } = layout;
  let pins = 0;
  const counts = new Map<number, number>();
  for (const b of tiling) {
    for (const dz of [-1, 1]) {
      if (z + dz < 0 || z + dz >= nz) continue;
      counts.clear();
      for (let j = 0; j < b.sy; j++) {
        for (let i = 0; i < b.sx; i++) {
          const other = owner[(z + dz) * layerSize + x0 + b.x + i + nx * (y0 + b.y + j)]!;
          if (other >= 0) counts.set(other, (counts.get(other) ?? 0) + 1);
        }
      }
      for (const cells of counts.values()) pins += pinsForOverlap(cells);
    }
  }
  return pins;
}
