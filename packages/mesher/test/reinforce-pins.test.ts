// More pins where the load needs them: a pair whose share of the load needs more than its two pins
// gets them (up to one per shared cell), and only then; the kit's totals count them.
import { describe, expect, it } from 'vitest';
import { analyseJointForces } from '../src/build/joint-forces';
import { readKitStructure } from '../src/build/kit-structure';
import { groundContactTopLayer } from '../src/build/stability';
import { buildBlockKit, validateBuild } from '../src/index';
import { pinsForOverlap } from '../src/kit/block-kit';
import { gridFrom } from './helpers/grid-from';
import { pairList } from './helpers/pairs';

// A wide slab post (4 × 4) on a plate, carrying a 4-wide deck that reaches far out to one side.
const grid = gridFrom(20, 4, 8, (x, _y, z) => z === 0 || (z < 6 && x < 4) || (z >= 6 && x < 20));

describe('reinforced pins', () => {
  it('gives a levered pair the pins its load needs, and the kit counts them everywhere', () => {
    const kit = buildBlockKit(grid);
    const structure = readKitStructure(kit);
    const reinforced = pairList(kit).filter((f) => {
      const lower = kit.blocks[f.joins[0]]!;
      const upper = kit.blocks[f.joins[1]]!;
      const w = Math.min(lower.x + lower.size.x, upper.x + upper.size.x) - Math.max(lower.x, upper.x);
      const h = Math.min(lower.y + lower.size.y, upper.y + upper.size.y) - Math.max(lower.y, upper.y);
      expect(f.count).toBeLessThanOrEqual(w * h);
      return f.count > pinsForOverlap(w * h);
    });
    expect(reinforced.length).toBeGreaterThan(0);
    const total = pairList(kit).reduce((n, f) => n + f.count, 0);
    expect(kit.metrics.fastenerCount).toBe(total);
    expect(kit.billOfMaterials.fasteners).toEqual([{ part: 'pin', count: total }]);
    expect(kit.steps.reduce((n, s) => n + s.pinCount, 0)).toBe(total);
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    expect(report.checks.pins).toMatchObject({ ok: true, pins: total });

    // Without the added pins, those same pairs are past their design capacity: each was needed.
    const bare = structuredClone(kit);
    for (let k = 0; k < bare.pairs.count; k++) {
      const lower = bare.blocks[bare.pairs.lower[k]!]!;
      const upper = bare.blocks[bare.pairs.upper[k]!]!;
      const w = Math.min(lower.x + lower.size.x, upper.x + upper.size.x) - Math.max(lower.x, upper.x);
      const h = Math.min(lower.y + lower.size.y, upper.y + upper.size.y) - Math.max(lower.y, upper.y);
      bare.pairs.pins[k] = pinsForOverlap(w * h);
    }
    const before = analyseJointForces(bare, structure, groundContactTopLayer(structure), {
      minUtilisation: 1.000001,
    });
    const after = analyseJointForces(kit, structure, groundContactTopLayer(structure), {
      minUtilisation: 1.000001,
    });
    // (Listed from just above 1: the joints past their design capacity.)
    expect(before.joints.length).toBeGreaterThan(after.joints.length);
    for (const f of reinforced)
      expect(before.joints.some((j) => j.lowerBlockId === f.joins[0] && j.upperBlockId === f.joins[1])).toBe(
        true,
      );
  });

  it('refuses a kit listing more pins than a pair has holes, or fewer than stop it pivoting', () => {
    const kit = buildBlockKit(grid);
    const tooMany = structuredClone(kit);
    tooMany.pairs.pins[0] = 99;
    expect(validateBuild(tooMany, { useCase: 'decorative' }).checks.pins.wrongCounts).toBe(1);
    const tooFew = structuredClone(kit);
    const pair = tooFew.pairs.pins.findIndex((pins) => pins >= 2);
    expect(pair).toBeGreaterThanOrEqual(0);
    tooFew.pairs.pins[pair] = 1;
    const report = validateBuild(tooFew, { useCase: 'decorative' });
    expect(report.checks.pins.ok).toBe(false);
    expect(report.problems.map((p) => p.code)).toContain('PINS_MISMATCH');
  });
});
