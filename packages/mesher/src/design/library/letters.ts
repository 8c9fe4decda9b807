// Letters: a name plate (a word on a long foot) and standing letters (a letter, a number or a short
// word, as big as the size allows). Each letter is solid through its whole depth, so it reads the
// right way round from the front (−y, where the 3D viewer looks from) and in the preview (which
// draws the +y faces with x growing to the right); there is no plate behind it to hide it.

import { BLOCK_FONT_HEIGHT, BLOCK_FONT_WIDTH, solidGlyph } from '../block-font';
import type { DesignNode, Vec3 } from '../program';
import { box, union } from '../shapes';
import type { LibraryDesign } from './types';

/** Most characters a plate or a word may have. */
const MAX_LETTERS = 12;

/** The text as it is built: upper case, at most MAX_LETTERS characters. */
function lettersOf(text: string, fallback: string): string {
  return (text.trim() || fallback).toUpperCase().slice(0, MAX_LETTERS);
}

/**
 * Solid letters, `cell` cells to a font cell, standing from z = `z0`, `depth` deep from y = `y0`,
 * starting at x = `x0`; each glyph row drawn as runs, so a word stays within the language's budgets.
 */
function solidLetters(
  letters: string,
  cell: number,
  x0: number,
  y0: number,
  z0: number,
  depth: number,
): DesignNode {
  const runs: DesignNode[] = [];
  [...letters].forEach((ch, i) => {
    solidGlyph(ch).forEach((row, j) => {
      const z = z0 + (BLOCK_FONT_HEIGHT - 1 - j) * cell;
      for (let k = 0; k < BLOCK_FONT_WIDTH; ) {
        if (!row[k]) {
          k++;
          continue;
        }
        let end = k;
        while (end < BLOCK_FONT_WIDTH && row[end]) end++;
        runs.push(box(x0 + (i * (BLOCK_FONT_WIDTH + 1) + k) * cell, y0, z, (end - k) * cell, depth, cell));
        k = end;
      }
    });
  });
  return union(...runs);
}

/** Width of a text in font cells (letters and the one-cell gaps between them). */
const textCells = (letters: string) => letters.length * (BLOCK_FONT_WIDTH + 1) - 1;

export const LETTERS: LibraryDesign[] = [
  {
    id: 'nameplate',
    body: 'letters',
    words: ['nameplate', 'name plate', 'sign', 'plaque', 'plate', 'name sign', 'door sign'],
    ratio: [1, 0.3, 0.4],
    // As long as the text needs, one cell to a font cell at least: a long name makes a long plate.
    ratioOf(text) {
      const w = textCells(lettersOf(text, 'HELLO')) + 2;
      return [1, 0.3, Math.max(0.4, (BLOCK_FONT_HEIGHT + 3) / w)] as Vec3;
    },
    minSizeOf: (text) => textCells(lettersOf(text, 'HELLO')) + 2,
    parts: { stand: { colour: 'dark-grey' }, letters: { colour: 'white' } },
    params: [],
    minSize: 16,
    build([W, D, H], _p, text) {
      const letters = lettersOf(text, 'HELLO');
      const cell = Math.max(
        1,
        Math.min(Math.floor((W - 2) / textCells(letters)), Math.floor((H - 2) / BLOCK_FONT_HEIGHT)),
      );
      const textW = textCells(letters) * cell;
      const x0 = Math.floor((W - textW) / 2);
      const depth = Math.max(2, Math.min(D - 2, 2 * cell));
      return {
        parts: {
          // A long foot two layers thick, the letters standing on it through its middle.
          stand: box(Math.max(0, x0 - 1), 0, 0, Math.min(W, textW + 2), D, 2),
          letters: solidLetters(letters, cell, x0, Math.floor((D - depth) / 2), 2, depth),
        },
      };
    },
  },
  {
    id: 'letters',
    body: 'letters',
    words: ['letter', 'letters', 'number', 'numeral', 'digit', 'word', 'initial', 'initials', 'monogram'],
    ratio: [1, 0.3, 1],
    // The proportions follow the text: one letter is taller than wide, a word wider than tall.
    ratioOf(text) {
      const letters = lettersOf(text, 'A');
      const w = textCells(letters);
      // Seven rows of letter on a base at least two layers thick.
      const h = BLOCK_FONT_HEIGHT + 2.5;
      const longest = Math.max(w, h);
      // Deep enough to stand, and thin next to its width.
      const d = Math.min(longest * 0.3, Math.max(w * 0.45, 2));
      return [w / longest, Math.min(1, d / longest), h / longest] as Vec3;
    },
    parts: { base: { colour: 'white' }, letters: { colour: 'red' } },
    params: [],
    minSize: 12,
    maxSize: 40,
    minSizeOf: (text) => textCells(lettersOf(text, 'A')),
    build([W, D, H], _p, text) {
      const letters = lettersOf(text, 'A');
      const cell = Math.max(
        1,
        Math.min(Math.floor(W / textCells(letters)), Math.floor((H - 2) / BLOCK_FONT_HEIGHT)),
      );
      const textW = textCells(letters) * cell;
      const x0 = Math.floor((W - textW) / 2);
      // A base two layers thick under the whole word, deeper than the letters so they cannot tip,
      // and no deeper than half the word's width.
      const baseD = Math.max(3, Math.min(D, Math.floor(textW * 0.45)));
      const y0 = Math.floor((D - baseD) / 2);
      const depth = Math.max(2, Math.min(baseD - 2, Math.round(cell * 1.5)));
      return {
        parts: {
          base: box(x0, y0, 0, textW, baseD, 2),
          letters: solidLetters(letters, cell, x0, y0 + Math.floor((baseD - depth) / 2), 2, depth),
        },
      };
    },
  },
];
