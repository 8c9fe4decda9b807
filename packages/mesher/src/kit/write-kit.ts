// A layout written as a kit (blocks, pinned pairs, steps, bill of materials, metrics) and checked:
// the finished kit is re-read by the validator's own code, and an overlap or cover error (a bug,
// never an input problem) throws rather than ship a wrong kit; then the pins the load needs, the
// partial builds' holds and props, and the metrics the stability analysis gives.

import {
  analyseJointsDuringBuild,
  jointSolver,
  rejudgeJointsDuringBuild,
  supportUntilSteps,
} from '../build/joint-forces';
import { readKitStructure } from '../build/kit-structure';
import { holdUntilSteps, partialBuildBalance } from '../build/partial-balance';
import { analyseStability, groundContactTopLayer, type StabilityReport } from '../build/stability';
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
import type { BrickLayout } from './brick-layout';
import { planBuildOrder } from './build-order';
import { BLOCK_MODULE, partForFootprint } from './catalogue';
import { reinforcePins } from './reinforce-pins';

export const MESHER_VERSION = '0.9.0-beta.1';

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
  return checkAndAnalyseKit(kit, grid).kit;
}

/** checkKit, with the stability report its metrics come from (what reinforce-joints.ts compares). */
export function checkAndAnalyseKit(
  kit: BlockKit,
  grid: VoxelGrid,
): { kit: BlockKit; stability: StabilityReport } {
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
  return { kit, stability };
}
