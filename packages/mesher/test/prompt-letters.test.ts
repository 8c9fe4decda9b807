// Letters and short words are built as solid letters facing the viewer: each letter is one piece
// through the kit's whole depth, so from the front (−y, where the 3D viewer looks from) and from the
// +y side the preview draws (x growing to the right in both), the first cell seen at every glyph cell
// is a letter's, and the word reads left to right, not mirrored.
import { describe, expect, it } from 'vitest';
import { PALETTE } from '../src/colour/palette';
import { BLOCK_FONT_HEIGHT, BLOCK_FONT_WIDTH, solidGlyph } from '../src/design/block-font';
import { generateDesign } from '../src/design/generate-design';
import { voxeliseProgram } from '../src/design/voxelise-program';
import { piecesOf } from './helpers/recognise';

/** What is seen at (x, z) looking along y from one side: the colour id of the first filled cell. */
function seen(prompt: string, side: 'front' | 'back') {
  const outcome = generateDesign(prompt, { size: 32 });
  const grid = voxeliseProgram(outcome.variants[0]!.program);
  const [nx, ny, nz] = grid.dims;
  const view: Array<Array<string | null>> = [];
  for (let z = 0; z < nz; z++) {
    const row: Array<string | null> = [];
    for (let x = 0; x < nx; x++) {
      let hit: string | null = null;
      for (let k = 0; k < ny && !hit; k++) {
        const y = side === 'front' ? k : ny - 1 - k;
        const c = grid.cells[x + nx * (y + ny * z)]!;
        if (c) hit = PALETTE[c - 1]!.id;
      }
      row.push(hit);
    }
    view.push(row);
  }
  return { outcome, view };
}

/** The letter-coloured cells of a view as text rows, top first, trimmed to the letters. */
function picture(view: Array<Array<string | null>>, colour: string): string[] {
  const rows = view.map((row) => row.map((c) => (c === colour ? '#' : ' ')).join('')).reverse();
  const used = rows.filter((r) => r.includes('#'));
  if (used.length === 0) return [];
  const left = Math.min(...used.map((r) => r.search('#')));
  const right = Math.max(...used.map((r) => r.lastIndexOf('#')));
  return used.map((r) => r.slice(left, right + 1));
}

/** A word as the block font draws it at one cell a font cell (solid glyphs, one cell apart). */
function expected(word: string, cell: number): string[] {
  const glyphs = [...word].map((ch) => solidGlyph(ch));
  return Array.from({ length: BLOCK_FONT_HEIGHT * cell }, (_, j) =>
    glyphs
      .map((g) => g[Math.floor(j / cell)]!.map((v) => (v ? '#' : ' ').repeat(cell)).join(''))
      .join(' '.repeat(cell))
      .replace(/ +$/, ''),
  ).filter((r) => r.includes('#'));
}

describe('letters facing the viewer', () => {
  it.each(['front', 'back'] as const)('a name plate reads "AB" the right way round from the %s', (side) => {
    const { view } = seen('a name plate saying "AB"', side);
    const rows = picture(view, 'white');
    const cell = rows.length / BLOCK_FONT_HEIGHT;
    // The letters are seen at all from this side (a plate behind them would hide them), whole.
    expect(cell).toBeGreaterThanOrEqual(1);
    expect(Number.isInteger(cell)).toBe(true);
    expect(rows.map((r) => r.replace(/ +$/, ''))).toEqual(expected('AB', cell));
    // Mirrored it would be something else: the check can fail.
    expect(rows.map((r) => [...r].reverse().join('').replace(/ +$/, ''))).not.toEqual(expected('AB', cell));
  });

  it('makes "the letter K" one solid red letter, and "the word LOVE" four, on a white base', () => {
    const k = generateDesign('the letter K');
    expect(k.status).toBe('success');
    expect(k.variants[0]!.recipe).toMatchObject({ design: 'letters', text: 'k' });
    expect(piecesOf(k.kit!, 'red')).toBe(1);
    const love = generateDesign('the word LOVE');
    expect(piecesOf(love.kit!, 'red')).toBe(4);
    expect(love.buildReport!.buildable).toBe(true);
    const { view } = seen('the number 7', 'back');
    const rows = picture(view, 'red');
    expect(rows.map((r) => r.replace(/ +$/, ''))).toEqual(expected('7', rows.length / BLOCK_FONT_HEIGHT));
  });

  it('draws every glyph of the block font as one piece standing on its bottom row', () => {
    for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?!&+') {
      const g = solidGlyph(ch);
      const cells: Array<[number, number]> = [];
      g.forEach((row, j) => {
        row.forEach((v, k) => {
          if (v) cells.push([j, k]);
        });
      });
      const seenCells = new Set([cells[0]!.join()]);
      const stack = [cells[0]!];
      while (stack.length > 0) {
        const [j, k] = stack.pop()!;
        for (const [a, b] of [
          [j + 1, k],
          [j - 1, k],
          [j, k + 1],
          [j, k - 1],
        ] as const)
          if (g[a]?.[b] && !seenCells.has(`${a},${b}`)) {
            seenCells.add(`${a},${b}`);
            stack.push([a, b]);
          }
      }
      expect({ ch, pieces: seenCells.size === cells.length, width: g[0]!.length }).toEqual({
        ch,
        pieces: true,
        width: BLOCK_FONT_WIDTH,
      });
      expect(g[BLOCK_FONT_HEIGHT - 1]!.some(Boolean), ch).toBe(true);
    }
  });
});
