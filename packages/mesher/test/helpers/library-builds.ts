// The library-wide build check, shared by the two halves of the design library's test (two files,
// so the two test workers build half the library each instead of one building all of it last).

import { expect, it } from 'vitest';
import { composeProgram, designParams } from '../../src/design/compose';
import { LIBRARY } from '../../src/design/library';
import { buildDesign } from '../../src/design/procedural';

const SIZES = [16, 32, 48, 64];

/** Every library design whose index has this parity builds in one stable piece at each size. */
export function itBuildsEveryDesign(half: 0 | 1): void {
  const designs = LIBRARY.filter((_, i) => i % 2 === half);
  it.each(designs.map((d) => [d.id]))(
    `%s builds in one stable piece at ${SIZES.join(', ')}`,
    (id) => {
      const design = LIBRARY.find((d) => d.id === id)!;
      for (const size of SIZES) {
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
        // Its longest side is the size asked for (within the design's smallest and largest), in its
        // own proportions.
        const smallest = Math.max(design.minSize ?? 0, design.minSizeOf?.('') ?? 0);
        const longest = Math.min(Math.max(size, smallest), Math.max(smallest, design.maxSize ?? Infinity));
        const ratio = design.ratioOf?.('') ?? design.ratio;
        expect(Math.max(...grid.dims)).toBe(Math.round(longest * Math.max(...ratio)));
      }
    },
    300_000,
  );
}
