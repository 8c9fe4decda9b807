// A model-written program's edits: its controls are measured from what it draws (size, and each
// part's height and width in cells), bounded by the language's limits; applied, a taller part keeps
// its base and lifts what rests on it, a wider one keeps its centre, the size is the longest side,
// the result is a valid program, and anything out of bounds is refused, never clamped.
import { describe, expect, it } from 'vitest';
import { generateDesign } from '../src/design/generate-design';
import type { DesignProposal } from '../src/design/procedural';
import { type DesignProgram, validateProgram } from '../src/design/program';
import { applyProgramParams, programParams } from '../src/design/program-edits';
import { partExtents } from '../src/design/voxelise-program';

const OBELISK: DesignProgram = {
  version: 1,
  name: 'obelisk',
  bounds: [6, 6, 20],
  parts: [
    { name: 'base', paint: { colour: 'dark-grey' }, shape: { type: 'box', at: [0, 0, 0], size: [6, 6, 2] } },
    { name: 'needle', paint: { colour: 'tan' }, shape: { type: 'box', at: [2, 2, 2], size: [2, 2, 18] } },
  ],
};

const byId = (program: DesignProgram) => Object.fromEntries(programParams(program).map((p) => [p.id, p]));

describe('a model-written program’s controls', () => {
  it('measures the size and each part’s height and width, with bounds', () => {
    const params = byId(OBELISK);
    expect(params.size).toMatchObject({ min: 8, value: 20 });
    expect(params.size!.max).toBeGreaterThan(20);
    expect(params['base-height']).toMatchObject({ value: 2, min: 1, max: 4 });
    expect(params['base-width']).toMatchObject({ value: 6, min: 3, max: 12 });
    expect(params['needle-height']).toMatchObject({ value: 18, min: 9, max: 36 });
    expect(params['needle-width']).toMatchObject({ value: 2, min: 1, max: 4 });
  });

  it('makes a part taller from its base and lifts what rests on it', () => {
    const edited = applyProgramParams(OBELISK, { 'base-height': 4 });
    if (!edited.ok) throw new Error(edited.problems.join());
    expect(validateProgram(edited.program).ok).toBe(true);
    const [base, needle] = partExtents(edited.program);
    expect(base).toEqual({ lo: [0, 0, 0], hi: [6, 6, 4] });
    expect(needle).toEqual({ lo: [2, 2, 4], hi: [4, 4, 22] });
    expect(edited.program.bounds).toEqual([6, 6, 22]);
    expect(edited.params.find((p) => p.id === 'base-height')!.value).toBe(4);
  });

  it('makes a part wider about its centre, and the whole design the size asked for', () => {
    const wide = applyProgramParams(OBELISK, { 'needle-width': 4 });
    if (!wide.ok) throw new Error(wide.problems.join());
    expect(partExtents(wide.program)[1]).toEqual({ lo: [1, 1, 2], hi: [5, 5, 20] });
    const small = applyProgramParams(OBELISK, { size: 10 });
    if (!small.ok) throw new Error(small.problems.join());
    expect(Math.max(...small.program.bounds)).toBe(10);
    expect(partExtents(small.program)[1]!.hi[2]).toBe(10);
  });

  it('refuses an unknown control or a value out of bounds, and changes nothing', () => {
    expect(applyProgramParams(OBELISK, { 'roof-height': 3 })).toMatchObject({ ok: false });
    const tall = applyProgramParams(OBELISK, { 'needle-height': 37 });
    expect(tall.ok).toBe(false);
    if (!tall.ok) expect(tall.problems[0]).toContain('from 9 to 36');
    expect(applyProgramParams(OBELISK, { size: 7 }).ok).toBe(false);
    expect(applyProgramParams(OBELISK, { 'base-height': 2.5 }).ok).toBe(false);
  });

  it('rebuilds a model-written variant with its controls and colours through generateDesign', () => {
    const proposal: DesignProposal = {
      status: 'success',
      reading: {
        prompt: 'a stone obelisk',
        language: 'en',
        design: null,
        sizeFactor: 1,
        sides: {},
        params: {},
        looks: {},
        understood: ['design: written by test'],
        ignored: [],
      },
      variants: [{ seed: 0, recipe: null, program: OBELISK }],
      provider: 'http',
    };
    const plain = generateDesign('a stone obelisk', { proposal });
    expect(plain.variants[0]!.parameters.map((p) => p.id)).toEqual([
      'size',
      'base-height',
      'base-width',
      'needle-height',
      'needle-width',
    ]);
    expect(plain.variants[0]!.source).toEqual(OBELISK);
    const edited = generateDesign('a stone obelisk', {
      proposal,
      choice: { params: { 'base-height': 3, 'needle-height': 24 }, colours: { needle: 'red' } },
    });
    const v = edited.variants[0]!;
    expect(v.source).toEqual(OBELISK);
    expect(v.program.bounds).toEqual([6, 6, 27]);
    expect(v.parameters.find((p) => p.id === 'needle-height')).toMatchObject({ value: 24, min: 9, max: 36 });
    expect(v.parts.find((p) => p.name === 'needle')!.colour).toBe('red');
    expect(edited.kit!.metrics).toBeDefined();
    const refused = generateDesign('a stone obelisk', {
      proposal,
      choice: { params: { 'needle-height': 99 } },
    });
    expect(refused.status).toBe('degraded');
    expect(refused.reason).toContain('The changes could not be made');
    expect(refused.variants[0]!.program).toEqual(OBELISK);
  });
});
