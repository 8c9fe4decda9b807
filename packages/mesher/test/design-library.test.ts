// Every library design, at sizes from 16 to 64, voxelises into a kit the mesher's own checks call
// buildable: one piece, stable, every joint within what its pins hold. Slow (the whole library is
// laid out and checked at each size), so the sizes are the ends of the range and two between.
import { describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '../src/constants';
import { composeProgram, designParams } from '../src/design/compose';
import { LIBRARY } from '../src/design/library';
import { buildDesign } from '../src/design/procedural';

describe('the design library', () => {
  it('holds at least 40 designs, each with its own id and words', () => {
    expect(LIBRARY.length).toBeGreaterThanOrEqual(40);
    expect(new Set(LIBRARY.map((d) => d.id)).size).toBe(LIBRARY.length);
    // The app lists the designs from the constants: the same names, in the same order.
    expect([...DESIGN_NAMES]).toEqual(LIBRARY.map((d) => d.words[0]));
  });

  it.each(LIBRARY.map((d) => [d.id]))(
    '%s builds in one stable piece at 16, 32, 48 and 64',
    (id) => {
      const design = LIBRARY.find((d) => d.id === id)!;
      for (const size of [16, 32, 48, 64]) {
        const program = composeProgram({
          design: id,
          size,
          params: designParams(design, {}),
          looks: {},
          seed: 0,
        });
        const { buildReport, grid } = buildDesign(JSON.parse(JSON.stringify(program)));
        expect({ size, problems: buildReport.problems.map((p) => p.code) }).toEqual({ size, problems: [] });
        expect(buildReport.buildable).toBe(true);
        // Its longest side is the size asked for (or the design's smallest), in its own proportions.
        const longest = Math.max(size, design.minSize ?? 0);
        expect(Math.max(...grid.dims)).toBe(Math.round(longest * Math.max(...design.ratio)));
      }
    },
    300_000,
  );
});
