// Free-standing stability of a kit: every block reachable from the ground, the centre of mass of
// the finished model and of every partial build (layer by layer) over its real ground contact, plus
// weak points: interfaces whose upper part overhangs what it rests on (held only by pins) and blocks
// held by a single pin or hanging from above.
//
// Ground contact. A block model is put down on a flat floor and settles onto its underside: a
// cell touches the ground when its underside lies within GROUND_CONTACT's tolerance of the floor,
// `max(gapMm, heightShare × the model's height)`, both in millimetres of the built kit (the block
// module's 16 mm layers). Only the lowest layer used to count, and the lowest layer of a rounded
// underside shrinks, relative to the model, as the resolution grows (the layer-0 disc of a sphere
// of radius R cells is about √R wide, not a fixed share of R), so a model standing at 32 tipped at
// 128. A tolerance that is a share of the model's height in mm covers the same share of a rounded
// underside at every resolution (its height grows with the size, so the contact grows with R), and
// on a flat base it is still the lowest layer only until the model is 800 mm (50 layers) high.
// Static equilibrium: the centre of mass (each block's mass at its centre, uniform per cell) lies
// over the convex hull of the contact cells at least `marginMm` inside, for the finished model and
// for every partial build after each step (its own contact: the contact cells it already has,
// partial-balance.ts), and the model can be tilted in any direction by its tipping margin
// (tipping.ts): the finished model fails below TIPPING.minimumDeg and has a weak point below
// TIPPING.standsDeg; a partial build below that needs holding. A partial build that tips is a weak point, not a failure, when its step says
// to hold the model upright until a later step (the kit marks them so); unmarked, it fails.

import {
  type BlockKit,
  blockIndexOf,
  type StabilityVerdict,
  type StructuralVerdict,
  totalPins,
} from '../kit/block-kit';
import { BLOCK_MODULE, FASTENER_CATALOGUE } from '../kit/catalogue';
import { type BuildJointCheck, checkBuildJoints } from './build-joint-check';
import { convexHull, type Point, signedDistanceToHull } from './convex-hull';
import {
  analyseJointForces,
  analyseJointsDuringBuild,
  type BuildJointReport,
  type JointForceReport,
  type JointSolver,
} from './joint-forces';
import type { KitStructure } from './kit-structure';
import {
  groundToleranceMm,
  lastContactLayer,
  partialBuildBalance,
  REQUIRED_MARGIN_CELLS,
} from './partial-balance';
import { roundAngle, TIPPING, tippingAngleDeg } from './tipping';

export type { BuildJointCheck } from './build-joint-check';
export { GROUND_CONTACT, groundToleranceMm } from './partial-balance';

/** The highest layer with a cell within the ground-contact tolerance (0: the lowest layer only). */
export function groundContactTopLayer(structure: KitStructure): number {
  const [nx, ny, nz] = structure.dims;
  const last = lastContactLayer(nz);
  for (let z = last; z > 0; z--) {
    const base = z * nx * ny;
    for (let c = 0; c < nx * ny; c++) if (structure.owner[base + c]! >= 0) return z;
  }
  return 0;
}

export interface GroundContact {
  /** The tolerance used (mm): undersides this close to the floor touch it. */
  toleranceMm: number;
  /** Cells that touch the ground within the tolerance. */
  cells: number;
  /** Highest layer with a contact cell (0 when the model rests on its lowest layer only). */
  topLayer: number;
}

export interface WeakInterface {
  /** The interface between `layer - 1` and `layer`. */
  layer: number;
  /** Share of the model's mass above the interface. */
  massShare: number;
  /** How far (cells) the centre of mass above lies outside the contact area. */
  overhang: number;
}

export interface WeakBlock {
  blockId: number;
  reason: 'single-pin' | 'hanging';
}

/** Why a block is not supported when its step places it. */
export type UnsupportedReason =
  /** Nothing joins it, through pins, down to the ground: no order can support it. */
  | 'floating'
  /** Its step places it before any block it is pinned to that stands on the ground. */
  | 'mid-air'
  /** Blocks it is pinned to are already placed above and below it: it cannot go in over its pins. */
  | 'sandwiched'
  /** It is held only by the block above, but its step does not say so (`hanging`). */
  | 'unmarked-hanging'
  /** No step places it. */
  | 'not-in-steps';

export interface UnsupportedBlock {
  blockId: number;
  /** The step that places it (1-based), or null. */
  step: number | null;
  layer: number;
  reason: UnsupportedReason;
}

export interface BuildOrderCheck {
  /** Every block rests on, or hangs from, blocks already placed and joined down to the ground. */
  ok: boolean;
  /** Blocks placed under a block above that holds them (their step says `hanging`). */
  hangingBlockCount: number;
  /** Up to UNSUPPORTED_LIST_LIMIT of them, in build order. */
  unsupportedBlocks: UnsupportedBlock[];
  unsupportedBlockCount: number;
  /** How many blocks for each reason. */
  reasons: Partial<Record<UnsupportedReason, number>>;
}

/** Steps `fromStep`–`toStep` leave the model leaning beyond its base: hold it upright until `untilStep` is placed. */
export interface HeldSteps {
  fromStep: number;
  toStep: number;
  untilStep: number;
  /** The layer of `fromStep`. */
  layer: number;
}

export interface StabilityReport {
  /** 'stable' when the kit does not fail: `structuralVerdict` is not 'fails'. */
  verdict: StabilityVerdict;
  /**
   * Stands, stands with weak points (joints at PIN_MODEL.weakUtilisation or more of their capacity,
   * listed in `joints`; partial builds that stand only when held, listed in `heldSteps`, or
   * propped; a tipping margin below TIPPING.standsDeg), or fails: a joint pulled beyond what its
   * pins hold, or any of the checks above (floating blocks, a tipping margin below
   * TIPPING.minimumDeg, tipping over while building, blocks unsupported in the build order).
   */
  structuralVerdict: StructuralVerdict;
  /** The load in the pin joints (src/build/joint-forces.ts). */
  joints: JointForceReport;
  /** The load in the pin joints after every step of the build. */
  buildJoints: BuildJointCheck;
  /** Blocks with no chain of connections down to the ground layer. */
  floatingBlockIds: number[];
  /** Centre of mass in cells from the kit origin (z measured in layers). */
  centreOfMass: { x: number; y: number; z: number };
  /**
   * Distance (cells) from the centre of mass to the edge of the ground contact polygon; below
   * `requiredMargin` (negative = outside) the model tips over.
   */
  baseMargin: number;
  /** The margin the centre of mass must keep (cells), from GROUND_CONTACT.marginMm. */
  requiredMargin: number;
  /**
   * How far (degrees) the finished model can be tilted in any direction before its centre of mass
   * leaves the ground contact polygon (tipping.ts), to a tenth of a degree; negative when it tips.
   * Below TIPPING.minimumDeg the kit fails, below TIPPING.standsDeg it stands with a weak point.
   */
  tippingMarginDeg: number;
  /** The tipping margin (degrees) "stands" needs, and the least below which the kit fails (TIPPING). */
  requiredTippingDeg: { stands: number; minimum: number };
  /** The tipping margin every partial build of the steps needs (degrees; partial-balance.ts). */
  partialBuildTippingDeg: number;
  /** The smallest tipping margin (degrees) of the partial builds before the last step that stand unheld, or null with a single step. */
  leastPartialTippingDeg: number | null;
  groundContact: GroundContact;
  /**
   * Layer of the first step after which the partial build would tip over and the step does not say
   * to hold it (`BuildStep.holdUntilStep`), or null.
   */
  tipsDuringBuildAtLayer: number | null;
  /** That step (1-based), or null. */
  tipsDuringBuildAtStep: number | null;
  /** Runs of steps after which the partial build tips unless held, each held as its steps say: weak points. */
  heldSteps: HeldSteps[];
  /** Whether each step's blocks are supported when it places them (the kit's own step order). */
  buildOrder: BuildOrderCheck;
  weakInterfaces: WeakInterface[];
  weakBlocks: WeakBlock[];
  weakBlockCount: number;
  estimatedMassG: number;
}

const WEAK_BLOCK_LIST_LIMIT = 200;
const UNSUPPORTED_LIST_LIMIT = 200;

export function analyseStability(
  kit: BlockKit,
  structure: KitStructure,
  /** The during-build joint loads when already computed for this kit (the kit builder's). */
  options: {
    duringBuild?: BuildJointReport;
    /** The kit's joint tables when already built (joint-forces.ts, `jointSolver`). */
    solver?: JointSolver;
  } = {},
): StabilityReport {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const { owner } = structure;
  const blocks = kit.blocks;

  const groundRoots = new Set<number>();
  for (let i = 0; i < blocks.length; i++) if (blocks[i]!.layer === 0) groundRoots.add(structure.rootOf[i]!);
  const floatingBlockIds: number[] = [];
  for (let i = 0; i < blocks.length; i++)
    if (!groundRoots.has(structure.rootOf[i]!)) floatingBlockIds.push(blocks[i]!.id);

  // Mass moments per layer, in cell units.
  const layerMass = new Float64Array(nz);
  const layerMx = new Float64Array(nz);
  const layerMy = new Float64Array(nz);
  for (const block of blocks) {
    const cells = block.size.x * block.size.y;
    layerMass[block.layer] = layerMass[block.layer]! + cells;
    layerMx[block.layer] = layerMx[block.layer]! + cells * (block.x + block.size.x / 2);
    layerMy[block.layer] = layerMy[block.layer]! + cells * (block.y + block.size.y / 2);
  }
  let totalMass = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let z = 0; z < nz; z++) {
    totalMass += layerMass[z]!;
    mx += layerMx[z]!;
    my += layerMy[z]!;
    mz += layerMass[z]! * (z + 0.5);
  }
  const centreOfMass =
    totalMass > 0 ? { x: mx / totalMass, y: my / totalMass, z: mz / totalMass } : { x: 0, y: 0, z: 0 };

  // Ground contact of the finished model: the first and last contact cell of each row (only those
  // can lie on the hull). Partial builds are judged on the contact blocks they already have.
  const toleranceMm = groundToleranceMm(nz);
  const contactTop = lastContactLayer(nz);
  const rowMin = new Int32Array(ny).fill(-1);
  const rowMax = new Int32Array(ny).fill(-1);
  let contactCells = 0;
  let contactTopLayer = 0;
  for (let z = 0; z <= contactTop; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++) {
        if (owner[z * layerSize + x + nx * y]! < 0) continue;
        if (rowMin[y]! < 0 || x < rowMin[y]!) rowMin[y] = x;
        if (x > rowMax[y]!) rowMax[y] = x;
        contactCells++;
        contactTopLayer = z;
      }
    }
  }
  const contactPoints: Point[] = [];
  for (let y = 0; y < ny; y++) {
    if (rowMin[y]! < 0) continue;
    contactPoints.push([rowMin[y]!, y], [rowMin[y]!, y + 1], [rowMax[y]! + 1, y], [rowMax[y]! + 1, y + 1]);
  }
  const requiredMargin = REQUIRED_MARGIN_CELLS;
  const baseMargin =
    totalMass > 0
      ? signedDistanceToHull(convexHull(contactPoints), [centreOfMass.x, centreOfMass.y])
      : -Infinity;

  // Pinned neighbours of each block, from the cells (a pin joins every stacked pair sharing a cell),
  // as compressed rows: those below block i are belowList[belowStart[i]..belowStart[i + 1]), those
  // above it aboveList[aboveStart[i]..aboveStart[i + 1]).
  const belowStart = new Int32Array(blocks.length + 1);
  let belowList = new Int32Array(Math.max(16, blocks.length * 2));
  let pairCount = 0;
  for (let i = 0; i < blocks.length; i++) {
    belowStart[i] = pairCount;
    const block = blocks[i]!;
    if (block.layer === 0 || block.layer >= nz) continue;
    const first = pairCount;
    for (let j = 0; j < block.size.y; j++) {
      for (let k = 0; k < block.size.x; k++) {
        const cell = block.layer * layerSize + block.x + k + nx * (block.y + j);
        if (owner[cell] !== i) continue;
        const lower = owner[cell - layerSize]!;
        if (lower < 0) continue;
        let q = first;
        while (q < pairCount && belowList[q] !== lower) q++;
        if (q < pairCount) continue;
        if (pairCount === belowList.length) {
          const grown = new Int32Array(belowList.length * 2);
          grown.set(belowList);
          belowList = grown;
        }
        belowList[pairCount++] = lower;
      }
    }
  }
  belowStart[blocks.length] = pairCount;
  const aboveStart = new Int32Array(blocks.length + 1);
  for (let q = 0; q < pairCount; q++) aboveStart[belowList[q]! + 1]!++;
  for (let i = 0; i < blocks.length; i++) aboveStart[i + 1]! += aboveStart[i]!;
  const aboveList = new Int32Array(pairCount);
  {
    const fill = aboveStart.slice(0, blocks.length);
    for (let i = 0; i < blocks.length; i++)
      for (let q = belowStart[i]!; q < belowStart[i + 1]!; q++) aboveList[fill[belowList[q]!]!++] = i;
  }
  /** Whether any block in list[from..to) has test(block) true. */
  const anyOf = (list: Int32Array, from: number, to: number, test: (c: number) => boolean) => {
    for (let q = from; q < to; q++) if (test(list[q]!)) return true;
    return false;
  };

  // Walk the kit's steps: each block must rest on (pinned from below) or hang from (pinned from
  // above, in a step marked `hanging`) a block already placed and grounded, and must not go in
  // between blocks already placed above and below it. After each step the partial build's centre
  // of mass must lie over its own ground contact.
  const floating = new Set(floatingBlockIds);
  const grounded = new Uint8Array(blocks.length);
  const placedAt = new Int32Array(blocks.length).fill(-1);
  const unsupportedBlocks: UnsupportedBlock[] = [];
  let unsupportedBlockCount = 0;
  let hangingBlockCount = 0;
  const reasons: Partial<Record<UnsupportedReason, number>> = {};
  const unsupported = (index: number, step: number | null, reason: UnsupportedReason) => {
    unsupportedBlockCount++;
    reasons[reason] = (reasons[reason] ?? 0) + 1;
    if (unsupportedBlocks.length < UNSUPPORTED_LIST_LIMIT)
      unsupportedBlocks.push({ blockId: blocks[index]!.id, step, layer: blocks[index]!.layer, reason });
  };
  const indexOf = blockIndexOf(blocks);
  const isPlaced = (c: number) => placedAt[c]! >= 0;
  const isGrounded = (c: number) => grounded[c] === 1;
  for (const step of kit.steps) {
    for (const id of step.blockIds) {
      const index = indexOf(id);
      if (index === undefined || placedAt[index]! >= 0) continue;
      const block = blocks[index]!;
      placedAt[index] = step.step;
      const b0 = belowStart[index]!;
      const b1 = belowStart[index + 1]!;
      const a0 = aboveStart[index]!;
      const a1 = aboveStart[index + 1]!;
      const onPlaced = anyOf(belowList, b0, b1, isPlaced);
      const underPlaced = anyOf(aboveList, a0, a1, isPlaced);
      const restsOn = block.layer === 0 || anyOf(belowList, b0, b1, isGrounded);
      const hangsFrom = anyOf(aboveList, a0, a1, isGrounded);
      if (floating.has(block.id)) unsupported(index, step.step, 'floating');
      else if (onPlaced && underPlaced) unsupported(index, step.step, 'sandwiched');
      else if (restsOn) grounded[index] = 1;
      else if (hangsFrom) {
        grounded[index] = 1;
        hangingBlockCount++;
        if (!step.hanging) unsupported(index, step.step, 'unmarked-hanging');
      } else unsupported(index, step.step, 'mid-air');
    }
  }
  // Each partial build on its own ground contact: where it tips, its step must say to hold the
  // model until a later step (`holdUntilStep`); the last step cannot be held (the model is done).
  const balance = partialBuildBalance(blocks, kit.steps, nz);
  let leastPartialTippingDeg: number | null = null;
  for (let k = 0; k < kit.steps.length - 1; k++)
    if (!balance.tips[k] && (leastPartialTippingDeg === null || balance.tiltDeg[k]! < leastPartialTippingDeg))
      leastPartialTippingDeg = balance.tiltDeg[k]!;
  let tipsDuringBuildAtLayer: number | null = null;
  let tipsDuringBuildAtStep: number | null = null;
  const heldSteps: HeldSteps[] = [];
  for (let k = 0; k < kit.steps.length; k++) {
    if (!balance.tips[k]) continue;
    const step = kit.steps[k]!;
    const until = step.holdUntilStep;
    const lastStep = kit.steps[kit.steps.length - 1]!.step;
    if (until !== undefined && until > step.step && until <= lastStep) {
      const run = heldSteps[heldSteps.length - 1];
      if (run && run.untilStep === until && run.toStep + 1 === step.step) run.toStep = step.step;
      else heldSteps.push({ fromStep: step.step, toStep: step.step, untilStep: until, layer: step.layer });
    } else if (tipsDuringBuildAtStep === null) {
      tipsDuringBuildAtLayer = step.layer;
      tipsDuringBuildAtStep = step.step;
    }
  }
  for (let i = 0; i < blocks.length; i++) if (placedAt[i]! < 0) unsupported(i, null, 'not-in-steps');
  const buildOrder: BuildOrderCheck = {
    ok: unsupportedBlockCount === 0,
    hangingBlockCount,
    unsupportedBlocks,
    unsupportedBlockCount,
    reasons,
  };

  const weakInterfaces: WeakInterface[] = [];
  let aboveMass = 0;
  let aboveX = 0;
  let aboveY = 0;
  for (let z = nz - 1; z >= 1; z--) {
    aboveMass += layerMass[z]!;
    aboveX += layerMx[z]!;
    aboveY += layerMy[z]!;
    if (aboveMass === 0) continue;
    // Only the first and last contact cell of each row can lie on the hull.
    const contact: Point[] = [];
    for (let y = 0; y < ny; y++) {
      let first = -1;
      let last = -1;
      for (let x = 0; x < nx; x++) {
        const cell = z * layerSize + x + nx * y;
        if (owner[cell]! >= 0 && owner[cell - layerSize]! >= 0) {
          if (first < 0) first = x;
          last = x;
        }
      }
      if (first >= 0) contact.push([first, y], [first, y + 1], [last + 1, y], [last + 1, y + 1]);
    }
    const distance = signedDistanceToHull(convexHull(contact), [aboveX / aboveMass, aboveY / aboveMass]);
    if (distance < -1e-9) {
      weakInterfaces.push({ layer: z, massShare: aboveMass / totalMass, overhang: -distance });
    }
  }

  // Per block: cells shared with blocks below and above.
  const supportBelow = new Int32Array(blocks.length);
  const supportAbove = new Int32Array(blocks.length);
  for (let cell = layerSize; cell < owner.length; cell++) {
    const upper = owner[cell]!;
    const lower = owner[cell - layerSize]!;
    if (upper >= 0 && lower >= 0) {
      supportBelow[upper] = supportBelow[upper]! + 1;
      supportAbove[lower] = supportAbove[lower]! + 1;
    }
  }
  const weakBlocks: WeakBlock[] = [];
  let weakBlockCount = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    let reason: WeakBlock['reason'] | null = null;
    if (block.layer > 0 && supportBelow[i] === 0) reason = 'hanging';
    else if (blocks.length > 1 && supportBelow[i]! + supportAbove[i]! === 1) reason = 'single-pin';
    if (reason) {
      weakBlockCount++;
      if (weakBlocks.length < WEAK_BLOCK_LIST_LIMIT) weakBlocks.push({ blockId: block.id, reason });
    }
  }

  const joints = analyseJointForces(kit, structure, contactTopLayer, { solver: options.solver });
  const buildJoints = checkBuildJoints(
    kit,
    options.duringBuild ??
      analyseJointsDuringBuild(kit, structure, contactTopLayer, { solver: options.solver }),
  );
  const tippingMarginDeg = tippingAngleDeg(baseMargin, centreOfMass.z);
  const standsAsAWhole =
    blocks.length > 0 &&
    floatingBlockIds.length === 0 &&
    baseMargin >= requiredMargin - 1e-9 &&
    tippingMarginDeg >= TIPPING.minimumDeg - 1e-9 &&
    tipsDuringBuildAtStep === null &&
    buildJoints.overloadedAtStep === null &&
    buildOrder.ok;
  // Weak points besides the joints: partial builds held or propped, a model that tips at a small tilt.
  const tipsEasily = tippingMarginDeg < TIPPING.standsDeg - 1e-9;
  const structuralVerdict: StructuralVerdict = !standsAsAWhole
    ? 'fails'
    : joints.verdict === 'stands' &&
        (heldSteps.length > 0 || buildJoints.supportedSteps.length > 0 || tipsEasily)
      ? 'stands_with_weak_points'
      : joints.verdict;
  const stable = structuralVerdict !== 'fails';
  const pins = totalPins(kit.pairs);
  const fastenerMass = pins * FASTENER_CATALOGUE[0].massG;
  return {
    verdict: stable ? 'stable' : 'unstable',
    structuralVerdict,
    joints,
    buildJoints,
    floatingBlockIds,
    centreOfMass,
    baseMargin,
    requiredMargin,
    tippingMarginDeg: roundAngle(tippingMarginDeg),
    requiredTippingDeg: { stands: TIPPING.standsDeg, minimum: TIPPING.minimumDeg },
    partialBuildTippingDeg: roundAngle(balance.requiredDeg),
    leastPartialTippingDeg: leastPartialTippingDeg === null ? null : roundAngle(leastPartialTippingDeg),
    groundContact: { toleranceMm, cells: contactCells, topLayer: contactTopLayer },
    tipsDuringBuildAtLayer,
    tipsDuringBuildAtStep,
    heldSteps,
    buildOrder,
    weakInterfaces,
    weakBlocks,
    weakBlockCount,
    estimatedMassG: Math.round(totalMass * BLOCK_MODULE.massPerCellG + fastenerMass),
  };
}
