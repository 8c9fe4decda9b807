// A voxel grid drawn by a predicate over its cells, for the stability and build-order tests.

import { createVoxelGrid, type VoxelGrid } from '../../src/index';

export function gridFrom(
  nx: number,
  ny: number,
  nz: number,
  filled: (x: number, y: number, z: number) => boolean,
): VoxelGrid {
  const grid = createVoxelGrid(nx, ny, nz);
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) if (filled(x, y, z)) grid.cells[x + nx * (y + ny * z)] = 1;
  return grid;
}
