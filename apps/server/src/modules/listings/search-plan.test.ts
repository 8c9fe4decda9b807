import { describe, expect, it } from 'vitest';
import { estimateDensity, parseQuery, planRead, type VectorStats, widthFor } from './search-plan';

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
  it('estimates a share of listings from the lexeme statistics, words as independent', () => {
    expect(estimateDensity(stats, parseQuery('red'), false)).toBeCloseTo(0.05);
    expect(estimateDensity(stats, parseQuery('red tower'), false)).toBeCloseTo(0.0025);
    // A word the statistics do not list is rarer than the rarest listed.
    expect(estimateDensity(stats, parseQuery('red lighthuse'), false)).toBeCloseTo(0.00005);
    // As a prefix, "tow" counts every listed lexeme it begins, and the unlisted ones at most the floor.
    expect(estimateDensity(stats, parseQuery('tow'), true)).toBeCloseTo(0.061);
    expect(estimateDensity(stats, parseQuery('red'), false, ['category garden'])).toBeCloseTo(0.005);
  });

  it('cannot tell without statistics, or for OR and phrase syntax', () => {
    expect(estimateDensity(null, parseQuery('red'), false)).toBeNull();
    expect(estimateDensity(stats, parseQuery('red or tower'), false)).toBeNull();
  });

  it('walks first when a page fills within the bound, collects first when matches are rare', () => {
    const width = widthFor(100_000, 25);
    expect(width).toBe(1581);
    expect(planRead(0.05, 100_000, 25)).toEqual({ strategy: 'walk-first', width });
    expect(planRead(0.0025, 100_000, 25)).toEqual({ strategy: 'collect-first', width });
    expect(planRead(0, 100_000, 25).strategy).toBe('collect-first');
    // Not knowing, the walk goes first: its mistake costs at most `width` rows.
    expect(planRead(null, 100_000, 25).strategy).toBe('walk-first');
    expect(widthFor(1_000_000, 25)).toBe(5000);
    expect(widthFor(0, 25)).toBe(200);
  });
});
