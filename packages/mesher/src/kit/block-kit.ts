// The versioned BlockKit document: plain JSON that the web app renders and the builder follows.

import type { PaletteColourId } from '../colour/palette';
import type { BlockPartId, FastenerPartId } from './catalogue';

export const BLOCK_KIT_VERSION = 'kitwright.blockkit/1';

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

export interface KitFastener {
  id: number;
  part: FastenerPartId;
  /** The cell the pin passes through, between `layer - 1` and `layer`. */
  x: number;
  y: number;
  layer: number;
  /** Lower and upper block ids. */
  joins: [number, number];
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
   * Pins to insert, before placing this step's blocks, into the blocks already placed that they
   * join (the layer below; for a `hanging` step, the underside of the blocks above).
   */
  fastenerIds: number[];
  blockIds: number[];
  /**
   * Present (true) when the step's blocks have nothing placed under them: each is pushed up onto
   * its pins under the block above and held there. Absent on ordinary steps (and in older kits).
   */
  hanging?: true;
}

export type StabilityVerdict = 'stable' | 'unstable';

export interface KitMetrics {
  /** Blocks in the kit. */
  partCount: number;
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
  stability: StabilityVerdict;
  layers: number;
  dimensions: { cells: { x: number; y: number; z: number }; mm: { x: number; y: number; z: number } };
  estimatedMassG: number;
}

export interface BlockKit {
  version: typeof BLOCK_KIT_VERSION;
  generator: { name: string; version: string };
  units: { pitchMm: number; layerHeightMm: number };
  blocks: KitBlock[];
  fasteners: KitFastener[];
  billOfMaterials: {
    blocks: BillOfMaterialsLine[];
    fasteners: { part: FastenerPartId; count: number }[];
  };
  steps: BuildStep[];
  metrics: KitMetrics;
}
