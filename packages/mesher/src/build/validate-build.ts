// The kit validator: re-derives the hard requirements from the kit itself (no overlaps, exact cover
// of the voxels when they are given, one connected group of blocks), then stability and the
// use-case gate, with a stable problem code and a plain sentence for each failure.

import { PALETTE } from '../colour/palette';
import type { BlockKit } from '../kit/block-kit';
import type { VoxelGrid } from '../voxel/voxel-grid';
import { PIN_MODEL, pullsOut } from './joint-forces';
import { type PinnedPairs, pairIndex, readKitStructure, readPinnedPairs } from './kit-structure';
import { analyseStability, type StabilityReport, type UnsupportedReason } from './stability';
import { recallStability } from './stability-memo';
import { checkUseCase, type UseCaseDecision } from './use-case-gate';

export const BUILD_PROBLEM_CODES = [
  'EMPTY_KIT',
  'INVALID_BLOCK',
  'BLOCKS_OVERLAP',
  'COVER_MISMATCH',
  'DISCONNECTED',
  'FLOATING_BLOCKS',
  'TIPS_OVER',
  'TIPS_DURING_BUILD',
  'USE_CASE_BLOCKED',
  'UNSUPPORTED_BLOCKS',
  'OVERLOADED_JOINTS',
  'PINS_MISMATCH',
] as const;
export type BuildProblemCode = (typeof BUILD_PROBLEM_CODES)[number];

export interface BuildProblem {
  code: BuildProblemCode;
  message: string;
}

export interface DetachedGroup {
  blocks: number;
  cells: number;
  layers: [number, number];
  /** Whether it touches the main group side by side anywhere. */
  touchesMain: boolean;
  /** Whether it touches any other group side by side (else it is a separate piece of the model). */
  touchesAny: boolean;
  /**
   * Its cells, lowest layer first (up to DETACHED_CELL_LIST_LIMIT): what a person must change (fill
   * a cell joining it to the rest, or remove it) when no added block could join it.
   */
  cellList: { x: number; y: number; layer: number }[];
  reason: string;
}

export const DETACHED_CELL_LIST_LIMIT = 64;

export interface BuildReport {
  /** Hard requirements hold and the kit stands on its own. */
  buildable: boolean;
  /** The use case passes the gate. */
  allowed: boolean;
  useCase: UseCaseDecision;
  checks: {
    overlap: { ok: boolean; overlappingCells: number };
    cover: {
      ok: boolean;
      checked: boolean;
      missingCells: number;
      extraCells: number;
      colourMismatches: number;
    };
    connected: { ok: boolean; components: number; detachedGroups: DetachedGroup[] };
    blocks: { ok: boolean; invalidBlockIds: number[] };
    /**
     * The kit's `fasteners` against the pairs its blocks imply: every stacked pair sharing cells is
     * listed once, with `count` from pinsForOverlap(shared cells) (the fewest) up to one pin per
     * shared cell (where the load needs them), and nothing else is listed. `pins`: the kit's total.
     */
    pins: {
      ok: boolean;
      pairs: number;
      pins: number;
      missingPairs: number;
      extraEntries: number;
      wrongCounts: number;
    };
  };
  stability: StabilityReport;
  problems: BuildProblem[];
}

export interface ValidateBuildOptions {
  useCase: string;
  /** The voxels the kit must cover exactly; without it the cover check is skipped. */
  grid?: VoxelGrid;
}

export function validateBuild(kit: BlockKit, options: ValidateBuildOptions): BuildReport {
  const structure = readKitStructure(kit);
  const [nx, ny] = structure.dims;
  const layerSize = nx * ny;
  const problems: BuildProblem[] = [];
  if (kit.blocks.length === 0) problems.push({ code: 'EMPTY_KIT', message: 'The kit has no blocks.' });
  if (structure.invalidBlocks.length > 0) {
    problems.push({
      code: 'INVALID_BLOCK',
      message: `${structure.invalidBlocks.length} blocks use an unknown part or reach outside the model's bounds.`,
    });
  }
  if (structure.overlaps.length > 0) {
    problems.push({
      code: 'BLOCKS_OVERLAP',
      message: `Blocks overlap in ${structure.overlaps.length} cells.`,
    });
  }

  let cover = { ok: true, checked: false, missingCells: 0, extraCells: 0, colourMismatches: 0 };
  if (options.grid) {
    const grid = options.grid;
    // The kit may be taller than the model by layers that hold only added blocks (a model one
    // layer thick is joined from a layer above it: withRoomToBridge).
    const same = grid.dims[0] === nx && grid.dims[1] === ny && grid.dims[2] <= structure.dims[2];
    let missing = 0;
    let extra = 0;
    let mismatched = 0;
    if (same) {
      const colourIndex = new Map<string, number>(PALETTE.map((c, i) => [c.id, i + 1]));
      for (let cell = 0; cell < grid.cells.length; cell++) {
        const wanted = grid.cells[cell]!;
        const owner = structure.owner[cell]!;
        // Blocks added to join loose groups stand on empty cells, never on the model's own.
        const added = owner >= 0 && kit.blocks[owner]!.added === true;
        if (wanted !== 0 && (owner < 0 || added)) missing++;
        else if (wanted === 0 && owner >= 0 && !added) extra++;
        else if (wanted !== 0 && colourIndex.get(kit.blocks[owner]!.colour) !== wanted) mismatched++;
      }
      for (let cell = grid.cells.length; cell < structure.owner.length; cell++) {
        const owner = structure.owner[cell]!;
        if (owner >= 0 && kit.blocks[owner]!.added !== true) extra++;
      }
    } else {
      missing = grid.cells.reduce((n, c) => n + (c !== 0 ? 1 : 0), 0);
    }
    cover = {
      ok: same && missing === 0 && extra === 0,
      checked: true,
      missingCells: missing,
      extraCells: extra,
      colourMismatches: mismatched,
    };
    if (!cover.ok) {
      problems.push({
        code: 'COVER_MISMATCH',
        message: same
          ? `The blocks do not cover the model exactly: ${missing} cells uncovered, ${extra} cells covered that should be empty.`
          : 'The kit and the voxel model have different dimensions.',
      });
    }
  }

  const pins = checkPins(kit, readPinnedPairs(kit, structure));
  if (!pins.ok) {
    problems.push({
      code: 'PINS_MISMATCH',
      message: `The kit's pins do not match its blocks: ${pins.missingPairs} stacked pairs without pins, ${pins.extraEntries} pin entries joining no stacked pair (or listed twice), ${pins.wrongCounts} pairs with the wrong number of pins.`,
    });
  }

  const detachedGroups: DetachedGroup[] = [];
  if (structure.components > 1) {
    // The main group is the largest that stands on the ground (a floating group never is).
    const grounded = new Set<number>();
    kit.blocks.forEach((block, index) => {
      if (block.layer === 0) grounded.add(structure.rootOf[index]!);
    });
    let mainRoot = -1;
    let mainCells = -1;
    for (const [root, cells] of structure.componentCells) {
      const better =
        mainRoot < 0 ||
        (grounded.has(root) && !grounded.has(mainRoot)) ||
        (grounded.has(root) === grounded.has(mainRoot) && cells > mainCells);
      if (better) {
        mainCells = cells;
        mainRoot = root;
      }
    }
    const invalid = new Set(structure.invalidBlocks);
    const groups = new Map<
      number,
      {
        blocks: number;
        cells: number;
        minLayer: number;
        maxLayer: number;
        touches: boolean;
        touchesAny: boolean;
        cellList: { x: number; y: number; layer: number }[];
      }
    >();
    kit.blocks.forEach((block, index) => {
      const root = structure.rootOf[index]!;
      if (root === mainRoot || invalid.has(index)) return;
      const group = groups.get(root) ?? {
        blocks: 0,
        cells: 0,
        minLayer: Infinity,
        maxLayer: -Infinity,
        touches: false,
        touchesAny: false,
        cellList: [],
      };
      group.blocks++;
      group.cells += block.size.x * block.size.y;
      group.minLayer = Math.min(group.minLayer, block.layer);
      group.maxLayer = Math.max(group.maxLayer, block.layer);
      for (let j = 0; j < block.size.y; j++)
        for (let i = 0; i < block.size.x; i++)
          group.cellList.push({ x: block.x + i, y: block.y + j, layer: block.layer });
      for (let j = 0; j < block.size.y && !group.touches; j++) {
        for (let i = 0; i < block.size.x && !group.touches; i++) {
          // Side-by-side neighbours only: a block stacked on another is joined to it by pins.
          const x = block.x + i;
          const y = block.y + j;
          const cell = block.layer * layerSize + x + nx * y;
          for (const [dx, dy] of [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ] as const) {
            const ox = x + dx;
            const oy = y + dy;
            if (ox < 0 || oy < 0 || ox >= nx || oy >= ny) continue;
            const other = structure.owner[cell + dx + nx * dy]!;
            if (other < 0 || structure.rootOf[other] === root) continue;
            group.touchesAny = true;
            if (structure.rootOf[other] === mainRoot) group.touches = true;
          }
        }
      }
      groups.set(root, group);
    });
    for (const group of groups.values()) {
      const cellList = group.cellList
        .sort((a, b) => a.layer - b.layer || a.y - b.y || a.x - b.x)
        .slice(0, DETACHED_CELL_LIST_LIMIT);
      const first = cellList
        .slice(0, 4)
        .map((c) => `(${c.x}, ${c.y}, ${c.layer})`)
        .join(', ');
      const cellsText = ` Its cells (x, y, layer) include ${first}${group.cells > 4 ? ', …' : ''}: join one of them to the rest or remove the group.`;
      const where =
        group.minLayer === group.maxLayer
          ? `layer ${group.minLayer}`
          : `layers ${group.minLayer}–${group.maxLayer}`;
      detachedGroups.push({
        blocks: group.blocks,
        cells: group.cells,
        layers: [group.minLayer, group.maxLayer],
        touchesMain: group.touches,
        touchesAny: group.touchesAny,
        cellList,
        reason: `${
          group.touches
            ? `A group of ${group.blocks} blocks in ${where} meets the rest only side by side, where no block could span the border (a one-layer-thin or differently coloured region).`
            : group.touchesAny
              ? `A group of ${group.blocks} blocks in ${where} meets only other loose groups, side by side: part of a one-layer-thin region with nothing stacked on or under it that a block could reach.`
              : `A group of ${group.blocks} blocks in ${where} does not touch the rest at all: the model is in separate pieces at this size.`
        }${cellsText}`,
      });
    }
    detachedGroups.sort((a, b) => b.cells - a.cells);
    problems.push({
      code: 'DISCONNECTED',
      message:
        `The blocks form ${structure.components} separate groups instead of one. ${detachedGroups[0]?.reason ?? ''}`.trim(),
    });
  }

  // The kit builder's own analysis of this kit when every input is provably unchanged (the
  // comparison is exact: stability-memo.ts), else analysed here.
  const stability = recallStability(kit) ?? analyseStability(kit, structure);
  if (stability.floatingBlockIds.length > 0) {
    problems.push({
      code: 'FLOATING_BLOCKS',
      message: `${stability.floatingBlockIds.length} blocks have no connection down to the ground layer.`,
    });
  }
  const tipping = stability.requiredTippingDeg;
  if (
    stability.baseMargin < stability.requiredMargin - 1e-9 ||
    stability.tippingMarginDeg < tipping.minimum - 1e-9
  ) {
    problems.push({
      code: 'TIPS_OVER',
      message:
        stability.baseMargin < 0
          ? `The centre of mass lies ${(-stability.baseMargin).toFixed(1)} cells outside what touches the ground, so the model tips over.`
          : `The centre of mass lies only ${stability.baseMargin.toFixed(2)} cells inside what touches the ground, ${stability.centreOfMass.z.toFixed(1)} layers up: a tilt of ${stability.tippingMarginDeg.toFixed(1)}° tips it over (it needs ${tipping.minimum}° to stand, ${tipping.stands}° to stand without a weak point).`,
    });
  } else if (stability.tipsDuringBuildAtLayer !== null) {
    problems.push({
      code: 'TIPS_DURING_BUILD',
      message: `While building, the model tips over after step ${stability.tipsDuringBuildAtStep} (layer ${stability.tipsDuringBuildAtLayer + 1}), and the step does not say to hold it until it stands again.`,
    });
  }
  const order = stability.buildOrder;
  const mustAlter = order.unsupportedBlocks.filter((b) => b.reason !== 'floating');
  if (mustAlter.length > 0) {
    const why: Record<UnsupportedReason, string> = {
      floating: 'nothing joins it down to the ground',
      'mid-air': 'its step places it before anything that holds it',
      sandwiched:
        'blocks it is pinned to are already placed above and below it, so it cannot go in over its pins',
      'unmarked-hanging': 'only the block above holds it, and its step does not say so',
      'not-in-steps': 'no step places it',
    };
    const first = mustAlter
      .slice(0, 5)
      .map(
        (b) =>
          `block ${b.blockId} (layer ${b.layer + 1}${b.step === null ? '' : `, step ${b.step}`}): ${why[b.reason]}`,
      )
      .join('; ');
    problems.push({
      code: 'UNSUPPORTED_BLOCKS',
      message: `${order.unsupportedBlockCount - (order.reasons.floating ?? 0)} blocks are not held by anything already built when their step places them: ${first}.`,
    });
  }

  const joints = stability.joints;
  if (joints.overloadedJointCount > 0) {
    const worst = joints.joints
      .filter((j) => pullsOut(j.utilisation))
      .slice(0, 3)
      .map(
        (j) =>
          `block ${j.upperBlockId} on block ${j.lowerBlockId} (layer ${j.layer + 1}, ${j.pins} ${j.pins === 1 ? 'pin' : 'pins'}: ${Math.round(j.utilisation * 100)}% of capacity, ${j.mode === 'tension' ? 'pulled apart' : 'levered open'})`,
      )
      .join('; ');
    problems.push({
      code: 'OVERLOADED_JOINTS',
      message: `${joints.overloadedJointCount} ${joints.overloadedJointCount === 1 ? 'joint carries' : 'joints carry'} more than ${joints.overloadedJointCount === 1 ? 'its pins' : 'their pins'} hold (over ${Math.round(PIN_MODEL.safetyFactor * 100)}% of the design capacity, the pins' pull-out force): ${worst}.`,
    });
  }

  const duringBuild = stability.buildJoints;
  if (duringBuild.overloadedAtStep !== null) {
    const at = duringBuild.overloadedAtStep;
    const worst = duringBuild.joints
      .filter((j) => j.step >= at)
      .slice(0, 3)
      .map(
        (j) =>
          `block ${j.upperBlockId} on block ${j.lowerBlockId} after step ${j.step} (layer ${j.layer + 1}, ${j.pins} ${j.pins === 1 ? 'pin' : 'pins'}: ${Math.round(j.utilisation * 100)}% of capacity)`,
      )
      .join('; ');
    problems.push({
      code: 'OVERLOADED_JOINTS',
      message: `While building, after step ${at} a joint carries more than its pins hold, and the step does not say to prop it until a later step relieves it${worst ? `: ${worst}` : ''}.`,
    });
  }

  const useCase = checkUseCase(options.useCase);
  if (!useCase.allowed)
    problems.push({ code: 'USE_CASE_BLOCKED', message: useCase.reason ?? 'This use is not allowed.' });

  const hard =
    structure.overlaps.length === 0 &&
    structure.invalidBlocks.length === 0 &&
    cover.ok &&
    pins.ok &&
    structure.components === 1;
  return {
    buildable: hard && stability.verdict === 'stable' && kit.blocks.length > 0,
    allowed: useCase.allowed,
    useCase,
    checks: {
      overlap: { ok: structure.overlaps.length === 0, overlappingCells: structure.overlaps.length },
      cover,
      connected: {
        ok: structure.components === 1,
        components: structure.components,
        detachedGroups: detachedGroups.slice(0, 50),
      },
      blocks: {
        ok: structure.invalidBlocks.length === 0,
        invalidBlockIds: structure.invalidBlocks.map((i) => kit.blocks[i]!.id),
      },
      pins,
    },
    stability,
    problems,
  };
}

/** Compares the kit's pinned pairs (with their pin counts) with the pairs its blocks imply. */
function checkPins(kit: BlockKit, implied: PinnedPairs): BuildReport['checks']['pins'] {
  const seen = new Uint8Array(implied.count);
  let matched = 0;
  let extraEntries = 0;
  let wrongCounts = 0;
  let pins = 0;
  const given = kit.pairs;
  for (let g = 0; g < given.count; g++) {
    const count = given.pins[g]!;
    const k = pairIndex(implied, given.lower[g]!, given.upper[g]!);
    if (k < 0 || seen[k]) {
      extraEntries++;
      continue;
    }
    seen[k] = 1;
    matched++;
    // At least the pins that stop the pair pivoting, at most one per shared cell (reinforce-pins.ts).
    if (count < implied.pins[k]! || count > implied.overlapCells[k]!) wrongCounts++;
    else pins += count;
  }
  const missingPairs = implied.count - matched;
  return {
    ok: missingPairs === 0 && extraEntries === 0 && wrongCounts === 0,
    pairs: implied.count,
    pins,
    missingPairs,
    extraEntries,
    wrongCounts,
  };
}
