// The design language: the validator refuses what is outside the language, its bounds and budgets;
// the voxeliser fills exactly what each primitive and operation describes.
import { describe, expect, it } from 'vitest';
import { DESIGN_LIMITS, type DesignProgram, validateProgram } from '../src/design/program';
import { box, cone, cyl, mirror, move, repeat, subtract } from '../src/design/shapes';
import { coloursInGrid, voxeliseProgram } from '../src/design/voxelise-program';

const program = (
  parts: DesignProgram['parts'],
  bounds: [number, number, number] = [10, 10, 10],
): DesignProgram => ({
  version: 1,
  name: 'test',
  bounds,
  parts,
});

function filled(p: DesignProgram): Set<string> {
  const checked = validateProgram(p);
  if (!checked.ok) throw new Error(JSON.stringify(checked.problems));
  const grid = voxeliseProgram(checked.program);
  const [nx, ny] = grid.dims;
  const out = new Set<string>();
  grid.cells.forEach((c, i) => {
    if (c) out.add(`${i % nx},${Math.floor(i / nx) % ny},${Math.floor(i / (nx * ny))}`);
  });
  return out;
}

describe('validateProgram', () => {
  const ok = program([{ name: 'body', paint: { colour: 'red' }, shape: box(0, 0, 0, 2, 2, 2) }]);

  it('accepts a program of the language and answers its counts', () => {
    const checked = validateProgram(JSON.parse(JSON.stringify(ok)));
    expect(checked).toMatchObject({ ok: true, primitives: 1 });
  });

  it.each([
    ['another version', { ...ok, version: 2 }, 'program.version'],
    ['an unknown field', { ...ok, extra: 1 }, 'program.extra'],
    ['bounds over the side limit', { ...ok, bounds: [200, 10, 10] }, 'program.bounds[0]'],
    [
      'a colour off the palette',
      { ...ok, parts: [{ ...ok.parts[0], paint: { colour: 'mauve' } }] },
      'program.parts[0].paint.colour',
    ],
    [
      'an unknown primitive',
      { ...ok, parts: [{ ...ok.parts[0], shape: { type: 'teapot', at: [0, 0, 0] } }] },
      'program.parts[0].shape.type',
    ],
    [
      'a rotation that is not a quarter turn',
      {
        ...ok,
        parts: [
          {
            ...ok.parts[0],
            shape: { type: 'place', transform: { rotate: [0, 0, 1.5] }, child: box(0, 0, 0, 1, 1, 1) },
          },
        ],
      },
      'program.parts[0].shape.transform.rotate[2]',
    ],
    [
      'a NaN size',
      { ...ok, parts: [{ ...ok.parts[0], shape: { ...box(0, 0, 0, 1, 1, 1), size: [1, null, 1] } }] },
      'program.parts[0].shape.size[1]',
    ],
    [
      'a profile whose heights fall',
      {
        ...ok,
        parts: [
          {
            ...ok.parts[0],
            shape: {
              type: 'revolve',
              at: [5, 5, 0],
              profile: [
                [2, 3],
                [2, 1],
              ],
            },
          },
        ],
      },
      'program.parts[0].shape.profile[1]',
    ],
    [
      'a pattern with one colour',
      {
        ...ok,
        parts: [{ ...ok.parts[0], paint: { pattern: 'stripes', axis: 'z', width: 2, colours: ['red'] } }],
      },
      'program.parts[0].paint.colours',
    ],
  ])('refuses %s, saying where', (_, value, path) => {
    const checked = validateProgram(value);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems[0]!.path).toBe(path);
  });

  it('refuses nesting deeper than the budget', () => {
    let shape = box(0, 0, 0, 1, 1, 1) as DesignProgram['parts'][number]['shape'];
    for (let i = 0; i < DESIGN_LIMITS.maxDepth + 1; i++) shape = move([0, 0, 0], shape);
    const checked = validateProgram(program([{ name: 'body', paint: { colour: 'red' }, shape }]));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems[0]!.message).toContain('nests deeper');
  });

  it('refuses repeats that expand past the primitive budget', () => {
    const shape = repeat(64, [1, 0, 0], repeat(64, [0, 1, 0], box(0, 0, 0, 1, 1, 1)));
    const checked = validateProgram(program([{ name: 'body', paint: { colour: 'red' }, shape }]));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems[0]!.message).toContain('primitives');
  });

  it('refuses a program whose cell tests go over the work budget', () => {
    const shape = repeat(40, [0, 0, 0], cyl(64, 64, 0, 64, 128));
    const checked = validateProgram(
      program([{ name: 'body', paint: { colour: 'red' }, shape }], [128, 128, 128]),
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems[0]!.message).toContain('cell tests');
  });
});

describe('voxeliseProgram', () => {
  it('fills a box exactly and a cylinder as a disc', () => {
    expect(
      filled(program([{ name: 'b', paint: { colour: 'red' }, shape: box(1, 2, 0, 3, 2, 2) }])).size,
    ).toBe(12);
    const disc = filled(program([{ name: 'c', paint: { colour: 'red' }, shape: cyl(5, 5, 0, 3, 1) }]));
    expect(disc.has('5,5,0')).toBe(true);
    expect(disc.has('1,1,0')).toBe(false);
    // A radius-3 disc covers about π·9 cells.
    expect(disc.size).toBeGreaterThan(24);
    expect(disc.size).toBeLessThan(33);
  });

  it('subtracts, mirrors and repeats', () => {
    const hollow = filled(
      program([
        {
          name: 'b',
          paint: { colour: 'red' },
          shape: subtract(box(0, 0, 0, 4, 4, 2), box(1, 1, 0, 2, 2, 2)),
        },
      ]),
    );
    expect(hollow.size).toBe(24);
    expect(hollow.has('1,1,0')).toBe(false);
    // A bar along y = 1 joins the copies into one piece; the row y = 0 shows the copies.
    const joined = { name: 'join', paint: { colour: 'red' as const }, shape: box(0, 1, 0, 10, 1, 1) };
    const row = (cells: Set<string>) => [...cells].filter((c) => c.split(',')[1] === '0').sort();
    const mirrored = filled(
      program([
        { name: 'b', paint: { colour: 'red' }, shape: mirror('x', 5, box(0, 0, 0, 2, 1, 1)) },
        joined,
      ]),
    );
    expect(row(mirrored)).toEqual(['0,0,0', '1,0,0', '8,0,0', '9,0,0']);
    const repeated = filled(
      program([
        { name: 'b', paint: { colour: 'red' }, shape: repeat(3, [3, 0, 0], box(0, 0, 0, 1, 1, 1)) },
        joined,
      ]),
    );
    expect(row(repeated)).toEqual(['0,0,0', '3,0,0', '6,0,0']);
  });

  it('turns by quarter turns about the placement origin', () => {
    const turned = filled(
      program([
        {
          name: 'b',
          paint: { colour: 'red' },
          shape: {
            type: 'place',
            transform: { rotate: [0, 0, 1], translate: [5, 0, 0] },
            child: box(0, 0, 0, 3, 1, 1),
          },
        },
      ]),
    );
    // A bar along x turned a quarter about z lies along y.
    expect([...turned].sort()).toEqual(['4,0,0', '4,1,0', '4,2,0']);
  });

  it('carves earlier parts and keeps one grounded piece', () => {
    const cells = filled(
      program([
        { name: 'b', paint: { colour: 'red' }, shape: box(0, 0, 0, 4, 1, 4) },
        { name: 'float', paint: { colour: 'blue' }, shape: box(8, 0, 6, 1, 1, 1) },
        { name: 'hole', paint: { colour: 'red' }, shape: box(1, 0, 1, 2, 1, 2), mode: 'carve' },
      ]),
    );
    expect(cells.size).toBe(12);
    expect(cells.has('8,0,6')).toBe(false);
  });

  it('paints stripes, checks and gradients in the palette', () => {
    const striped = voxeliseProgram(
      program([
        {
          name: 't',
          paint: { pattern: 'stripes', axis: 'z', width: 2, colours: ['red', 'white'] },
          shape: cone(5, 5, 0, 4, 2, 10),
        },
      ]),
    );
    expect(coloursInGrid(striped)).toEqual(['white', 'red']);
    const graded = voxeliseProgram(
      program([
        {
          name: 't',
          paint: { pattern: 'gradient', axis: 'x', colours: ['yellow', 'orange', 'red'] },
          shape: box(0, 0, 0, 9, 1, 1),
        },
      ]),
    );
    expect([...graded.cells.slice(0, 9)].map((c) => c - 1)).toEqual([7, 7, 7, 6, 6, 6, 4, 4, 4]);
    const checked = voxeliseProgram(
      program([
        {
          name: 't',
          paint: { pattern: 'checks', width: 1, colours: ['black', 'white'] },
          shape: box(0, 0, 0, 2, 1, 1),
        },
      ]),
    );
    expect(coloursInGrid(checked)).toEqual(['white', 'black']);
  });
});
