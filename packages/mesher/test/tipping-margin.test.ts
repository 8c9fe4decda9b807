// Issue 48, "Structural verdicts" and "Pose": the tipping margin (how far a model can be tilted
// before it falls) in the verdict and in every partial build, and a pose judged by it.

import { describe, expect, it } from 'vitest';
import {
  buildBlockKit,
  choosePose,
  inspectModel,
  runMeshPipeline,
  TIPPING,
  type TriangleMesh,
  tippingAngleDeg,
  validateBuild,
} from '../src/index';
import { gridFrom } from './helpers/grid-from';
import { binaryStl } from './helpers/model-fixtures';
import { cone, glbOf, van } from './helpers/shape-fixtures';

function meshOf(bytes: Uint8Array): TriangleMesh {
  const inspected = inspectModel(bytes);
  if (!inspected.ok) throw new Error(inspected.error.message);
  return inspected.mesh;
}

describe('the tipping margin', () => {
  it('is atan(margin / height of the centre of mass)', () => {
    expect(tippingAngleDeg(1, 47.6)).toBeCloseTo(1.2, 1);
    expect(tippingAngleDeg(0.5, 0.5)).toBeCloseTo(45, 9);
    expect(tippingAngleDeg(-1, 1)).toBeCloseTo(-45, 9);
    expect(tippingAngleDeg(-Infinity, 3)).toBe(-90);
  });

  it('fails a cone balanced on its tip, given up z (it used to "stand")', async () => {
    const outcome = await runMeshPipeline(binaryStl(cone(6, 24)), { size: 64, up: 'z' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const stability = outcome.buildReport.stability;
    // Its centre of mass is 47 layers above a contact a cell across: 1.2° of tilt tips it.
    expect(stability.centreOfMass.z).toBeGreaterThan(45);
    expect(stability.baseMargin).toBeGreaterThan(0);
    expect(stability.tippingMarginDeg).toBeGreaterThan(0);
    expect(stability.tippingMarginDeg).toBeLessThan(TIPPING.minimumDeg);
    expect(outcome.kit.metrics.tippingMarginDeg).toBe(stability.tippingMarginDeg);
    expect(stability.structuralVerdict).toBe('fails');
    const problem = outcome.buildReport.problems.find((p) => p.code === 'TIPS_OVER');
    expect(problem?.message).toMatch(/a tilt of 1\.\d° tips it over \(it needs 5° to stand, 10° to stand/);
    expect(outcome.buildReport.buildable).toBe(false);
  });

  it('turns the cone onto its base by itself, and says why', async () => {
    const pose = choosePose(meshOf(binaryStl(cone(6, 24))), { size: 64 });
    expect(pose.up).toBe('-z');
    expect(pose.reason.code).toBe('file-up-tips');
    expect(pose.reason.message).toMatch(
      /^turned from the file's own up: the file's own up \(z\) tips over at a tilt of \d\.\d°; up -z stands best: tips at \d+\.\d°/,
    );
    const outcome = await runMeshPipeline(binaryStl(cone(6, 24)), { size: 32 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.pose.up).toBe('-z');
    expect(outcome.buildReport.stability.tippingMarginDeg).toBeGreaterThan(TIPPING.standsDeg);
    expect(outcome.buildReport.stability.structuralVerdict).toBe('stands');
  });

  it('grades towers: stands from 10°, a weak point from 5° to 10°, fails below 5°', () => {
    // A 4 × 4 tower n layers high: atan(2 / (n / 2)).
    const verdicts = [12, 32, 64].map((layers) => {
      const grid = gridFrom(4, 4, layers, () => true);
      const kit = buildBlockKit(grid);
      const report = validateBuild(kit, { useCase: 'free_standing', grid });
      return [
        report.stability.tippingMarginDeg,
        kit.metrics.tippingMarginDeg,
        report.stability.structuralVerdict,
        report.problems.map((p) => p.code),
      ];
    });
    expect(verdicts).toEqual([
      [18.4, 18.4, 'stands', []],
      [7.1, 7.1, 'stands_with_weak_points', []],
      [3.6, 3.6, 'fails', ['TIPS_OVER']],
    ]);
  });

  it('holds a partial build that leans within its base but tips at less than 10°', () => {
    // A 2 × 2 post four layers high, an arm two cells out to the right on layers 4–5 and its
    // counterweight two cells out to the left on layers 6–7. After the arm, the centre of mass is
    // half a cell inside the post, 3.5 layers up: 8.1°. Finished, 1 cell inside, 4.7 up: 12.1°.
    const grid = gridFrom(14, 2, 8, (x, _y, z) =>
      z < 4 ? x >= 9 && x < 11 : z < 6 ? x >= 9 && x < 13 : x >= 7 && x < 11,
    );
    const kit = buildBlockKit(grid);
    const report = validateBuild(kit, { useCase: 'free_standing', grid });
    const stability = report.stability;
    expect(stability.tippingMarginDeg).toBe(12.1);
    expect(stability.partialBuildTippingDeg).toBe(TIPPING.standsDeg);
    // The step that completes the arm (layer 5) is held until the counterweight's first layer.
    const armDone = kit.steps.filter((s) => s.layer === 5).at(-1)!;
    const counterweight = kit.steps.find((s) => s.layer === 6)!;
    expect(armDone.holdUntilStep).toBe(counterweight.step);
    expect(stability.heldSteps).toEqual([
      { fromStep: armDone.step, toStep: armDone.step, untilStep: counterweight.step, layer: 5 },
    ]);
    expect(stability.structuralVerdict).toBe('stands_with_weak_points');
    expect(stability.leastPartialTippingDeg).toBeGreaterThanOrEqual(TIPPING.standsDeg);
  });

  it('asks no partial build for more than the finished model has', () => {
    // A 4 × 4 tower 32 layers high tips at 7.1°: its upper partial builds are as steady, unheld.
    const grid = gridFrom(4, 4, 32, () => true);
    const kit = buildBlockKit(grid);
    const report = validateBuild(kit, { useCase: 'free_standing', grid });
    expect(report.stability.partialBuildTippingDeg).toBe(7.1);
    expect(kit.steps.filter((s) => s.holdUntilStep !== undefined)).toEqual([]);
    expect(report.stability.heldSteps).toEqual([]);
    expect(report.stability.tipsDuringBuildAtStep).toBeNull();
  });
});

describe('a vehicle keeps its own up (the milk truck of the issue, as a synthetic van)', () => {
  it('stands on its wheels, not on its roof or side, at 32, 64 and 128', async () => {
    const mesh = meshOf(await glbOf(van()));
    expect(mesh.upAxis).toBe('y');
    for (const size of [32, 64, 128]) {
      const pose = choosePose(mesh, { size });
      const byUp = Object.fromEntries(pose.candidates.map((c) => [c.up, c]));
      // Its side and its roof touch far more cells than its four tyres ...
      expect(byUp.z!.contactCells).toBeGreaterThan(3 * byUp.y!.contactCells);
      expect(byUp['-y']!.contactCells).toBeGreaterThan(3 * byUp.y!.contactCells);
      // ... but its wheels span its footprint: it stands, and it is the file's own up.
      expect(byUp.y!.stands).toBe(true);
      expect(byUp.y!.tippingDeg).toBeGreaterThan(TIPPING.standsDeg);
      expect([size, pose.up, pose.reason.code]).toEqual([size, 'y', 'file-up']);
      expect(pose.reason.message).toMatch(
        /^the file's own up \(y\) stands: tips at \d+\.\d°, \d+% overhang$/,
      );
    }
    const outcome = await runMeshPipeline(await glbOf(van()), { size: 32 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.pose.up).toBe('y');
    expect(outcome.buildReport.stability.tippingMarginDeg).toBeGreaterThan(TIPPING.standsDeg);
    expect(outcome.buildReport.stability.structuralVerdict).not.toBe('fails');
  });
});
