// Furniture, decorative scale: tables, chairs, shelves, benches.

import { box, repeat, union } from '../shapes';
import { type LibraryDesign, param, r, t } from './types';

export const FURNITURE: LibraryDesign[] = [
  {
    id: 'table',
    body: 'top',
    words: ['table', 'desk'],
    ratio: [1, 0.6, 0.6],
    parts: { top: { colour: 'brown' }, legs: { colour: 'brown' } },
    params: [param('legs', 2, 4, 2)],
    build([W, D, H], p) {
      const lw = Math.max(2, p.legs!, Math.round(W / 16));
      const top = t(H * 0.15);
      return {
        parts: {
          legs: union(
            box(1, 0, 0, lw, D, H - top),
            box(W - 1 - lw, 0, 0, lw, D, H - top),
            repeat(
              Math.max(1, Math.ceil(W / 10) - 1),
              [(W - 2) / Math.max(2, Math.ceil(W / 10)), 0, 0],
              box(1 + (W - 2) / Math.max(2, Math.ceil(W / 10)) - lw / 2, 0, 0, lw, D, H - top),
            ),
            box(1, D / 2 - 1, 0, W - 2, 2, 2),
          ),
          top: box(0, 0, H - top, W, D, top),
        },
      };
    },
  },
  {
    id: 'chair',
    words: ['chair', 'armchair', 'throne'],
    ratio: [0.6, 0.6, 1],
    parts: { seat: { colour: 'brown' }, legs: { colour: 'brown' }, back: { colour: 'brown' } },
    params: [],
    build([W, D, H]) {
      const seatZ = r(H * 0.45);
      return {
        parts: {
          legs: union(box(0, 0, 0, t(W * 0.12), D, seatZ), box(W - t(W * 0.12), 0, 0, t(W * 0.12), D, seatZ)),
          seat: box(0, 0, seatZ, W, D, t(H * 0.08)),
          back: box(0, D - 3, 0, W, 3, H),
        },
      };
    },
  },
  {
    id: 'bookshelf',
    words: ['bookshelf', 'bookcase', 'shelf', 'shelves', 'cabinet'],
    ratio: [0.8, 0.3, 1],
    parts: { frame: { colour: 'brown' }, books: { colour: 'red', stripes: 'blue' } },
    params: [param('shelves', 2, 6, 4)],
    build([W, D, H], p) {
      const n = p.shelves!;
      const gap = (H - 2) / n;
      return {
        parts: {
          frame: union(
            box(0, 0, 0, 2, D, H),
            box(W - 2, 0, 0, 2, D, H),
            box(0, D - 2, 0, W, 2, H),
            repeat(n + 1, [0, 0, gap], box(0, 0, 0, W, D, 2)),
          ),
          books: repeat(n, [0, 0, gap], box(2, 1, 2, W - 4, D - 3, gap - 2)),
        },
      };
    },
  },
  {
    id: 'bench',
    words: ['bench', 'settee'],
    ratio: [1, 0.4, 0.5],
    parts: { seat: { colour: 'brown' }, legs: { colour: 'dark-grey' }, back: { colour: 'brown' } },
    params: [param('back', 0, 1, 1)],
    build([W, D, H], p) {
      const seatZ = r(H * 0.45);
      const seat = t(H * 0.18);
      const lw = t(W * 0.1);
      return {
        parts: {
          seat: box(0, 0, seatZ, W, D, seat),
          // A leg every ten cells or so: the joints cannot carry a longer span of seat.
          legs: repeat(
            Math.max(2, Math.ceil(W / 10)),
            [(W - lw) / (Math.max(2, Math.ceil(W / 10)) - 1), 0, 0],
            box(0, 0, 0, lw, D, seatZ),
          ),
          ...(p.back ? { back: box(0, D - 3, seatZ + seat, W, 3, H - seatZ - seat) } : {}),
        },
      };
    },
  },
];
