// Voxel grid to BlockKit: block layout, pins for every stacked pair of blocks, bill of materials,
// build steps (support before overhang) and metrics. The finished kit is re-read by the validator's own code and an
// overlap or cover error (a bug, never an input problem) throws rather than ship a wrong kit.

import {
  analyseJointsDuringBuild,
  jointSolver,
  rejudgeJointsDuringBuild,
  supportUntilSteps,
} from '../build/joint-forces';
import { readKitStructure } from '../build/kit-structure';
import { holdUntilSteps, partialBuildBalance } from '../build/partial-balance';
import { analyseStability, groundContactTopLayer } from '../build/stability';
import { rememberStability } from '../build/stability-memo';
import { PALETTE } from '../colour/palette';
import type { VoxelGrid } from '../voxel/voxel-grid';
import {
  type BillOfMaterialsLine,
  BLOCK_KIT_VERSION,
  type BlockKit,
  type BuildStep,
  createKitPairs,
  type KitBlock,
  pinsForOverlap,
} from './block-kit';
import { BrickLayout } from './brick-layout';
import { bridgeLooseGroups } from './bridge-groups';
import { planBuildOrder } from './build-order';
import { BLOCK_MODULE, partForFootprint } from './catalogue';
import { compactLayout } from './compact-layout';
import type { RegionSolver } from './region-solver';
import { reinforcePins } from './reinforce-pins';

export const MESHER_VERSION = '0.9.0-beta.1';

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
  return checkKit(writeKit(layout, kitGrid), kitGrid);
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

/**
 * Writes a layout as a kit (blocks, pinned pairs, steps, bill of materials, metrics) and checks it
 * with the validator's own reading: it must cover exactly the grid's filled cells.
 */
export function kitFromLayout(layout: BrickLayout, grid: VoxelGrid): BlockKit {
  return checkKit(writeKit(layout, grid), grid);
}

/**
 * The kit of a layout before `checkKit`: blocks, pairs with the footprint rule's pins, steps, bill
 * of materials and the metrics that need no analysis. Nothing in it refers to the layout.
 */
export function writeKit(layout: BrickLayout, grid: VoxelGrid): BlockKit {
  const [nx, ny, nz] = grid.dims;
  const layerSize = nx * ny;
  const added = layout.addedIds;
  let filled = 0;
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i] !== 0) filled++;
  // Blocks in kit order: by layer, then y, then x, i.e. by the index of their first cell, which no
  // two live blocks share (a numeric sort of those indices, where comparing three keys per pair of
  // 317,000 blocks at 256 cost a few hundred ms).
  const origins = new Float64Array(layout.bx.length);
  let live = 0;
  for (let id = 0; id < layout.bx.length; id++)
    if (layout.alive[id]) origins[live++] = layout.bz[id]! * layerSize + layout.by[id]! * nx + layout.bx[id]!;
  const sortedOrigins = origins.subarray(0, live).sort();
  const order: number[] = new Array(live);
  for (let k = 0; k < live; k++) {
    const id = layout.owner[sortedOrigins[k]!]!;
    const origin = id >= 0 ? layout.bz[id]! * layerSize + layout.by[id]! * nx + layout.bx[id]! : -1;
    if (!layout.alive[id] || origin !== sortedOrigins[k])
      throw new Error('Block layout invariant broken: a live block does not own its first cell');
    order[k] = id;
  }
  const kitId = new Int32Array(layout.bx.length).fill(-1);
  const blocks: KitBlock[] = order.map((id, index) => {
    kitId[id] = index;
    const sx = layout.bsx[id]!;
    const sy = layout.bsy[id]!;
    const match = partForFootprint(sx, sy);
    if (!match) throw new Error(`Layout produced a ${sx}×${sy} block that is not in the catalogue`);
    const colour = PALETTE[layout.bcolour[id]! - 1];
    if (!colour) throw new Error(`Layout produced an unknown colour ${layout.bcolour[id]}`);
    const block: KitBlock = {
      id: index,
      part: match.part.id,
      colour: colour.id,
      x: layout.bx[id]!,
      y: layout.by[id]!,
      layer: layout.bz[id]!,
      orientation: match.orientation,
      size: { x: sx, y: sy },
    };
    if (added.has(id)) block.added = true;
    return block;
  });

  // Pins: one entry per stacked pair of blocks, with its count (one pin for a single shared cell,
  // two at the far corners of the shared area for more, so a pair cannot pivot: pinsForOverlap).
  // Pairs are grouped by upper block in kit order, each group in the order of its first shared
  // cell: the order in which readPinnedPairs (kit-structure.ts) reads them back.
  // Typed arrays, grown by doubling: 1.6 million pairs for the bunny at 256, where arrays of
  // numbers and an array of neighbours per block cost several hundred MB of heap at the peak.
  let capacity = 1024;
  let pairLower = new Int32Array(capacity);
  let pairUpper = new Int32Array(capacity);
  let pairCells = new Int32Array(capacity);
  let pairCount = 0;
  const firstOfUpper = new Int32Array(order.length + 1);
  for (let b = 0; b < order.length; b++) {
    firstOfUpper[b] = pairCount;
    const id = order[b]!;
    const z = layout.bz[id]!;
    if (z === 0) continue;
    const start = pairCount;
    for (let j = 0; j < layout.bsy[id]!; j++) {
      let cell = z * layerSize + layout.bx[id]! + nx * (layout.by[id]! + j);
      for (let i = 0; i < layout.bsx[id]!; i++, cell++) {
        const below = layout.owner[cell - layerSize]!;
        if (below < 0) continue;
        const lower = kitId[below]!;
        let k = start;
        while (k < pairCount && pairLower[k] !== lower) k++;
        if (k < pairCount) {
          pairCells[k]!++;
          continue;
        }
        if (pairCount === capacity) {
          capacity *= 2;
          const grow = (a: Int32Array) => {
            const next = new Int32Array(capacity);
            next.set(a);
            return next;
          };
          pairLower = grow(pairLower);
          pairUpper = grow(pairUpper);
          pairCells = grow(pairCells);
        }
        pairLower[pairCount] = lower;
        pairUpper[pairCount] = b;
        pairCells[pairCount] = 1;
        pairCount++;
      }
    }
  }
  firstOfUpper[order.length] = pairCount;
  const pairs = createKitPairs(pairCount);
  pairs.lower.set(pairLower.subarray(0, pairCount));
  pairs.upper.set(pairUpper.subarray(0, pairCount));
  let pinTotal = 0;
  for (let k = 0; k < pairCount; k++) {
    pairs.pins[k] = pinsForOverlap(pairCells[k]!);
    pinTotal += pairs.pins[k]!;
  }

  // Steps: the order in which blocks are placed (build-order.ts); a pin goes in with the later of
  // the two blocks it joins, into the one already placed. Neighbours as compressed rows: the pairs
  // are already grouped by upper block (below), and are counted then placed by lower block (above).
  const belowOf = { first: firstOfUpper, list: pairLower.subarray(0, pairCount) };
  const firstAbove = new Int32Array(blocks.length + 1);
  for (let k = 0; k < pairCount; k++) firstAbove[pairLower[k]! + 1]!++;
  for (let b = 0; b < blocks.length; b++) firstAbove[b + 1]! += firstAbove[b]!;
  const aboveList = new Int32Array(pairCount);
  const fill = firstAbove.slice(0, blocks.length);
  for (let k = 0; k < pairCount; k++) aboveList[fill[pairLower[k]!]!++] = pairUpper[k]!;
  const plan = planBuildOrder(
    blocks.map((b) => b.layer),
    belowOf,
    { first: firstAbove, list: aboveList },
  );
  const stepOf = new Int32Array(blocks.length);
  plan.steps.forEach((step, index) => {
    for (const b of step.blocks) stepOf[b] = index;
  });
  const fastenersByStep: number[][] = plan.steps.map(() => []);
  const pinsByStep = new Int32Array(plan.steps.length);
  for (let k = 0; k < pairCount; k++) {
    const step = Math.max(stepOf[pairs.lower[k]!]!, stepOf[pairs.upper[k]!]!);
    fastenersByStep[step]!.push(k);
    pinsByStep[step]! += pairs.pins[k]!;
  }
  // Where a partial build leans beyond its base whatever the order (a T's arms hang one from the
  // other), the step says to hold the model until the step after which it stands again.
  const holdUntil = holdUntilSteps(
    partialBuildBalance(
      blocks,
      plan.steps.map((step) => ({ blockIds: step.blocks })),
      nz,
    ),
  );
  const steps: BuildStep[] = plan.steps.map((step, index) => ({
    step: index + 1,
    layer: step.layer,
    fastenerIds: fastenersByStep[index]!,
    pinCount: pinsByStep[index]!,
    blockIds: step.blocks,
    ...(step.hanging ? { hanging: true as const } : {}),
    ...(holdUntil[index] !== null ? { holdUntilStep: holdUntil[index]! } : {}),
  }));

  const bomCounts = new Map<string, BillOfMaterialsLine>();
  for (const block of blocks) {
    const key = `${block.part}|${block.colour}|${block.added === true}`;
    const line: BillOfMaterialsLine = bomCounts.get(key) ?? {
      part: block.part,
      colour: block.colour,
      count: 0,
      ...(block.added ? { added: true as const } : {}),
    };
    line.count++;
    bomCounts.set(key, line);
  }
  const baselineCount = filled;
  // A 1×1 model needs a pin wherever two of its cells are stacked: the baseline for all parts.
  let baselineFastenerCount = 0;
  for (let cell = layerSize; cell < grid.cells.length; cell++)
    if (grid.cells[cell] !== 0 && grid.cells[cell - layerSize] !== 0) baselineFastenerCount++;
  const allParts = blocks.length + pinTotal;
  const baselineAllParts = baselineCount + baselineFastenerCount;

  const kit: BlockKit = {
    version: BLOCK_KIT_VERSION,
    generator: { name: '@kitwright/mesher', version: MESHER_VERSION },
    units: { pitchMm: BLOCK_MODULE.pitchMm, layerHeightMm: BLOCK_MODULE.layerHeightMm },
    blocks,
    pairs,
    billOfMaterials: {
      blocks: [...bomCounts.values()].sort(
        (a, b) =>
          Number(a.added === true) - Number(b.added === true) ||
          a.part.localeCompare(b.part) ||
          a.colour.localeCompare(b.colour),
      ),
      fasteners: pinTotal > 0 ? [{ part: 'pin', count: pinTotal }] : [],
    },
    steps,
    metrics: {
      partCount: blocks.length,
      fastenerCount: pinTotal,
      baselineCount,
      reduction: baselineCount > 0 ? 1 - blocks.length / baselineCount : 0,
      addedBlockCount: blocks.filter((b) => b.added).length,
      baselineFastenerCount,
      reductionWithFasteners: baselineAllParts > 0 ? 1 - allParts / baselineAllParts : 0,
      components: 0,
      stability: 'unstable',
      layers: nz,
      dimensions: {
        cells: { x: nx, y: ny, z: nz },
        mm: {
          x: nx * BLOCK_MODULE.pitchMm,
          y: ny * BLOCK_MODULE.pitchMm,
          z: nz * BLOCK_MODULE.layerHeightMm,
        },
      },
      estimatedMassG: 0,
    },
  };
  return kit;
}

/**
 * Checks a written kit against its grid (it must cover exactly the filled cells, without overlap:
 * an error here is a bug, never an input problem), reinforces the pins the load needs and fills in
 * the metrics the stability analysis gives.
 */
export function checkKit(kit: BlockKit, grid: VoxelGrid): BlockKit {
  const { blocks, steps } = kit;
  const structure = readKitStructure(kit);
  if (structure.overlaps.length > 0 || structure.invalidBlocks.length > 0) {
    throw new Error(`Block layout invariant broken: ${structure.overlaps.length} overlapping cells`);
  }
  for (let cell = 0; cell < grid.cells.length; cell++) {
    const block = structure.owner[cell]!;
    const covered = block >= 0 && blocks[block]!.added !== true;
    if ((grid.cells[cell] !== 0) !== covered) {
      throw new Error(`Block layout invariant broken: cell ${cell} is not covered exactly once`);
    }
  }
  // Pairs whose share of the load needs more pins than the two that stop them pivoting get them.
  // The partial builds' loads, solved once: they give the reinforcement its tensions, and (the
  // loads do not depend on the pins) are judged again with the reinforced pins.
  // One set of joint tables for the partial builds, the reinforcement and the finished model (the
  // loads do not depend on the pins; each analysis reads the kit's pins again), solved once each.
  const contactTop = groundContactTopLayer(structure);
  const solver = jointSolver(kit, structure, contactTop);
  const solved = analyseJointsDuringBuild(kit, structure, contactTop, { solver });
  reinforcePins(kit, structure, { duringBuild: solved, solver });
  // Where a partial build still overloads a joint (no pin count can hold it: one shared cell),
  // the step says what to prop and until which step.
  const duringBuild = rejudgeJointsDuringBuild(solved, kit);
  const supportUntil = supportUntilSteps(duringBuild);
  for (let k = 0; k < steps.length; k++) {
    const until = supportUntil[k];
    if (until === null || until === undefined) continue;
    const step = steps[k]!;
    step.supportUntilStep = until;
    // The upper blocks of the overloaded joints; an unchecked step inside a run takes its run's.
    let from = k;
    while (from >= 0 && duringBuild.worstUpperBlockIds[from]!.length === 0) from--;
    step.supportBlockIds = from >= 0 ? duringBuild.worstUpperBlockIds[from]! : [];
  }
  const stability = analyseStability(kit, structure, { duringBuild, solver });
  // The validator asks the same of the same kit: it gets this report if, compared input by input,
  // the kit is still the one analysed (stability-memo.ts).
  rememberStability(kit, stability);
  kit.metrics.components = structure.components;
  kit.metrics.stability = structure.components === 1 ? stability.verdict : 'unstable';
  kit.metrics.stabilityVerdict = structure.components === 1 ? stability.structuralVerdict : 'fails';
  kit.metrics.weakJointCount = stability.joints.weakJointCount;
  kit.metrics.overloadedJointCount = stability.joints.overloadedJointCount;
  kit.metrics.heldStepCount = steps.filter((step) => step.holdUntilStep !== undefined).length;
  kit.metrics.supportedStepCount = steps.filter((step) => step.supportUntilStep !== undefined).length;
  kit.metrics.tippingMarginDeg = stability.tippingMarginDeg;
  kit.metrics.estimatedMassG = stability.estimatedMassG;
  return kit;
}
