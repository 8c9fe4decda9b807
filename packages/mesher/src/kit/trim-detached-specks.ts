// Specks: a few voxels that end up joined to nothing (a one-layer flange under the model, say) and
// that no block can reach. Removing them is a smaller change to the model than shipping a kit with
// loose parts. A speck is a whole group of blocks joined to nothing else, so taking its blocks out
// of the layout leaves every other block, pin and group as it was and covers exactly the voxels
// that remain: the layout is not laid out again (it used to be, from scratch, doubling the kit
// stage's time at 256 for a few cells). The caller writes the kit from the trimmed layout and
// reports what was removed.

import type { VoxelGrid } from '../voxel/voxel-grid';
import type { BrickLayout } from './brick-layout';

/** Largest detached group (in cells) treated as a speck. */
export const SPECK_CELLS = 8;

/**
 * Removes from `layout` the blocks of every group other than the largest that covers at most
 * SPECK_CELLS cells, and returns the grid without their cells (null when there are none).
 */
export function trimSpeckBlocks(
  layout: BrickLayout,
  grid: VoxelGrid,
): { grid: VoxelGrid; trimmedCells: number } | null {
  const state = layout.components();
  if (state.count <= 1) return null;
  let mainRoot = -1;
  let mainCells = -1;
  for (const [root, cells] of state.cellsByRoot) {
    if (cells > mainCells) {
      mainCells = cells;
      mainRoot = root;
    }
  }
  const specks = new Set<number>();
  for (const [root, cells] of state.cellsByRoot)
    if (root !== mainRoot && cells <= SPECK_CELLS) specks.add(root);
  if (specks.size === 0) return null;
  const cells = grid.cells.slice();
  let trimmedCells = 0;
  for (let id = 0; id < state.rootOf.length; id++) {
    if (!layout.alive[id] || !specks.has(state.rootOf[id]!)) continue;
    const added = layout.addedIds.delete(id);
    for (const cell of layout.remove(id)) {
      // A block added to join groups stands on empty cells: it takes no voxel of the model with it.
      if (added) continue;
      cells[cell] = 0;
      layout.cells[cell] = 0;
      trimmedCells++;
    }
  }
  return {
    grid: { ...grid, cells, stats: { ...grid.stats, filledCells: grid.stats.filledCells - trimmedCells } },
    trimmedCells,
  };
}
