// Issue 48, "Structural verdicts": a joint past its design capacity but within what its pins hold
// (the capacity carries a safety factor of 2) is a weak point, not a failure; and a joint the pins
// cannot hold is reinforced by the layout (a block sharing more cells with the one under it)
// instead of given a verdict.

import { describe, expect, it } from 'vitest';
import { PIN_MODEL, pullsOut } from '../src/build/joint-forces';
import { PALETTE } from '../src/colour/palette';
import { buildBlockKit, validateBuild } from '../src/index';
import { BrickLayout } from '../src/kit/brick-layout';
import { reinforceJoints } from '../src/kit/reinforce-joints';
import { checkAndAnalyseKit, writeKit } from '../src/kit/write-kit';
import { gridFrom } from './helpers/grid-from';

/** A base plate 16 × 3 × 2 layers, a 1 × 1 mast on it up to layer 9, an arm two layers thick reaching `reach` cells along its top. */
const mast = (reach: number) =>
  gridFrom(16, 3, 12, (x, y, z) => z < 2 || (z < 10 ? x === 0 && y === 1 : y === 1 && x <= reach));

describe('joints past their design load', () => {
  it('are weak points while their pins hold (up to twice the design load), failures beyond', () => {
    // The arm levers the mast's single pins: reaching 9 cells it needs 1.4 times what a pin is
    // designed for (weak), reaching 11 cells 2.1 times (its pin pulls out).
    const judged = [9, 11].map((reach) => {
      const grid = mast(reach);
      const kit = buildBlockKit(grid);
      const report = validateBuild(kit, { useCase: 'decorative', grid });
      const joints = report.stability.joints;
      expect(report.stability.tippingMarginDeg).toBeGreaterThan(10);
      if (reach === 9) {
        // The cow of the issue: a finished joint just past its design load made the last steps
        // "overloaded", propped until the last step, after which the kit failed anyway (here step
        // 12 was propped until 13). Within its pins, nothing is propped.
        expect(kit.steps.filter((s) => s.supportUntilStep !== undefined)).toEqual([]);
        expect(report.stability.buildJoints.supportedSteps).toEqual([]);
      }
      return {
        max: joints.maxUtilisation > 1 && joints.maxUtilisation <= PIN_MODEL.safetyFactor,
        overDesign: joints.overDesignJointCount > 0,
        pulled: joints.overloadedJointCount,
        verdict: report.stability.structuralVerdict,
        problems: report.problems.map((p) => p.code),
      };
    });
    expect(judged[0]).toEqual({
      max: true,
      overDesign: true,
      pulled: 0,
      verdict: 'stands_with_weak_points',
      problems: [],
    });
    expect(judged[1]).toMatchObject({ max: false, verdict: 'fails', problems: ['OVERLOADED_JOINTS'] });
    expect(judged[1]!.pulled).toBeGreaterThan(0);
    expect(pullsOut(2.01)).toBe(true);
    expect(pullsOut(2)).toBe(false);
  });
});

describe('a joint the pins cannot hold, reinforced by the layout', () => {
  // A base plate, a 2 × 2 post on it up to layer 5 and a 15-long arm two layers thick on top,
  // laid by hand the way a greedy layout can leave it: on layer 6 the post's two columns are
  // covered by two different blocks (a 1 × 2 over x = 0, and the 8-long block that starts at
  // x = 1), so each shares only two cells (two pins) with the post, and the arm levers the one at
  // the back to 155% of its design load.
  const grid = gridFrom(15, 2, 8, (x, _y, z) => z === 0 || z >= 6 || x < 2);
  const red = PALETTE.findIndex((c) => c.id === 'red') + 1;
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i]) grid.cells[i] = red;
  const handLaid = () => {
    const layout = new BrickLayout(grid.dims, grid.cells);
    for (const [x, z, sx] of [
      [0, 0, 8],
      [8, 0, 6],
      [14, 0, 1],
      [0, 1, 2],
      [0, 2, 2],
      [0, 3, 2],
      [0, 4, 2],
      [0, 5, 2],
      [0, 6, 1],
      [1, 6, 8],
      [9, 6, 6],
      [0, 7, 8],
      [8, 7, 6],
      [14, 7, 1],
    ] as const)
      layout.place(x, 0, z, sx, 2, red);
    return checkAndAnalyseKit(writeKit(layout, grid), grid);
  };

  it('re-tiles the layer over the joint so one block shares all four cells of the post', () => {
    const before = handLaid();
    const weak = before.stability.joints.joints.filter((j) => j.layer === 6 && j.utilisation > 1);
    expect(weak.length).toBeGreaterThan(0);
    expect(weak.every((j) => j.pins === 2)).toBe(true);
    expect(before.stability.structuralVerdict).not.toBe('stands');

    const after = reinforceJoints(before.kit, before.stability, grid);
    expect(after.kept).toBeGreaterThan(0);
    // The same cells, one block over the post's top sharing its four cells.
    const cells = (k: typeof after.kit) => k.blocks.reduce((n, b) => n + b.size.x * b.size.y, 0);
    expect(cells(after.kit)).toBe(cells(before.kit));
    const overPost = after.kit.blocks.filter((b) => b.layer === 6 && b.x === 0);
    expect(overPost.map((b) => [b.size.x >= 2, b.size.y])).toEqual([[true, 2]]);
    const stillWeak = after.stability.joints.joints.filter((j) => j.utilisation > 1);
    expect(stillWeak).toEqual([]);
    expect(after.stability.joints.maxUtilisation).toBeLessThan(before.stability.joints.maxUtilisation);
    expect(after.stability.tippingMarginDeg).toBe(before.stability.tippingMarginDeg);
    expect(validateBuild(after.kit, { useCase: 'decorative', grid }).checks.cover.ok).toBe(true);
    // Bounded by work: the same kit every time.
    const again = reinforceJoints(handLaid().kit, handLaid().stability, grid);
    expect(JSON.stringify(again.kit.blocks)).toBe(JSON.stringify(after.kit.blocks));
  });

  it('leaves a kit alone when no joint is past its design load', () => {
    const kit = buildBlockKit(gridFrom(4, 4, 6, () => true));
    const checked = checkAndAnalyseKit(
      structuredClone(kit),
      gridFrom(4, 4, 6, () => true),
    );
    const result = reinforceJoints(
      checked.kit,
      checked.stability,
      gridFrom(4, 4, 6, () => true),
    );
    expect(result.checks).toBe(0);
    expect(result.kit).toBe(checked.kit);
  });
});
