// Specks: a few voxels that end up joined to nothing (a one-layer flange under the model, say) and
// that no block can reach. Removing them is a smaller change to the model than shipping a kit with
// loose parts; the caller rebuilds the kit from the trimmed grid and reports what was removed.

import { readKitStructure } from '../build/kit-structure';
import type { VoxelGrid } from '../voxel/voxel-grid';
import type { BlockKit } from './block-kit';

/** Largest detached group (in cells) treated as a speck. */
export const SPECK_CELLS = 8;

export function trimDetachedSpecks(
  grid: VoxelGrid,
  kit: BlockKit,
): { grid: VoxelGrid; trimmedCells: number } | null {
  const structure = readKitStructure(kit);
  if (structure.components <= 1) return null;
  let mainRoot = -1;
  let mainCells = -1;
  for (const [root, cells] of structure.componentCells) {
    if (cells > mainCells) {
      mainCells = cells;
      mainRoot = root;
    }
  }
  const specks = new Set<number>();
  for (const [root, cells] of structure.componentCells)
    if (root !== mainRoot && cells <= SPECK_CELLS) specks.add(root);
  if (specks.size === 0) return null;
  const cells = grid.cells.slice();
  let trimmedCells = 0;
  for (let cell = 0; cell < cells.length; cell++) {
    const block = structure.owner[cell]!;
    if (block >= 0 && specks.has(structure.rootOf[block]!)) {
      cells[cell] = 0;
      trimmedCells++;
    }
  }
  return {
    grid: { ...grid, cells, stats: { ...grid.stats, filledCells: grid.stats.filledCells - trimmedCells } },
    trimmedCells,
  };
}
