import { describe, expect, it } from 'vitest';
import { densityOf, parseQuery, planRead, type VectorStats, widthFor } from './search-plan';

const stats: VectorStats = {
  frequency: new Map([
    ['red', 0.05],
    ['tower', 0.05],
    ['towers', 0.01],
    ['category garden', 0.1],
  ]),
  floor: 0.001,
};

describe('reading what people type', () => {
  it('matches the last plain word of three letters or more as a prefix', () => {
    expect(parseQuery('  red brid ')).toEqual({
      text: 'red brid',
      head: 'red',
      prefix: 'brid',
      required: ['red', 'brid'],
    });
    expect(parseQuery('Lighthouse')).toMatchObject({ head: '', prefix: 'lighthouse' });
    expect(parseQuery('red to')).toMatchObject({ prefix: null, head: 'red to' });
  });

  it('reads a negated, quoted or OR-ed query as written', () => {
    expect(parseQuery('tower -red')).toMatchObject({ prefix: null, required: ['tower'] });
    expect(parseQuery('"red tower"')).toMatchObject({ prefix: null, required: [] });
    expect(parseQuery('tower or bridge')).toMatchObject({ required: [] });
    expect(parseQuery('tower or brid').prefix).toBeNull();
  });
});

describe('choosing how to read a page', () => {
  it('bounds the share of listings that can match by the rarest word, and estimates it as independent words', () => {
    const q = parseQuery('red tower');
    expect(densityOf(stats, q, ['red'])).toEqual({ bound: 0.05, estimate: 0.05, unlisted: false });
    expect(densityOf(stats, q, ['red', 'lighthuse'])?.unlisted).toBe(true);
    const both = densityOf(stats, q, ['red', 'tower', 'category garden']);
    expect(both?.bound).toBeCloseTo(0.05);
    expect(both?.estimate).toBeCloseTo(0.00025);
    // A word the statistics do not list is rarer than the rarest listed.
    expect(densityOf(stats, q, ['red', 'lighthuse'])?.bound).toBeCloseTo(0.001);
    // A word being typed stands for its completions: any one of them.
    expect(densityOf(stats, parseQuery('tow'), [], ['tow', 'tower', 'towers'])?.bound).toBeCloseTo(0.061);
    expect(
      densityOf(stats, parseQuery('red tow'), ['red'], ['tow', 'tower', 'towers'])?.estimate,
    ).toBeCloseTo(0.00305);
  });

  it('cannot tell without statistics, or for OR and phrase syntax', () => {
    expect(densityOf(null, parseQuery('red'), ['red'])).toBeNull();
    expect(densityOf(stats, parseQuery('red or tower'), [])).toBeNull();
  });

  it('collects first when the matches are bounded, checks first when words rarely meet, else walks', () => {
    const width = widthFor(100_000, 25);
    expect(width).toBe(1581);
    expect(planRead({ bound: 0.05, estimate: 0.05, unlisted: false }, 100_000, 25)).toEqual({
      strategy: 'walk-first',
      width,
    });
    expect(planRead({ bound: 0.01, estimate: 0.01, unlisted: false }, 100_000, 25)).toEqual({
      strategy: 'collect-first',
      width,
    });
    expect(planRead({ bound: 0, estimate: 0, unlisted: true }, 100_000, 25).strategy).toBe('collect-first');
    // "red bridge": each word common, together expected rare.
    expect(planRead({ bound: 0.05, estimate: 0.0025, unlisted: false }, 100_000, 25)).toEqual({
      strategy: 'check-first',
      width,
    });
    // A word rarer than every listed one (a typo) is checked in the index first.
    expect(planRead({ bound: 0.048, estimate: 0.048, unlisted: true }, 100_000, 25).strategy).toBe(
      'check-first',
    );
    // Not knowing, the walk goes first: its mistake costs at most `width` rows.
    expect(planRead(null, 100_000, 25).strategy).toBe('walk-first');
    expect(widthFor(1_000_000, 25)).toBe(5000);
    expect(widthFor(0, 25)).toBe(200);
  });
});
