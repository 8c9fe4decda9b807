// Letters: name plates.

import { BLOCK_FONT, BLOCK_FONT_HEIGHT, BLOCK_FONT_WIDTH } from '../block-font';
import type { DesignNode } from '../program';
import { box, union } from '../shapes';
import type { LibraryDesign } from './types';

export const LETTERS: LibraryDesign[] = [
  {
    id: 'nameplate',
    body: 'letters',
    words: ['nameplate', 'sign', 'plaque', 'plate', 'letters'],
    ratio: [1, 0.3, 0.4],
    parts: { stand: { colour: 'dark-grey' }, letters: { colour: 'white' } },
    params: [],
    minSize: 16,
    build([W, D, _H], _p, text) {
      const letters = (text || 'HELLO').toUpperCase().slice(0, 12);
      const cell = Math.max(1, Math.floor((W - 2) / (letters.length * (BLOCK_FONT_WIDTH + 1))));
      const glyphs: DesignNode[] = [];
      [...letters].forEach((ch, i) => {
        const rows = BLOCK_FONT[ch] ?? BLOCK_FONT['?']!;
        rows.forEach((row, j) => {
          for (let k = 0; k < BLOCK_FONT_WIDTH; k++)
            if (row[k] === '#')
              glyphs.push(
                box(
                  1 + (i * (BLOCK_FONT_WIDTH + 1) + k) * cell,
                  D / 2 - 1,
                  2 + (BLOCK_FONT_HEIGHT - 1 - j) * cell,
                  cell,
                  2,
                  cell,
                ),
              );
        });
      });
      const textW = letters.length * (BLOCK_FONT_WIDTH + 1) * cell;
      return {
        parts: {
          stand: union(
            box(0, 0, 0, Math.max(textW + 1, 4), D, 2),
            box(0, D / 2, 0, Math.max(textW + 1, 4), 2, 2 + BLOCK_FONT_HEIGHT * cell),
          ),
          letters: union(...glyphs),
        },
      };
    },
  },
];
