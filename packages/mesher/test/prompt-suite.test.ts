// The prompt suite: prompts with the properties a person would check in what comes back — the
// design it names, colours present, proportions (a lighthouse tall and round, a car long and low,
// a bridge spanning), parts present, degraded or refused when it should be — so the procedural
// provider cannot silently get worse.
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../src/colour/palette';
import { solidGlyph } from '../src/design/block-font';
import { proposeDesigns } from '../src/design/procedural';
import { coloursInGrid, voxeliseProgram } from '../src/design/voxelise-program';
import type { VoxelGrid } from '../src/voxel/voxel-grid';

function generate(prompt: string) {
  const proposal = proposeDesigns(prompt);
  const variant = proposal.variants[0];
  const grid = variant ? voxeliseProgram(variant.program) : null;
  return { proposal, variant, grid };
}

/** The filled extent of a grid: width (x), depth (y), height (z) in cells. */
function extent(grid: VoxelGrid): [number, number, number] {
  const [nx, ny] = grid.dims;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  grid.cells.forEach((c, i) => {
    if (!c) return;
    const p = [i % nx, Math.floor(i / nx) % ny, Math.floor(i / (nx * ny))];
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, p[k]!);
      hi[k] = Math.max(hi[k]!, p[k]!);
    }
  });
  return [hi[0]! - lo[0]! + 1, hi[1]! - lo[1]! + 1, hi[2]! - lo[2]! + 1];
}

function at(grid: VoxelGrid, x: number, y: number, z: number): number {
  const [nx, ny] = grid.dims;
  return grid.cells[x + nx * (y + ny * z)]!;
}

/** Every prompt names the library design it must give, and comes back a success. */
const NAMED: Array<[string, string]> = [
  ['a lighthouse', 'lighthouse'],
  ['a windmill', 'windmill'],
  ['a castle', 'castle'],
  ['a rocket', 'rocket'],
  ['a car', 'car'],
  ['a truck', 'truck'],
  ['a bus', 'bus'],
  ['a steam train', 'train'],
  ['a boat', 'boat'],
  ['a yacht', 'sailboat'],
  ['an oak tree', 'tree'],
  ['a christmas tree', 'pine'],
  ['a cactus', 'cactus'],
  ['a mushroom', 'mushroom'],
  ['a flower', 'flower'],
  ['a cottage', 'house'],
  ['a townhouse', 'townhouse'],
  ['a barn', 'barn'],
  ['a church', 'church'],
  ['a temple', 'temple'],
  ['a pagoda', 'pagoda'],
  ['a skyscraper', 'skyscraper'],
  ['a tower', 'tower'],
  ['a bridge', 'arch-bridge'],
  ['a footbridge', 'beam-bridge'],
  ['a suspension bridge', 'suspension-bridge'],
  ['a cat', 'cat'],
  ['a duck', 'duck'],
  ['an elephant', 'elephant'],
  ['a pig', 'pig'],
  ['a turtle', 'turtle'],
  ['a penguin', 'penguin'],
  ['a snowman', 'snowman'],
  ['a pawn', 'pawn'],
  ['a rook', 'rook'],
  ['a bishop', 'bishop'],
  ['a queen', 'queen'],
  ['a king', 'king'],
  ['a chess knight', 'knight'],
  ['a vase', 'vase'],
  ['a bowl', 'bowl'],
  ['a planter', 'planter'],
  ['a trough', 'window-box'],
  ['a table', 'table'],
  ['a chair', 'chair'],
  ['a bookcase', 'bookshelf'],
  ['a heart', 'heart'],
  ['a star', 'star'],
  ['a trophy', 'trophy'],
  ['a pyramid', 'pyramid'],
  ['a robot', 'robot'],
  ['a garden bench', 'bench'],
  ['an arch', 'arch'],
  ['a wall', 'wall'],
  ['some stairs', 'stairs'],
  ['a cube', 'cube'],
  // Issue 48: what a person tried, and the forms it asked for.
  ['a small blue car', 'car'],
  ['a sailing boat', 'sailboat'],
  ['a horse', 'horse'],
  ['A red and white striped lighthouse with a lamp room', 'lighthouse'],
  ['a toy lighthouse', 'lighthouse'],
  ['a fire engine', 'fire-engine'],
  ['the letter A', 'letters'],
  ['un phare rouge et blanc', 'lighthouse'],
  ['a windmill with four sails', 'windmill'],
  ['a rocket on a launch pad', 'rocket'],
  ['a tree with a swing', 'tree'],
];

describe('the prompt suite', () => {
  it.each(NAMED)('"%s" gives a %s, understood in full', (prompt, design) => {
    const { proposal, grid } = generate(prompt);
    expect(proposal.status).toBe('success');
    expect(proposal.reading.design).toBe(design);
    expect(proposal.reading.ignored).toEqual([]);
    expect(grid!.stats.filledCells).toBeGreaterThan(50);
  });

  it('a small red lighthouse is tall, round, red with white stripes, with a lamp room and a gallery', () => {
    const { proposal, variant, grid } = generate('a small red lighthouse');
    expect(proposal.status).toBe('success');
    const [w, d, h] = extent(grid!);
    expect(h).toBeGreaterThanOrEqual(2 * Math.max(w, d));
    // Round: the corners of the footprint stay empty halfway up.
    expect(at(grid!, 0, 0, Math.floor(h / 2))).toBe(0);
    expect(coloursInGrid(grid!)).toEqual(expect.arrayContaining(['red', 'white', 'yellow']));
    expect(variant!.program.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['tower', 'lamp room', 'gallery', 'roof']),
    );
  });

  it('a lighthouse tapers: its tower is narrower at the top than at the foot', () => {
    const { grid } = generate('a lighthouse 40 blocks tall');
    const [nx, ny] = grid!.dims;
    const widthAt = (z: number) => {
      let n = 0;
      for (let x = 0; x < nx; x++) if (at(grid!, x, Math.floor(ny / 2), z)) n++;
      return n;
    };
    expect(grid!.dims[2]).toBe(40);
    expect(widthAt(8)).toBeGreaterThan(widthAt(28));
  });

  it('a car is long and low, and blue when asked', () => {
    const { grid } = generate('a blue car');
    const [w, d, h] = extent(grid!);
    expect(w).toBeGreaterThanOrEqual(1.8 * h);
    expect(w).toBeGreaterThan(d);
    expect(coloursInGrid(grid!)).toEqual(expect.arrayContaining(['blue', 'black']));
  });

  it.each(['a bridge', 'a footbridge', 'a suspension bridge'])(
    '%s spans: long, with open ground under it',
    (prompt) => {
      const { grid } = generate(prompt);
      const [w, , h] = extent(grid!);
      expect(w).toBeGreaterThanOrEqual(1.8 * h);
      const [nx, ny] = grid!.dims;
      let openGround = 0;
      for (let x = 0; x < nx; x++) if (!at(grid!, x, Math.floor(ny / 2), 0)) openGround++;
      expect(openGround).toBeGreaterThan(nx / 4);
    },
  );

  it('a tower 30 cm tall is 19 blocks of 16 mm', () => {
    const { proposal, grid } = generate('a tower 30 cm tall');
    expect(proposal.reading.sides.height).toBe(19);
    expect(grid!.dims[2]).toBe(19);
  });

  it('colours the parts named: a green duck with an orange beak', () => {
    const { proposal, variant } = generate('a green duck with an orange beak');
    expect(proposal.status).toBe('success');
    const paint = Object.fromEntries(variant!.program.parts.map((p) => [p.name, p.paint]));
    expect(paint.beak).toEqual({ colour: 'orange' });
    expect(paint.body).toEqual({ colour: 'green' });
  });

  it('a castle with blue roofs and grey walls', () => {
    const { variant, grid } = generate('a castle with blue roofs and grey walls');
    const paint = Object.fromEntries(variant!.program.parts.map((p) => [p.name, p.paint]));
    expect(paint.roofs).toEqual({ colour: 'blue' });
    expect(paint.walls).toEqual({ colour: 'light-grey' });
    expect(coloursInGrid(grid!)).toEqual(expect.arrayContaining(['blue', 'light-grey']));
  });

  it('a red and white striped rocket with 3 fins', () => {
    const { proposal, variant, grid } = generate('a red and white striped rocket with 3 fins');
    expect(proposal.status).toBe('success');
    expect(variant!.recipe!.params.fins).toBe(3);
    expect(variant!.program.parts.find((p) => p.name === 'body')!.paint).toMatchObject({
      pattern: 'stripes',
      colours: ['red', 'white'],
    });
    expect(coloursInGrid(grid!)).toEqual(expect.arrayContaining(['red', 'white']));
  });

  it('a checked cube and a gradient vase paint their pattern', () => {
    expect(generate('a black and white checked cube').variant!.program.parts[0]!.paint).toMatchObject({
      pattern: 'checks',
    });
    const vase = generate('a blue and purple gradient vase');
    expect(vase.variant!.program.parts[0]!.paint).toMatchObject({
      pattern: 'gradient',
      colours: ['blue', 'purple'],
    });
    expect(coloursInGrid(vase.grid!)).toEqual(expect.arrayContaining(['blue', 'purple']));
  });

  it('counts set the design’s parameters: a temple with 8 columns, a pagoda with three tiers', () => {
    expect(generate('a temple with 8 columns').variant!.recipe!.params.columns).toBe(8);
    expect(generate('a pagoda with three tiers').variant!.recipe!.params.tiers).toBe(3);
    // Asked beyond its bounds: clamped, and said so.
    const many = generate('a bus with 40 windows');
    expect(many.variant!.recipe!.params.windows).toBe(8);
    expect(many.proposal.reading.understood.join(' ')).toContain('asked 40');
  });

  it('a table for four is longer than a table for two', () => {
    const two = extent(generate('a table for two').grid!);
    const four = extent(generate('a table for four').grid!);
    expect(four[0]).toBeGreaterThan(two[0]);
  });

  it('small and big change the size', () => {
    const small = generate('a small house').grid!.dims;
    const big = generate('a big house').grid!.dims;
    expect(big[0]).toBeGreaterThan(small[0]);
  });

  it('a name plate reads its text in the block font, longer for a longer name', () => {
    const anna = generate('a name plate saying "ANNA"');
    expect(anna.proposal.status).toBe('success');
    expect(anna.proposal.reading.text).toBe('ANNA');
    // Each letter is its solid glyph's cells, scaled: a longer name has more of them, and a longer plate.
    const letterCells = (text: string) => {
      const { grid } = generate(`a name plate saying "${text}"`);
      const white = PALETTE.findIndex((c) => c.id === 'white') + 1;
      let cells = 0;
      for (const c of grid!.cells) if (c === white) cells++;
      return { cells, width: grid!.dims[0] };
    };
    const glyph = (ch: string) => solidGlyph(ch).flat().filter(Boolean).length;
    const short = letterCells('ANNA');
    // One font cell is one cell here (the plate is as long as the name needs at size 24): 2 deep.
    expect(short.cells).toBe(2 * (glyph('A') * 2 + glyph('N') * 2));
    const long = letterCells('ALEXANDRA');
    expect(long.cells).toBeGreaterThan(short.cells);
    expect(long.width).toBeGreaterThan(short.width);
  });

  it('gives three variants, different from each other, and "design again" gives others', () => {
    const first = proposeDesigns('a lighthouse', { seed: 0 });
    expect(first.variants).toHaveLength(3);
    const programs = first.variants.map((v) => JSON.stringify(v.program));
    expect(new Set(programs).size).toBe(3);
    const again = proposeDesigns('a lighthouse', { seed: 3 });
    expect(JSON.stringify(again.variants[0]!.program)).not.toBe(programs[0]);
    // The same seed gives the same design.
    expect(JSON.stringify(proposeDesigns('a lighthouse', { seed: 3 }).variants)).toBe(
      JSON.stringify(again.variants),
    );
  });

  it.each([
    ['a lighthouse for my desk', ['desk']],
    ['a fluffy cat', ['fluffy']],
    ['a windmill with a spinning propeller', ['spinning', 'propeller']],
  ])('"%s" is degraded, listing what it ignored', (prompt, ignored) => {
    const { proposal } = generate(prompt);
    expect(proposal.status).toBe('degraded');
    expect(proposal.reading.ignored).toEqual(ignored);
    expect(proposal.reason).toContain(ignored[0]);
  });

  it('a prompt naming no design the library has makes nothing in its place, and says which designs are near', () => {
    const { proposal, variant } = generate('a purple flumph');
    expect(proposal.status).toBe('unknown');
    expect(variant).toBeUndefined();
    expect(proposal.reason).toMatch(/^No design called "flumph" yet\. Nearest designs: \w+/);
    expect(proposal.unknown!.word).toBe('flumph');
    expect(proposal.unknown!.suggestions.length).toBeGreaterThan(0);
    // A name plate is made when it is asked for.
    const plate = generate('a purple name plate saying "flumph"');
    expect(plate.proposal.status).toBe('success');
    expect(plate.variant!.recipe!.text).toBe('flumph');
    expect(plate.variant!.program.parts.find((p) => p.name === 'letters')!.paint).toEqual({
      colour: 'purple',
    });
  });

  it.each([
    ['a bench for two', 'structural'],
    ['a ladder to climb', 'structural'],
    ['a toy for my toddler', 'child_use'],
    ['a bedside lamp', 'electrical'],
    ['a bird bath', 'wet_area'],
  ])('"%s" is refused at once with the rule (%s)', (prompt, useCase) => {
    const proposal = proposeDesigns(prompt);
    expect(proposal.status).toBe('refused');
    expect(proposal.variants).toEqual([]);
    expect(proposal.refusal).toMatchObject({ use_case: useCase });
    expect(proposal.reason).toContain(proposal.refusal!.rule);
  });

  it('only uses palette colours', () => {
    const ids = new Set<string>(PALETTE.map((c) => c.id));
    for (const prompt of ['a rainbow gradient tower', 'a gold trophy', 'a navy boat', 'a teal vase'])
      for (const c of coloursInGrid(generate(prompt).grid!)) expect(ids.has(c)).toBe(true);
  });
});
