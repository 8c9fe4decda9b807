// Issue 48: the region solver (HiGHS) is bounded by work, a count of simplex iterations weighted by
// the programme's size, shared by all the regions of a model, not by the regions' shapes: small flat
// shapes of many wide regions spent 14–18 s in it at size 32.

import { describe, expect, it } from 'vitest';
import { inspectModel, voxelise } from '../src/index';
import { BrickLayout } from '../src/kit/brick-layout';
import { COMPACT_WORK_BUDGET, REPAIR_WORK_BUDGET } from '../src/kit/build-block-kit';
import { compactLayout } from '../src/kit/compact-layout';
import { loadRegionSolver, REGION_WORK_BUDGET } from '../src/kit/region-solver';
import { binaryStl } from './helpers/model-fixtures';
import { openCup } from './helpers/shape-fixtures';

/** The cup's walls at 32, laid out and joined, before re-tiling. */
function cupLayout(): BrickLayout {
  const inspected = inspectModel(binaryStl(openCup(10, 20)));
  if (!inspected.ok) throw new Error(inspected.error.message);
  const grid = voxelise(inspected.mesh, { size: 32, up: 'z', watertight: false, openSheet: true });
  const layout = new BrickLayout(grid.dims, grid.cells);
  layout.layAll(16);
  layout.repair(400, REPAIR_WORK_BUDGET);
  return layout;
}

const blocksOf = (layout: BrickLayout) =>
  layout.bx.flatMap((x, id) =>
    layout.alive[id] ? [[x, layout.by[id], layout.bz[id], layout.bsx[id], layout.bsy[id]].join(',')] : [],
  );

describe('the region solver, bounded by work', () => {
  it('spends no more than its budget, and the same budget gives the same kit', async () => {
    const regionSolver = await loadRegionSolver();
    const free = cupLayout();
    const all = compactLayout(free, { workBudget: COMPACT_WORK_BUDGET, regionSolver });
    const spent = all.regionWork!.spent;
    // The cup needs a fraction of the default budget: the default changes nothing for it.
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(REGION_WORK_BUDGET);
    expect(all.regionWork!.solves).toBeGreaterThan(10);

    const budget = Math.floor(spent / 3);
    const bounded = [0, 1].map(() => {
      const layout = cupLayout();
      const result = compactLayout(layout, {
        workBudget: COMPACT_WORK_BUDGET,
        regionSolver,
        regionWorkBudget: budget,
      });
      return { layout, result };
    });
    for (const { result } of bounded) {
      // An integer search may pass its share by what one interrupt check lets through, no more
      // than the few hundred units one region's search takes.
      expect(result.regionWork!.spent).toBeLessThan(budget + 500);
      expect(result.regionWork!.spent).toBeGreaterThan(budget / 2);
      expect(result.regionWork!.left).toBeLessThan(500);
    }
    expect(bounded[0]!.result.saved).toBeLessThanOrEqual(all.saved);
    expect(blocksOf(bounded[0]!.layout)).toEqual(blocksOf(bounded[1]!.layout));

    const none = compactLayout(cupLayout(), {
      workBudget: COMPACT_WORK_BUDGET,
      regionSolver,
      regionWorkBudget: 0,
    });
    expect(none.regionWork!.spent).toBe(0);
  });
});
