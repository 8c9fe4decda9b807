// The universal block and fastener catalogue: 1-high blocks on a cubic 16 mm module, and the pin
// that joins two stacked blocks through their aligned holes.

export interface BlockPart {
  id: string;
  name: string;
  /** Footprint in cells: the short side, then the long side. */
  width: number;
  length: number;
}

export const BLOCK_CATALOGUE = [
  { id: '1x1', name: 'Block 1×1', width: 1, length: 1 },
  { id: '1x2', name: 'Block 1×2', width: 1, length: 2 },
  { id: '1x3', name: 'Block 1×3', width: 1, length: 3 },
  { id: '1x4', name: 'Block 1×4', width: 1, length: 4 },
  { id: '1x6', name: 'Block 1×6', width: 1, length: 6 },
  { id: '1x8', name: 'Block 1×8', width: 1, length: 8 },
  { id: '2x2', name: 'Block 2×2', width: 2, length: 2 },
  { id: '2x3', name: 'Block 2×3', width: 2, length: 3 },
  { id: '2x4', name: 'Block 2×4', width: 2, length: 4 },
  { id: '2x6', name: 'Block 2×6', width: 2, length: 6 },
  { id: '2x8', name: 'Block 2×8', width: 2, length: 8 },
] as const satisfies readonly BlockPart[];

export type BlockPartId = (typeof BLOCK_CATALOGUE)[number]['id'];

export const FASTENER_CATALOGUE = [
  {
    id: 'pin',
    name: 'Connector pin',
    description: 'Joins two stacked blocks through one pair of aligned holes.',
    massG: 0.4,
  },
] as const;

export type FastenerPartId = (typeof FASTENER_CATALOGUE)[number]['id'];

export { BLOCK_MODULE } from '../constants';

export function blockPart(id: BlockPartId): (typeof BLOCK_CATALOGUE)[number] {
  const part = BLOCK_CATALOGUE.find((p) => p.id === id);
  if (!part) throw new RangeError(`Unknown block part ${id}`);
  return part;
}

/** Footprint of a part placed with an orientation: 0 runs the long side along x, 90 along y. */
export function footprint(part: BlockPart, orientation: 0 | 90): { sx: number; sy: number } {
  return orientation === 0 ? { sx: part.length, sy: part.width } : { sx: part.width, sy: part.length };
}

/** The part whose footprint is sx × sy in either orientation, if the catalogue has one. */
export function partForFootprint(
  sx: number,
  sy: number,
): { part: (typeof BLOCK_CATALOGUE)[number]; orientation: 0 | 90 } | null {
  for (const part of BLOCK_CATALOGUE) {
    if (part.length === sx && part.width === sy) return { part, orientation: 0 };
    if (part.width === sx && part.length === sy) return { part, orientation: 90 };
  }
  return null;
}
