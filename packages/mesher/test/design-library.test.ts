// Every library design, at sizes from 16 to 64, voxelises into a kit the mesher's own checks call
// buildable: one piece, stable, every joint within what its pins hold. Slow (the whole library is
// laid out and checked at each size), so the sizes are the ends of the range and two between; the
// designs at odd places in the library are in design-library-odd.test.ts.
import { describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '../src/constants';
import { LIBRARY } from '../src/design/library';
import { itBuildsEveryDesign } from './helpers/library-builds';

describe('the design library', () => {
  it('holds at least 40 designs, each with its own id and words', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(40);
    expect(new Set(LIBRARY.map((d) => d.id)).size).toBe(LIBRARY.length);
    // The app lists the designs from the constants: the same names, in the same order.
    expect([...DESIGN_NAMES]).toEqual(LIBRARY.map((d) => d.words[0]));
  });

  itBuildsEveryDesign(0);
});
