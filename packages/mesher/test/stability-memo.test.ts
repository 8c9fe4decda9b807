// The validator reuses the kit builder's stability analysis only for the very kit it analysed, with
// every input unchanged: the same report as analysing it afresh, and a fresh analysis as soon as
// anything the analysis reads has changed.

import { describe, expect, it } from 'vitest';
import { readKitStructure } from '../src/build/kit-structure';
import { analyseStability } from '../src/build/stability';
import { recallStability, rememberStability } from '../src/build/stability-memo';
import { type BlockKit, buildBlockKit, validateBuild } from '../src/index';
import { gridFrom } from './helpers/grid-from';

// An arm on a 1 × 1 mast built out before the post that holds its far end: steps to prop, single
// pins, reinforced pins (build-joint-loads.test.ts), so every part of the report has content.
const armThenSupport = () =>
  gridFrom(20, 3, 9, (x, y, z) => {
    if (z < 2) return true;
    const post = x >= 17 && x <= 18;
    if (z < 6) return post || (x === 1 && y === 1);
    if (z < 8) return post || (x >= 1 && x <= 16 && y === 1);
    return post || (x >= 14 && y === 1);
  });

const fresh = (kit: BlockKit) => {
  const copy = structuredClone(kit);
  return analyseStability(copy, readKitStructure(copy));
};

describe('stability memo', () => {
  it('gives the validator the same report as a fresh analysis of the same kit', () => {
    const grid = armThenSupport();
    const kit = buildBlockKit(grid);
    const expected = validateBuild(structuredClone(kit), { useCase: 'decorative', grid });
    expect(expected.stability.buildJoints.supportedSteps.length).toBeGreaterThan(0);
    expect(validateBuild(kit, { useCase: 'decorative', grid })).toEqual(expected);
    // Used once: a second validation analyses again, and agrees.
    expect(recallStability(kit)).toBeUndefined();
    expect(validateBuild(kit, { useCase: 'decorative', grid })).toEqual(expected);
  });

  it('returns the kept report only while every input is unchanged', () => {
    const kit = buildBlockKit(armThenSupport());
    const report = fresh(kit);
    rememberStability(kit, report);
    expect(recallStability(kit)).toBe(report);

    const changes: [string, (k: BlockKit) => void][] = [
      ['a pin count', (k) => k.pairs.pins[0]!++],
      ['a pair', (k) => k.pairs.lower[k.pairs.count - 1]!++],
      ['a block position', (k) => k.blocks[k.blocks.length - 1]!.x++],
      ['a block size', (k) => k.blocks[0]!.size.x++],
      ['a block part', (k) => (k.blocks[0]!.part = `${k.blocks[0]!.part}x` as never)],
      ['a prop mark', (k) => (k.steps.find((s) => s.supportUntilStep !== undefined)!.supportUntilStep! += 1)],
      ['a hold mark', (k) => (k.steps[0]!.holdUntilStep = 2)],
      ['a hanging mark', (k) => (k.steps[0]!.hanging = true)],
      ['a step order', (k) => k.steps[0]!.blockIds.reverse()],
      ['a step without blocks', (k) => k.steps.push({ ...k.steps[0]!, blockIds: [] })],
      ['the dimensions', (k) => k.metrics.dimensions.cells.z++],
      ['a non-integer', (k) => (k.blocks[0]!.x += 0.5)],
    ];
    for (const [what, change] of changes) {
      const copy = structuredClone(kit);
      rememberStability(copy, report);
      change(copy);
      expect(recallStability(copy), what).toBeUndefined();
    }
    // What the analysis does not read (colours, the bill of materials) does not matter.
    const recoloured = structuredClone(kit);
    rememberStability(recoloured, report);
    recoloured.blocks[0]!.colour = 'red' as never;
    recoloured.billOfMaterials.blocks = [];
    expect(recallStability(recoloured)).toBe(report);
  });

  it('analyses again in the validator when the kit changed after it was built', () => {
    const grid = armThenSupport();
    const kit = buildBlockKit(grid);
    for (const step of kit.steps) {
      delete step.supportUntilStep;
      delete step.supportBlockIds;
    }
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    expect(report.stability.structuralVerdict).toBe('fails');
    expect(report.stability).toEqual(fresh(kit));
  });
});
