// Voxel grid to BlockKit: block layout (greedy, joined, re-tiled), then the kit written and checked
// (write-kit.ts: pins for every stacked pair of blocks, bill of materials, build steps, metrics) and
// its joints that pins alone cannot hold reinforced by re-tiling around them (reinforce-joints.ts).

import type { VoxelGrid } from '../voxel/voxel-grid';
import type { BlockKit } from './block-kit';
import { BrickLayout } from './brick-layout';
import { bridgeLooseGroups } from './bridge-groups';
import { compactLayout } from './compact-layout';
import type { RegionSolver } from './region-solver';
import { reinforceJoints } from './reinforce-joints';
import { checkAndAnalyseKit, writeKit } from './write-kit';

export { checkAndAnalyseKit, checkKit, kitFromLayout, MESHER_VERSION, writeKit } from './write-kit';

/**
 * Default work budgets, in units of `BrickLayout.work` (WORK_COSTS: cells and blocks visited,
 * tiling-search nodes), never in milliseconds: a time budget stops earlier on a slower or busier
 * machine, and the same model then gives a different kit. Each stands for at least the former time
 * budget on this project's 2-core VM (4 s for joining groups, 300 ms for re-tiling; one unit is
 * 3.4–6 ns there). On the test meshes neither binds: joining ends on its 400 attempts (the 69k
 * bunny at 256 needs 0.68 billion units for them), re-tiling on its own (40 million units at most
 * for models small enough to be re-tiled). BENCHMARK.md, "Work budgets instead of time budgets".
 */
export const REPAIR_WORK_BUDGET = 1_000_000_000;
export const COMPACT_WORK_BUDGET = 100_000_000;

export interface BuildBlockKitOptions {
  /** Local re-layouts allowed while joining separate groups of blocks (default 400). */
  repairAttempts?: number;
  /**
   * Work allowed for joining separate groups (default REPAIR_WORK_BUDGET); what is left is
   * reported. Counted in work units, so the kit does not depend on the machine's speed.
   */
  repairWorkBudget?: number;
  /** Layouts tried per layer (1–16); by default 16 for small models and fewer as models grow. */
  layoutVariants?: number;
  /**
   * Called between layers of the layout, the joining and the re-tiling; it may throw to stop
   * (cancellation, the pipeline's time limit) and has no other effect on the kit.
   */
  checkpoint?: () => void;
  /**
   * Work for re-tiling regions of each layer with fewer blocks after the greedy layout (default
   * COMPACT_WORK_BUDGET for models up to 12,000 cells, none above: larger models already have few
   * small blocks). 0 turns re-tiling off.
   */
  compactWorkBudget?: number;
  /**
   * Exact solver for whole regions of a layer (region-solver.ts, `loadRegionSolver()`), used for
   * models of up to REGION_MODEL_CELLS cells: fewer blocks on thin figures. Without it (the solver
   * loads asynchronously) only small neighbourhoods are re-tiled.
   */
  regionSolver?: RegionSolver;
  /**
   * Default true: groups that meet the rest only side by side are joined by a block added across
   * their border (bridge-groups.ts, marked `added`). False leaves them loose (to study the layout).
   */
  bridge?: boolean;
}

const LARGE_MODEL_CELLS = 250_000;
const HUGE_MODEL_CELLS = 1_000_000;
const SMALL_MODEL_CELLS = 12_000;
/**
 * Models of up to this many cells have whole regions of their layers solved exactly (a size-32 figure
 * has 1,000–5,000 cells). Larger ones have proportionally fewer small blocks and would pay seconds
 * for a few tenths of a point.
 */
export const REGION_MODEL_CELLS = 6_000;

/** True when `layOutBlocks` would use a region solver for this grid (so a caller loads it only then). */
export function wantsRegionSolver(grid: VoxelGrid): boolean {
  let filled = 0;
  for (let i = 0; i < grid.cells.length; i++)
    if (grid.cells[i] !== 0 && ++filled > REGION_MODEL_CELLS) return false;
  return true;
}

export function buildBlockKit(grid: VoxelGrid, options: BuildBlockKitOptions = {}): BlockKit {
  // The layout is not referenced once the kit is written, so its arrays (about 110 MB for the
  // bunny at 256) can be collected before the checks and the stability analysis run.
  const room = withRoomToBridge(grid);
  const layout = layOutBlocks(room, options);
  const kitGrid = withoutUnusedRoom(layout, room, grid.dims[2]);
  return finishKit(writeKit(layout, kitGrid), kitGrid);
}

/**
 * Checks a written kit (checkKit) and reinforces the joints its pins cannot hold by re-tiling around
 * them (reinforce-joints.ts): the kit every caller of the layout ships.
 */
export function finishKit(kit: BlockKit, grid: VoxelGrid): BlockKit {
  const checked = checkAndAnalyseKit(kit, grid);
  return reinforceJoints(checked.kit, checked.stability, grid).kit;
}

/**
 * A grid one layer thick, with an empty layer above it for the blocks that join its groups.
 * Blocks join only by stacking, so a model one layer thick (a plate, a rod lying flat) larger than
 * one block could never be one piece: its blocks lay side by side with nothing to pin them, and
 * `bridgeLooseGroups` had no layer to add a block in (a 200-long rod at 32 kept one block, 8 of its
 * 32 cells, the rest trimmed as specks; a 16 × 16 plate came out as 16 loose blocks). Other grids
 * are returned as they are: a thicker model's groups are bridged in its own free layers.
 */
export function withRoomToBridge(grid: VoxelGrid): VoxelGrid {
  if (grid.dims[2] !== 1) return grid;
  const [nx, ny] = grid.dims;
  const cells = new Uint8Array(nx * ny * 2);
  cells.set(grid.cells);
  return { ...grid, dims: [nx, ny, 2], cells };
}

/** The grid a kit is written against: `layers` deep again when no block stands in the room above. */
export function withoutUnusedRoom(layout: BrickLayout, grid: VoxelGrid, layers: number): VoxelGrid {
  if (grid.dims[2] === layers) return grid;
  for (let id = 0; id < layout.bx.length; id++) if (layout.alive[id] && layout.bz[id]! >= layers) return grid;
  const [nx, ny] = grid.dims;
  return { ...grid, dims: [nx, ny, layers], cells: grid.cells.slice(0, nx * ny * layers) };
}

/** The block layout of a grid (greedy layout, joining, re-tiling), before it is written as a kit. */
export function layOutBlocks(grid: VoxelGrid, options: BuildBlockKitOptions = {}): BrickLayout {
  const layout = new BrickLayout(grid.dims, grid.cells);
  let filled = 0;
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i] !== 0) filled++;
  // More layouts per layer find fewer blocks (16 rather than 3 saves about 1% of the parts) but
  // cost time linearly, so larger models get fewer and the pipeline keeps its time budget.
  const variants =
    filled > HUGE_MODEL_CELLS ? 1 : filled > LARGE_MODEL_CELLS ? 2 : filled > SMALL_MODEL_CELLS ? 3 : 16;
  layout.layAll(options.layoutVariants ?? variants, options.checkpoint);
  layout.repair(
    options.repairAttempts ?? 400,
    options.repairWorkBudget ?? REPAIR_WORK_BUDGET,
    options.checkpoint,
  );
  const compactBudget = options.compactWorkBudget ?? (filled <= SMALL_MODEL_CELLS ? COMPACT_WORK_BUDGET : 0);
  if (compactBudget > 0)
    compactLayout(layout, {
      workBudget: compactBudget,
      checkpoint: options.checkpoint,
      ...(filled <= REGION_MODEL_CELLS && options.regionSolver ? { regionSolver: options.regionSolver } : {}),
    });
  // Groups no layout of the model's own cells can join get a block added across their border.
  if (options.bridge !== false) bridgeLooseGroups(layout);
  return layout;
}

/**
 * Joins groups again after blocks were taken out of a layout (trimmed specks): the first joining
 * may have spent its attempts on the specks, as a fresh layout's would not. Same attempts and
 * budget as `layOutBlocks`.
 */
export function rejoinGroups(layout: BrickLayout, options: BuildBlockKitOptions = {}): number {
  return layout.repair(
    options.repairAttempts ?? 400,
    options.repairWorkBudget ?? REPAIR_WORK_BUDGET,
    options.checkpoint,
  );
}
