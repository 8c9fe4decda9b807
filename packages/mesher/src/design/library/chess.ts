// The six chess pieces.

import type { DesignNode, Vec2 } from '../program';
import { box, cyl, revolve, union } from '../shapes';
import { type LibraryDesign, t, upright } from './types';

/** The six chess pieces, each a surface of revolution on a round foot (the knight a profile). */
function chessPieces(): LibraryDesign[] {
  const piece = (
    id: string,
    words: string[],
    height: number,
    profile: Vec2[],
    crown?: (R: number, H: number, c: number) => DesignNode,
  ): LibraryDesign => ({
    id,
    words,
    ratio: [0.45, 0.45, height],
    parts: { piece: { colour: 'white' }, ...(crown ? { crown: { colour: 'white' } } : {}) },
    params: [],
    build([W, D, H]) {
      const R = W / 2;
      const body = revolve(
        W / 2,
        D / 2,
        0,
        profile.map(([rr, z]) => [Math.max(2, rr * R), z * H] as Vec2),
      );
      const parts: Record<string, DesignNode> = { piece: body };
      if (crown) parts.crown = crown(R, H, W / 2);
      return { parts };
    },
  });
  return [
    piece('pawn', ['pawn'], 0.7, [
      [1, 0],
      [1, 0.12],
      [0.45, 0.2],
      [0.35, 0.55],
      [0.55, 0.65],
      [0.6, 0.8],
      [0.4, 0.95],
      [0.2, 1],
    ]),
    piece('rook', ['rook'], 0.8, [
      [1, 0],
      [1, 0.12],
      [0.7, 0.2],
      [0.6, 0.75],
      [0.85, 0.8],
      [0.85, 1],
    ]),
    piece('bishop', ['bishop'], 0.95, [
      [1, 0],
      [1, 0.1],
      [0.45, 0.2],
      [0.35, 0.55],
      [0.55, 0.7],
      [0.45, 0.9],
      [0.15, 1],
    ]),
    piece('queen', ['queen'], 1, [
      [1, 0],
      [1, 0.1],
      [0.45, 0.2],
      [0.35, 0.6],
      [0.55, 0.8],
      [0.5, 0.92],
      [0.3, 1],
    ]),
    piece(
      'king',
      ['king'],
      1,
      [
        [1, 0],
        [1, 0.1],
        [0.45, 0.2],
        [0.35, 0.6],
        [0.65, 0.75],
        [0.5, 0.85],
      ],
      (R, H, c) =>
        union(box(c - 1, c - 1, H * 0.85, 2, 2, H * 0.15), box(c - R * 0.35, c - 1, H * 0.9, R * 0.7, 2, 2)),
    ),
    {
      id: 'knight',
      body: 'head',
      words: ['knight'],
      // A horse is the animal; a chess horse is the knight.
      senses: [{ word: 'horse', context: ['chess'] }],
      ratio: [0.6, 0.45, 1],
      parts: { base: { colour: 'black' }, head: { colour: 'black' } },
      params: [],
      build([W, D, H]) {
        const baseH = t(H * 0.15);
        const outline: Vec2[] = [
          [W * 0.15, 0],
          [W * 0.9, 0],
          [W * 0.8, H * 0.5],
          [W, H * 0.7],
          [W * 0.85, H * 0.8],
          [W * 0.6, H * 0.95],
          [W * 0.35, H * 0.85],
          [W * 0.15, H * 0.5],
        ];
        return {
          parts: {
            base: cyl(W / 2, D / 2, 0, Math.min(W, D) / 2, baseH),
            head: upright(
              outline.map(([x, z]) => [x, baseH + z * ((H - baseH) / H)] as Vec2),
              Math.max(2, D * 0.5),
              [0, D * 0.25, 0],
            ),
          },
        };
      },
    },
  ];
}

export const CHESS: LibraryDesign[] = chessPieces();
