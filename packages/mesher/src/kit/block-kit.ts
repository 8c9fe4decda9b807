// The versioned BlockKit document: plain JSON that the web app renders and the builder follows.

import type { PaletteColourId } from '../colour/palette';
import type { BlockPartId, FastenerPartId } from './catalogue';

/**
 * The in-memory kit. Stored kits are compact documents (`kitwright.blockkit/3`, kit-codec.ts), read
 * back into this shape with `decodeKit`, which also reads the stored versions before it: version 2
 * (one `fasteners` entry per pinned block pair with its pin `count`, steps with `pinCount`) and
 * version 1 (one entry per pin; steps without `pinCount`). In memory the pinned pairs are columns
 * (`KitPairs`), not an object per pair: for the bunny at 256 that was 1.6 million objects (about 200
 * MB of heap and a fifth of the run in garbage collection). docs/decisions.md, "Fast and lean at
 * large sizes" and "Compact kit document (v3)".
 */
export const BLOCK_KIT_VERSION = 'kitwright.blockkit/2';

export interface KitBlock {
  id: number;
  part: BlockPartId;
  colour: PaletteColourId;
  /** Cell of the block's minimum corner; layer 0 stands on the ground. */
  x: number;
  y: number;
  layer: number;
  /** 0: the long side runs along x; 90: along y. */
  orientation: 0 | 90;
  /** Cells covered along x and y (derived from part and orientation, kept for renderers). */
  size: { x: number; y: number };
  /**
   * Present (true) on a block that is not part of the model: added on empty cells to join a group
   * that met the rest only side by side (one piece, always). Absent on the model's own blocks.
   */
  added?: true;
}

/**
 * The pinned pairs of a kit, as columns: pair k joins block `lower[k]` (below) to block `upper[k]`
 * (on the layer above) with `pins[k]` pins. Pairs are grouped by upper block in block order, each
 * group in the order of its first shared cell (as kit-structure.ts's `readPinnedPairs` reads them);
 * a step's `fastenerIds` are indices k. Where the pins go is implied by the blocks: the pair's shared
 * cells (the overlap of the lower block's footprint with the upper one's) form a rectangle; one
 * shared cell takes one pin, more take two, at the rectangle's first and last cell (its far corners:
 * least x and y, greatest x and y), so the pair cannot pivot (`pinsForOverlap`); pairs carrying more
 * load get more, up to one per shared cell (reinforce-pins.ts). The validator checks the counts
 * against the footprints.
 */
export interface KitPairs {
  /** Pairs in the kit (the columns may be longer; only the first `count` entries count). */
  count: number;
  part: FastenerPartId;
  lower: Int32Array;
  upper: Int32Array;
  pins: Int32Array;
}

/** Columns for `count` pairs, all zero. */
export function createKitPairs(count: number, part: FastenerPartId = 'pin'): KitPairs {
  return {
    count,
    part,
    lower: new Int32Array(count),
    upper: new Int32Array(count),
    pins: new Int32Array(count),
  };
}

/** Pins in all the kit's pairs. */
export function totalPins(pairs: KitPairs): number {
  let total = 0;
  for (let k = 0; k < pairs.count; k++) total += pairs.pins[k]!;
  return total;
}

/**
 * One pinned pair as a stored version 2 kit wrote it (an object per pair). Read by `decodeKit`;
 * in memory, pairs are `KitPairs`.
 */
export interface KitFastener {
  /** Pair id (index in `fasteners`). */
  id: number;
  part: FastenerPartId;
  /** The upper block's layer: the pins go between `layer - 1` and `layer`. */
  layer: number;
  /** Lower and upper block ids. */
  joins: [number, number];
  /** Pins joining this pair (1 or 2). */
  count: number;
}

/** Pins for a stacked pair sharing `overlapCells` cells: one for a single cell, two (far corners) for more. */
export function pinsForOverlap(overlapCells: number): number {
  return overlapCells <= 0 ? 0 : overlapCells === 1 ? 1 : 2;
}

export interface BillOfMaterialsLine {
  part: BlockPartId;
  colour: PaletteColourId;
  count: number;
  /** Present (true) on the lines of added blocks (`KitBlock.added`), listed after the model's own. */
  added?: true;
}

export interface BuildStep {
  step: number;
  layer: number;
  /**
   * Pinned pairs (indices in `pairs`) whose pins go in, before placing this step's blocks, into the
   * blocks already placed that they join (the layer below; for a `hanging` step, the underside of
   * the blocks above). In a version 1 kit these were pin ids, one per pin.
   */
  fastenerIds: number[];
  /** Pins to insert in this step: the sum of the pins of its pairs (`fastenerIds`). */
  pinCount: number;
  blockIds: number[];
  /**
   * Present (true) when the step's blocks have nothing placed under them: each is pushed up onto
   * its pins under the block above and held there. Absent on ordinary steps (and in older kits).
   */
  hanging?: true;
  /**
   * Present where the partial build after this step leans beyond its base: hold the model upright
   * until step `holdUntilStep` (1-based) is placed, after which it stands on its own. Absent on
   * steps that stand (and in older kits).
   */
  holdUntilStep?: number;
  /**
   * Present where a joint of the partial build after this step carries more than its pins hold (an
   * arm built out before the counterweight or support that relieves it): prop the blocks in
   * `supportBlockIds` (the upper blocks of those joints) until step `supportUntilStep` (1-based) is
   * placed. Absent on steps whose joints hold (and in older kits).
   */
  supportUntilStep?: number;
  supportBlockIds?: number[];
}

export type StabilityVerdict = 'stable' | 'unstable';

/** Stands; stands, with joints loaded to half their capacity or more; or fails (why and where in the report). */
export type StructuralVerdict = 'stands' | 'stands_with_weak_points' | 'fails';

export interface KitMetrics {
  /** Blocks in the kit. */
  partCount: number;
  /** Pins in the kit (the sum of the pairs' counts). */
  fastenerCount: number;
  /** Blocks needed if every voxel were a 1×1 block. */
  baselineCount: number;
  /** 1 − partCount / baselineCount. */
  reduction: number;
  /** Pins a 1×1 model would need: one per pair of stacked cells (absent in older kits). */
  baselineFastenerCount?: number;
  /**
   * All parts counted, blocks and pins: 1 − (partCount + fastenerCount) / (baselineCount +
   * baselineFastenerCount). Pins outnumber blocks, so this is the honest figure next to `reduction`.
   */
  reductionWithFasteners?: number;
  /** Blocks added to join loose groups (`KitBlock.added`), included in partCount; absent in older kits. */
  addedBlockCount?: number;
  /** Connected groups of blocks; a buildable kit has exactly one. */
  components: number;
  /** 'stable' when the kit does not fail (`stabilityVerdict` is not 'fails'). */
  stability: StabilityVerdict;
  /** Absent in kits made before the joint model. */
  stabilityVerdict?: StructuralVerdict;
  /** Joints loaded to half their capacity or more, and over it (absent in older kits). */
  weakJointCount?: number;
  overloadedJointCount?: number;
  /** Steps after which the model must be held upright (`BuildStep.holdUntilStep`); absent in older kits. */
  heldStepCount?: number;
  /** Steps after which blocks must be propped (`BuildStep.supportUntilStep`); absent in older kits. */
  supportedStepCount?: number;
  /**
   * How far (degrees, to a tenth) the finished model can be tilted in any direction before it tips
   * over (src/build/tipping.ts): "stands" needs TIPPING.standsDeg (10°); absent in older kits.
   */
  tippingMarginDeg?: number;
  layers: number;
  dimensions: { cells: { x: number; y: number; z: number }; mm: { x: number; y: number; z: number } };
  estimatedMassG: number;
}

export interface BlockKit {
  version: typeof BLOCK_KIT_VERSION;
  generator: { name: string; version: string };
  units: { pitchMm: number; layerHeightMm: number };
  blocks: KitBlock[];
  /** The pinned pairs (columns; see KitPairs). */
  pairs: KitPairs;
  billOfMaterials: {
    blocks: BillOfMaterialsLine[];
    fasteners: { part: FastenerPartId; count: number }[];
  };
  steps: BuildStep[];
  metrics: KitMetrics;
}

/**
 * The index in `blocks` of a block id (the last block with that id, as a Map filled in order
 * would give), from an array when the ids are 0..n-1 without repeats (every kit the mesher writes).
 */
export function blockIndexOf(blocks: readonly { id: number }[]): (id: number) => number | undefined {
  const n = blocks.length;
  const at = new Int32Array(n).fill(-1);
  let dense = true;
  for (let i = 0; i < n && dense; i++) {
    const id = blocks[i]!.id;
    if (Number.isInteger(id) && id >= 0 && id < n && at[id] === -1) at[id] = i;
    else dense = false;
  }
  if (dense) return (id) => (Number.isInteger(id) && id >= 0 && id < n ? at[id] : undefined);
  const map = new Map<number, number>();
  for (let i = 0; i < n; i++) map.set(blocks[i]!.id, i);
  return (id) => map.get(id);
}
