// Joining loose groups (BrickLayout.repair) counts the groups after each trial bridge the local
// estimate accepts. The check that derives them from the groups before the trial
// (componentsAfterBridge) must give exactly what recounting the whole model gives: the same
// layout, the same work, whichever path ran.

import { describe, expect, it } from 'vitest';
import { createVoxelGrid, type VoxelGrid } from '../src/index';
import { BrickLayout } from '../src/kit/brick-layout';
import { createRandom } from './helpers/prng';

/** Random posts, bars and thin plates: many groups that meet only side by side after the layout. */
function lattice(seed: number, n = 32, layers = 16): VoxelGrid {
  const random = createRandom(seed);
  const grid = createVoxelGrid(n, n, layers);
  const set = (x: number, y: number, z: number) => {
    if (x >= 0 && y >= 0 && z >= 0 && x < n && y < n && z < layers) grid.cells[x + n * (y + n * z)] = 1;
  };
  for (let k = 0; k < 120; k++) {
    const x = Math.floor(random() * n);
    const y = Math.floor(random() * n);
    const z = Math.floor(random() * layers);
    const length = 2 + Math.floor(random() * 8);
    const kind = Math.floor(random() * 3);
    for (let i = 0; i < length; i++) {
      if (kind === 0) set(x, y, z + i);
      else if (kind === 1) set(x + i, y, z);
      else set(x, y + i, z);
    }
  }
  return grid;
}

function joined(grid: VoxelGrid, bridgeCheckVisits?: number) {
  const layout = new BrickLayout(grid.dims, grid.cells);
  if (bridgeCheckVisits !== undefined) layout.bridgeCheckVisits = bridgeCheckVisits;
  layout.layAll(3);
  const groups = layout.repair(400);
  return {
    groups,
    work: layout.work,
    checks: layout.bridgeChecks,
    blocks: [layout.bx, layout.by, layout.bz, layout.bsx, layout.bsy, layout.alive].map((a) => a.join()),
  };
}

describe('groups after a trial bridge', () => {
  it('gives the layout and work of recounting the whole model, and replaces recounts', () => {
    let checks = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const grid = lattice(seed);
      const recounted = joined(grid, 0);
      const checked = joined(grid);
      expect(recounted.checks).toBe(0);
      expect({ ...checked, checks: 0 }, `seed ${seed}`).toEqual(recounted);
      checks += checked.checks;
    }
    // The check ran, and often (116 times over these seeds).
    expect(checks).toBeGreaterThan(50);
  });

  it('gives the same layout with a check too small to finish (it recounts then)', () => {
    const grid = lattice(5);
    const recounted = joined(grid, 0);
    expect({ ...joined(grid, 1), checks: 0 }).toEqual(recounted);
  });
});
