// Reads a BlockKit back into cells using only the kit's own data, so the checks that follow (overlap,
// cover, connection, stability) trust nothing the layout code computed.

import { type BlockKit, pinsForOverlap } from '../kit/block-kit';
import { blockPart, footprint } from '../kit/catalogue';
import { UnionFind } from '../kit/union-find';

export interface KitStructure {
  dims: [number, number, number];
  /** Block index (position in kit.blocks) per cell, -1 = empty. */
  owner: Int32Array;
  /** Cells claimed by two blocks (reported as overlaps). */
  overlaps: number[];
  /** Blocks that reach outside the kit's stated dimensions or use an unknown part. */
  invalidBlocks: number[];
  /** Component root per block index. */
  rootOf: Int32Array;
  components: number;
  /** Cells per component root. */
  componentCells: Map<number, number>;
}

export function readKitStructure(kit: BlockKit): KitStructure {
  const d = kit.metrics.dimensions.cells;
  const dims: [number, number, number] = [d.x, d.y, d.z];
  const layerSize = d.x * d.y;
  const owner = new Int32Array(layerSize * d.z).fill(-1);
  const overlaps: number[] = [];
  const invalidBlocks: number[] = [];
  kit.blocks.forEach((block, index) => {
    let size: { sx: number; sy: number };
    try {
      size = footprint(blockPart(block.part), block.orientation);
    } catch {
      invalidBlocks.push(index);
      return;
    }
    if (
      block.x < 0 ||
      block.y < 0 ||
      block.layer < 0 ||
      block.x + size.sx > d.x ||
      block.y + size.sy > d.y ||
      block.layer >= d.z
    ) {
      invalidBlocks.push(index);
      return;
    }
    for (let j = 0; j < size.sy; j++) {
      for (let i = 0; i < size.sx; i++) {
        const cell = block.layer * layerSize + block.x + i + d.x * (block.y + j);
        if (owner[cell] !== -1) overlaps.push(cell);
        else owner[cell] = index;
      }
    }
  });
  const uf = new UnionFind(kit.blocks.length);
  for (let cell = layerSize; cell < owner.length; cell++) {
    const upper = owner[cell]!;
    const lower = owner[cell - layerSize]!;
    if (upper >= 0 && lower >= 0) uf.union(lower, upper);
  }
  const rootOf = new Int32Array(kit.blocks.length);
  const componentCells = new Map<number, number>();
  const invalid = new Set(invalidBlocks);
  kit.blocks.forEach((block, index) => {
    const root = uf.find(index);
    rootOf[index] = root;
    if (invalid.has(index)) return;
    componentCells.set(root, (componentCells.get(root) ?? 0) + block.size.x * block.size.y);
  });
  return { dims, owner, overlaps, invalidBlocks, rootOf, components: componentCells.size, componentCells };
}

/** Two stacked blocks joined by pins, as the blocks' footprints imply (read from the kit alone). */
export interface PinnedPair {
  /** Block indices (positions in kit.blocks). */
  lower: number;
  upper: number;
  /** The upper block's layer. */
  layer: number;
  /** Cells the two footprints share. */
  overlapCells: number;
  /** Pins the pair takes (pinsForOverlap). */
  pins: number;
}

/**
 * Every stacked pair of blocks that shares at least one cell, with its overlap and pin count, in
 * the order of the pair's first shared cell (the order of a kit's `fasteners`). For the validator's
 * pin check and for anything that needs pins per joint (stability, forces). From the structure's
 * cells only, so it trusts nothing but the kit's blocks.
 */
export function readPinnedPairs(structure: KitStructure): PinnedPair[] {
  const [nx, ny] = structure.dims;
  const layerSize = nx * ny;
  const { owner } = structure;
  const index = new Map<number, number>();
  const pairs: PinnedPair[] = [];
  const stride = structure.rootOf.length;
  for (let cell = layerSize; cell < owner.length; cell++) {
    const upper = owner[cell]!;
    if (upper < 0) continue;
    const lower = owner[cell - layerSize]!;
    if (lower < 0) continue;
    const key = lower * stride + upper;
    const at = index.get(key);
    if (at !== undefined) pairs[at]!.overlapCells++;
    else {
      index.set(key, pairs.length);
      pairs.push({ lower, upper, layer: Math.floor(cell / layerSize), overlapCells: 1, pins: 0 });
    }
  }
  for (const pair of pairs) pair.pins = pinsForOverlap(pair.overlapCells);
  return pairs;
}
