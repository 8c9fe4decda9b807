// Mode B's fixed set of 100 prompts (test/fixtures/prompt-set-100.ts), each generated at the app's
// default size and judged on its kit: the design made, the colours asked for, the proportions of the
// thing named and counts of a part. The figure is reported by `npm run bench -- recognition`; this
// holds it at the goal, at least 80% recognised, and checks the judge itself.
import { describe, expect, it } from 'vitest';
import { generateDesign } from '../src/design/generate-design';
import { PROMPT_SET_100 } from './fixtures/prompt-set-100';
import { piecesOf, proportionHolds, recognise } from './helpers/recognise';

describe('the fixed 100-prompt set', () => {
  it('holds 100 prompts, each once', () => {
    expect(PROMPT_SET_100).toHaveLength(100);
    expect(new Set(PROMPT_SET_100.map((e) => e.prompt)).size).toBe(100);
  });

  it('the judge refuses what is not there: a wrong design, a missing colour, a wrong count or shape', () => {
    const car = { prompt: 'a blue car', design: ['car'] };
    expect(recognise(car).recognised).toBe(true);
    expect(recognise({ ...car, design: ['truck'] }).failures).toEqual(['made car']);
    expect(recognise({ ...car, colours: ['pink'] }).failures).toEqual(['no pink']);
    expect(recognise({ ...car, count: { colour: 'black', pieces: 3 } }).failures).toEqual([
      '4 black pieces, not 3',
    ]);
    expect(recognise({ ...car, proportion: 'tall' }).failures[0]).toMatch(/^not tall/);
    expect(recognise({ prompt: 'a purple flumph', design: ['nameplate'] }).failures[0]).toMatch(
      /^no kit \(unknown/,
    );
    const kit = generateDesign('a blue car', { size: 24 }).kit!;
    expect(piecesOf(kit, 'black')).toBe(4);
    expect(proportionHolds([24, 11, 10], 'long')).toBe(true);
    expect(proportionHolds([10, 10, 24], 'long')).toBe(false);
  });

  it('recognises at least 80% of them', () => {
    const results = PROMPT_SET_100.map((e) => recognise(e));
    const missed = results.filter((r) => !r.recognised).map((r) => `${r.prompt}: ${r.failures.join('; ')}`);
    const share = (results.length - missed.length) / results.length;
    expect({ share: share >= 0.8, missed }).toMatchObject({ share: true });
  }, 300_000);
});
