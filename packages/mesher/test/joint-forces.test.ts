// Forces in the pin joints: the weight of every block shared between its load paths down to the
// floor, each joint's pins checked for tension and bending, and a verdict a person would give:
// a mast that holds a long arm on single pins fails at those pins; a gallows, a table, a bridge and
// a leaning tower stand; the inverted cone stands, the T-shape stands with its half-built bar held.

import { describe, expect, it } from 'vitest';
import { analyseJointForces, PIN_DESIGN_FORCE_N, PIN_MODEL } from '../src/build/joint-forces';
import { readKitStructure } from '../src/build/kit-structure';
import { BLOCK_MODULE, type BlockKit, buildBlockKit, type VoxelGrid, validateBuild } from '../src/index';
import { totalPins } from '../src/kit/block-kit';
import { gridFrom } from './helpers/grid-from';

/** Weight (N) of one cell of blocks. */
const CELL_N = (BLOCK_MODULE.massPerCellG / 1000) * PIN_MODEL.gravity;

function judge(grid: VoxelGrid) {
  const kit = buildBlockKit(grid);
  const report = validateBuild(kit, { useCase: 'decorative', grid });
  return { kit, report, joints: report.stability.joints };
}

/** Every joint of the kit with its load, not only the weak ones. */
function allJoints(kit: BlockKit) {
  return analyseJointForces(kit, readKitStructure(kit), 0, { minUtilisation: 0, limit: Infinity }).joints;
}

describe('joint forces', () => {
  it('fails a single-pin mast that holds a 15-cell arm, and names the joints', () => {
    // A base plate 16 × 3 × 2 layers, a 1 × 1 mast on it up to layer 9 at x = 0, and an arm two
    // layers thick along its top reaching 15 cells beyond the mast.
    const grid = gridFrom(16, 3, 12, (x, y, z) => z < 2 || (z < 10 ? x === 0 && y === 1 : y === 1));
    const { kit, report, joints } = judge(grid);
    // It does not tip over and every block is supported: only the joints fail.
    expect(report.stability.baseMargin).toBeGreaterThan(report.stability.requiredMargin);
    expect(report.stability.buildOrder.ok).toBe(true);
    expect(report.stability.floatingBlockIds).toEqual([]);
    expect(joints.verdict).toBe('fails');
    expect(report.stability.structuralVerdict).toBe('fails');
    expect(report.stability.verdict).toBe('unstable');
    expect(report.buildable).toBe(false);
    expect(kit.metrics.stability).toBe('unstable');
    expect(kit.metrics.stabilityVerdict).toBe('fails');
    expect(kit.metrics.overloadedJointCount).toBe(joints.overloadedJointCount);
    // The overloaded joints are the mast's single pins, levered open by the arm.
    const over = joints.joints.filter((j) => j.utilisation > 1);
    expect(over.length).toBe(joints.overloadedJointCount);
    expect(over.length).toBeGreaterThanOrEqual(8);
    for (const j of over) {
      expect(j.pins).toBe(1);
      expect(j.at).toEqual({ x: 0.5, y: 1.5 });
      expect(j.mode).toBe('bending');
    }
    // By hand, at the top of the mast: the arm (32 cells) acts 7.5 cells from the pin, 7 cells
    // beyond the contact's edge (s = 7.5 / 0.5 = 15), so the pin must pull W·(s − 1) = 14 W.
    const top = over.find((j) => j.layer === 10)!;
    expect(top.forceN).toBeCloseTo(32 * CELL_N, 3);
    expect(top.pinTensionN).toBeCloseTo(14 * 32 * CELL_N, 2);
    expect(top.utilisation).toBeCloseTo((14 * 32 * CELL_N) / PIN_DESIGN_FORCE_N, 2);
    const problem = report.problems.find((p) => p.code === 'OVERLOADED_JOINTS');
    expect(problem?.message).toContain(
      `block ${top.upperBlockId} on block ${top.lowerBlockId} (layer 11, 1 pin`,
    );
    expect(report.problems.map((p) => p.code)).toEqual(['OVERLOADED_JOINTS']);
  });

  it('stands a mast of 2 × 2 blocks with a short arm', () => {
    // Same idea, but four pins per joint and an arm reaching 4 cells: well within the pins.
    const grid = gridFrom(
      8,
      4,
      12,
      (x, y, z) => z < 2 || (z < 10 ? x < 2 && y >= 1 && y < 3 : x < 6 && y >= 1 && y < 3),
    );
    const { report, joints } = judge(grid);
    expect(joints.verdict).toBe('stands');
    expect(joints.maxUtilisation).toBeLessThan(PIN_MODEL.weakUtilisation);
    expect(report.buildable).toBe(true);
  });

  it('stands a gallows, its post-top pins listed as a weak point', () => {
    // A 2 × 2 post on a plate, an arm two layers thick reaching 8 cells beyond it, and a rope of
    // three 1 × 1 blocks hanging from the arm's end.
    const grid = gridFrom(10, 4, 14, (x, y, z) => {
      if (z < 2) return true;
      if (z < 12) return (x < 2 && y >= 1 && y < 3) || (z >= 9 && x === 8 && y === 1);
      return y >= 1 && y < 3;
    });
    const { kit, report, joints } = judge(grid);
    expect(report.problems).toEqual([]);
    expect(report.buildable).toBe(true);
    expect(joints.verdict).toBe('stands_with_weak_points');
    expect(report.stability.structuralVerdict).toBe('stands_with_weak_points');
    expect(kit.metrics.stability).toBe('stable');
    expect(kit.metrics.stabilityVerdict).toBe('stands_with_weak_points');
    expect(kit.metrics.weakJointCount).toBe(joints.weakJointCount);
    // Weak points, none over capacity: among them the back of the post top, where the arm's weight
    // pulls its pins up (the kit's pins: two per overlap, more where reinforce-pins added them).
    expect(joints.weakJointCount).toBeGreaterThanOrEqual(1);
    const weak = joints.joints.find((j) => j.layer === 12 && j.at.x === 0.5 && j.at.y === 2);
    expect(weak).toMatchObject({ mode: 'tension' });
    expect(weak!.utilisation).toBeGreaterThanOrEqual(PIN_MODEL.weakUtilisation);
    for (const j of joints.joints) expect(j.utilisation).toBeLessThanOrEqual(1);
    // The pins the kit lists are the ones the check counted, and the bill of materials adds them up.
    const total = totalPins(kit.pairs);
    expect(kit.billOfMaterials.fasteners).toEqual([{ part: 'pin', count: total }]);
    expect(kit.steps.reduce((n, st) => n + st.pinCount, 0)).toBe(total);
    expect(report.checks.pins).toMatchObject({ ok: true, pins: total });
    // The rope hangs from the arm: its top joint carries its weight in tension.
    const rope = allJoints(kit).find((j) => j.layer === 12 && j.at.x === 8.5 && j.at.y === 1.5);
    expect(rope?.forceN).toBeCloseTo(-3 * CELL_N, 3);
  });

  it('stands a table: the top rests on its four legs', () => {
    const grid = gridFrom(12, 8, 8, (x, y, z) => z >= 6 || ((x < 2 || x >= 10) && (y < 2 || y >= 6)));
    const { kit, report, joints } = judge(grid);
    expect(report.problems).toEqual([]);
    expect(joints.verdict).toBe('stands');
    expect(kit.metrics.stabilityVerdict).toBe('stands');
    // The top's weight (192 cells) reaches the legs in compression, a quarter on each.
    const legTops = allJoints(kit).filter((j) => j.layer === 6);
    const total = legTops.reduce((n, j) => n + j.forceN, 0);
    expect(total).toBeCloseTo(192 * CELL_N, 2);
    for (const [x0, y0] of [
      [0, 0],
      [10, 0],
      [0, 6],
      [10, 6],
    ] as const) {
      const leg = legTops.filter((j) => j.at.x >= x0 && j.at.x <= x0 + 2 && j.at.y >= y0 && j.at.y <= y0 + 2);
      expect(leg.reduce((n, j) => n + j.forceN, 0)).toBeCloseTo(48 * CELL_N, 2);
    }
  });

  it('stands a bridge whose deck is held at both ends, sharing its weight between the piers', () => {
    // Piers 3 cells wide and 4 layers high at both ends, a deck two layers thick spanning 14 cells.
    const grid = gridFrom(20, 3, 6, (x, _y, z) => z >= 4 || x < 3 || x >= 17);
    const { kit, report, joints } = judge(grid);
    expect(report.problems).toEqual([]);
    expect(report.buildable).toBe(true);
    expect(joints.verdict).not.toBe('fails');
    expect(joints.maxUtilisation).toBeLessThan(1);
    // The deck (120 cells) rests on both piers, half on each: not all on one joint.
    const pierTops = allJoints(kit).filter((j) => j.layer === 4);
    const left = pierTops.filter((j) => j.at.x < 10).reduce((n, j) => n + j.forceN, 0);
    const right = pierTops.filter((j) => j.at.x > 10).reduce((n, j) => n + j.forceN, 0);
    expect(left).toBeCloseTo(60 * CELL_N, 2);
    expect(right).toBeCloseTo(60 * CELL_N, 2);
    // No pier-top joint is pulled: the deck's weight lies between the piers.
    for (const j of pierTops) expect(j.forceN).toBeGreaterThanOrEqual(0);
  });

  it("stands a tower leaning like Pisa's (4°)", () => {
    // A 6 × 6 column 22 layers high (Pisa's 56 m on 15.5 m), moved one cell every 14 layers (tan
    // 4° ≈ 1/14): it can be tilted 13.5° more before it tips (a 3 × 3 column 42 layers high leaning
    // so, as this test had it before issue 48, only 1.4°).
    const grid = gridFrom(7, 6, 22, (x, _y, z) => {
      const at = Math.floor(z / 14);
      return x >= at && x < at + 6;
    });
    const { report, joints } = judge(grid);
    expect(report.problems).toEqual([]);
    expect(joints.verdict).toBe('stands');
    expect(report.stability.tippingMarginDeg).toBe(13.5);
    expect(report.stability.structuralVerdict).toBe('stands');
  });

  it('stands the inverted cone with a weak point, and the T-shape with its half-built bar held', () => {
    const n = 16;
    const cone = gridFrom(n, n, 16, (x, y, z) => Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) <= 1.5 + z / 3);
    const coneReport = judge(cone).report;
    expect(coneReport.stability.verdict).toBe('stable');
    // Its joints hold, but 5.1° of tilt tips it over (issue 48: it was called plainly "stands").
    expect(coneReport.stability.tippingMarginDeg).toBe(5.1);
    expect(coneReport.stability.joints.verdict).toBe('stands');
    expect(coneReport.stability.structuralVerdict).toBe('stands_with_weak_points');
    // The cone's overhanging blocks hang from the layer above: pins in tension, well within them.
    expect(coneReport.stability.buildOrder.hangingBlockCount).toBeGreaterThan(0);
    expect(coneReport.stability.joints.maxUtilisation).toBeGreaterThan(0);
    expect(coneReport.stability.joints.maxUtilisation).toBeLessThan(PIN_MODEL.weakUtilisation);

    // The T balances when finished, but whichever arm goes first hangs from the other and leans
    // the half-built bar out: its steps say to hold it, and that is its weak point.
    const t = gridFrom(24, 2, 12, (x, _y, z) => (z < 10 ? x >= 11 && x < 13 : true));
    const { kit: tKit, report: tReport } = judge(t);
    expect(tReport.problems.map((p) => p.code)).not.toContain('TIPS_DURING_BUILD');
    expect(tReport.stability.joints.verdict).not.toBe('fails');
    expect(tReport.stability.heldSteps.length).toBeGreaterThan(0);
    expect(tReport.stability.heldSteps.every((h) => h.layer >= 10)).toBe(true);
    expect(tReport.stability.structuralVerdict).toBe('stands_with_weak_points');
    expect(tReport.stability.verdict).toBe('stable');
    const unmarked = structuredClone(tKit);
    for (const step of unmarked.steps) delete step.holdUntilStep;
    const unmarkedReport = validateBuild(unmarked, { useCase: 'decorative', grid: t });
    expect(unmarkedReport.problems.map((p) => p.code)).toContain('TIPS_DURING_BUILD');
    expect(unmarkedReport.stability.structuralVerdict).toBe('fails');
  });

  it('lists a hanging block by the pin that holds it, in tension', () => {
    // A 2 × 2 post with a 2 × 4 cap, and under the cap's overhang a 1 × 1 block held by one pin.
    const grid = gridFrom(4, 2, 5, (x, y, z) => (z < 4 ? x < 2 || (z === 3 && x === 3 && y === 0) : true));
    const { kit, report } = judge(grid);
    expect(report.stability.buildOrder.hangingBlockCount).toBe(1);
    const hanging = allJoints(kit).find((j) => j.layer === 4 && j.at.x === 3.5 && j.at.y === 0.5);
    expect(hanging).toMatchObject({ pins: 1, mode: 'tension' });
    expect(hanging!.forceN).toBeCloseTo(-CELL_N, 3);
    expect(hanging!.pinTensionN).toBeCloseTo(CELL_N, 3);
  });
});
