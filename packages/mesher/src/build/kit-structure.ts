// Reads a BlockKit back into cells using only the kit's own data, so the checks that follow (overlap,
// cover, connection, stability) trust nothing the layout code computed.

import { type BlockKit, pinsForOverlap } from '../kit/block-kit';
import { BLOCK_CATALOGUE, blockPart, footprint } from '../kit/catalogue';
import { UnionFind } from '../kit/union-find';

export interface KitStructure {
  dims: [number, number, number];
  /** Block index (position in kit.blocks) per cell, -1 = empty. */
  owner: Int32Array;
  /** Cells claimed by two blocks (reported as overlaps). */
  overlaps: number[];
  /** Blocks that reach outside the kit's stated dimensions or use an unknown part. */
  invalidBlocks: number[];
  /** 1 per block index in `invalidBlocks`. */
  invalid: Uint8Array;
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
  const invalid = new Uint8Array(kit.blocks.length);
  for (const index of invalidBlocks) invalid[index] = 1;
  kit.blocks.forEach((block, index) => {
    const root = uf.find(index);
    rootOf[index] = root;
    if (invalid[index]) return;
    componentCells.set(root, (componentCells.get(root) ?? 0) + block.size.x * block.size.y);
  });
  return {
    dims,
    owner,
    overlaps,
    invalidBlocks,
    invalid,
    rootOf,
    components: componentCells.size,
    componentCells,
  };
}

/**
 * The stacked pairs of blocks that share at least one cell, with their overlap and pin count, as
 * the blocks' footprints imply (read from the kit alone), in arrays: pair k joins `lower[k]` (below)
 * and `upper[k]` (block indices). Pairs are grouped by upper block in kit order: those of block b
 * are `firstOfUpper[b]` to `firstOfUpper[b + 1] - 1`, each group in the order of its first shared
 * cell (the order of a kit's `fasteners`). For the validator's pin check and for anything that
 * needs pins per joint (stability, forces): `pinsBetween` answers for one pair.
 */
export interface PinnedPairs {
  count: number;
  lower: Int32Array;
  upper: Int32Array;
  /** Cells the two footprints share. */
  overlapCells: Int32Array;
  /** Pins the pair takes (pinsForOverlap). */
  pins: Uint8Array;
  /** Per block index, its first pair as the upper block; length blocks + 1. */
  firstOfUpper: Int32Array;
  /** Sum of `pins`. */
  totalPins: number;
}

export function readPinnedPairs(kit: BlockKit, structure: KitStructure): PinnedPairs {
  const [nx, ny] = structure.dims;
  const layerSize = nx * ny;
  const { owner } = structure;
  const blockCount = structure.rootOf.length;
  // Two passes over the blocks' cells, the first counting the pairs, so that the columns are
  // allocated once at their size (1.6 million pairs for the bunny at 256: no doubling, no copy).
  // Each pass calls `onCell(b, start, below)` for every cell block b owns over a cell of block
  // `below`: the cells of the part's footprint that the block owns (an overlapped cell stays its
  // first owner's, as in the owner grid), in cell order; `start` is the block's first pair.
  const eachStackedCell = (onBlock: (b: number) => void, onCell: (b: number, below: number) => void) => {
    for (let b = 0; b < blockCount; b++) {
      onBlock(b);
      const block = kit.blocks[b]!;
      if (!(block.layer > 0) || structure.invalid[b]) continue;
      const size = footprint(blockPart(block.part), block.orientation);
      for (let j = 0; j < size.sy; j++) {
        for (let i = 0; i < size.sx; i++) {
          const cell = block.layer * layerSize + block.x + i + nx * (block.y + j);
          if (owner[cell] !== b) continue;
          const below = owner[cell - layerSize]!;
          if (below >= 0) onCell(b, below);
        }
      }
    }
  };
  // Counting: the distinct blocks under each block, in a row as long as the largest footprint.
  const row = new Int32Array(MAX_FOOTPRINT_CELLS);
  let distinct = 0;
  let total = 0;
  eachStackedCell(
    () => {
      total += distinct;
      distinct = 0;
    },
    (_, below) => {
      let k = 0;
      while (k < distinct && row[k] !== below) k++;
      if (k === distinct) row[distinct++] = below;
    },
  );
  total += distinct;
  const lower = new Int32Array(total);
  const upper = new Int32Array(total);
  const overlap = new Int32Array(total);
  const firstOfUpper = new Int32Array(blockCount + 1);
  let count = 0;
  eachStackedCell(
    (b) => {
      firstOfUpper[b] = count;
    },
    (b, below) => {
      let k = firstOfUpper[b]!;
      while (k < count && lower[k] !== below) k++;
      if (k < count) overlap[k]!++;
      else {
        lower[count] = below;
        upper[count] = b;
        overlap[count] = 1;
        count++;
      }
    },
  );
  firstOfUpper[blockCount] = count;
  const pins = new Uint8Array(count);
  let totalPins = 0;
  for (let k = 0; k < count; k++) {
    pins[k] = pinsForOverlap(overlap[k]!);
    totalPins += pins[k]!;
  }
  return { count, lower, upper, overlapCells: overlap, pins, firstOfUpper, totalPins };
}

/** Cells of the largest catalogue block: a bound on the blocks under one block. */
const MAX_FOOTPRINT_CELLS = Math.max(...BLOCK_CATALOGUE.map((p) => p.width * p.length));

/** The pair joining block `lower` to block `upper` above it (index into `pairs`), or -1. */
export function pairIndex(pairs: PinnedPairs, lower: number, upper: number): number {
  if (!(upper >= 0 && upper + 1 < pairs.firstOfUpper.length)) return -1;
  for (let k = pairs.firstOfUpper[upper]!; k < pairs.firstOfUpper[upper + 1]!; k++)
    if (pairs.lower[k] === lower) return k;
  return -1;
}

/** Pins joining block `lower` to block `upper` above it (0 when they are not a stacked pair). */
export function pinsBetween(pairs: PinnedPairs, lower: number, upper: number): number {
  const k = pairIndex(pairs, lower, upper);
  return k < 0 ? 0 : pairs.pins[k]!;
}
