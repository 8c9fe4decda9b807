// Furniture at decorative scale: a bed, a sofa, a wardrobe, a piano.

import { box, mirror, repeat, union } from '../shapes';
import { type LibraryDesign, r, t } from './types';

export const FURNISHINGS: LibraryDesign[] = [
  {
    id: 'bed',
    body: 'blanket',
    words: ['bed', 'bunk', 'cot'],
    ratio: [1, 0.6, 0.4],
    parts: {
      frame: { colour: 'brown' },
      mattress: { colour: 'white' },
      blanket: { colour: 'blue' },
      pillow: { colour: 'white' },
    },
    params: [],
    build([W, D, H]) {
      const legH = t(H * 0.2);
      const mTop = legH + t(H * 0.3);
      return {
        parts: {
          // Legs every ten cells or so along both sides: the frame cannot span more.
          frame: union(
            mirror(
              'y',
              D / 2,
              repeat(
                Math.max(2, Math.ceil(W / 10)),
                [(W - 2) / (Math.max(2, Math.ceil(W / 10)) - 1), 0, 0],
                box(0, 0, 0, 2, 2, legH + 1),
              ),
            ),
            box(W / 2 - 1, D / 2 - 1, 0, 2, 2, legH + 1),
            box(0, 0, legH, W, D, 2),
            box(0, 0, 0, 2, D, H),
            box(W - 2, 0, 0, 2, D, mTop + 1),
          ),
          mattress: box(2, 0, legH + 2, W - 4, D, Math.max(1, mTop - legH - 2)),
          blanket: box(W * 0.35, 0, mTop - 1, W * 0.65 - 2, D, 2),
          pillow: box(2, D * 0.15, mTop - 1, W * 0.2, D * 0.7, 3),
        },
      };
    },
  },
  {
    id: 'sofa',
    body: 'sofa',
    words: ['sofa', 'couch', 'settee', 'loveseat'],
    ratio: [1, 0.45, 0.45],
    parts: { feet: { colour: 'dark-grey' }, sofa: { colour: 'red' }, cushions: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const seatZ = t(H * 0.4);
      const arm = Math.max(2, r(W * 0.1));
      return {
        parts: {
          feet: box(1, 1, 0, W - 2, D - 2, 2),
          sofa: union(
            box(0, 0, 2, W, D, seatZ - 2),
            box(0, D - Math.max(2, r(D * 0.3)), seatZ, W, Math.max(2, r(D * 0.3)), H - seatZ),
            box(0, 0, seatZ, arm, D, r((H - seatZ) * 0.55)),
            box(W - arm, 0, seatZ, arm, D, r((H - seatZ) * 0.55)),
          ),
          cushions: repeat(
            2,
            [(W - 2 * arm) / 2, 0, 0],
            box(arm + 0.5, 0, seatZ, (W - 2 * arm) / 2 - 1, D - Math.max(2, r(D * 0.3)), 2),
          ),
        },
      };
    },
  },
  {
    id: 'wardrobe',
    body: 'wardrobe',
    words: ['wardrobe', 'cupboard', 'closet', 'armoire'],
    ratio: [0.6, 0.35, 1],
    parts: { wardrobe: { colour: 'brown' }, doors: { colour: 'tan' }, handles: { colour: 'dark-grey' } },
    params: [],
    build([W, D, H]) {
      const door = (W - 3) / 2;
      return {
        parts: {
          wardrobe: box(0, 0, 0, W, D, H),
          // Two doors, each resting on the plinth and carrying the cornice, on both long sides.
          doors: union(box(1, 0, 2, door, D, H - 4), box(2 + door, 0, 2, door, D, H - 4)),
          handles: union(box(door - 1, 0, H * 0.5, 1, D, 2), box(door + 3, 0, H * 0.5, 1, D, 2)),
        },
      };
    },
  },
  {
    id: 'piano',
    body: 'piano',
    words: ['piano', 'keyboard', 'grand piano'],
    ratio: [1, 0.5, 0.8],
    parts: { piano: { colour: 'black' }, keys: { colour: 'white' }, sharps: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const keysZ = r(H * 0.45);
      const back = Math.max(2, r(D * 0.45));
      const keysD = D - back;
      const keys = Math.max(3, Math.floor(W / 4));
      return {
        parts: {
          // The keyboard faces +y, the side the preview shows.
          piano: union(
            box(0, 0, 0, W, back, H),
            // Legs at the front corners carry the keyboard's shelf.
            mirror('x', W / 2, box(0, D - 2, 0, 2, 2, keysZ)),
            box(0, back, keysZ - 2, W, keysD, 2),
          ),
          keys: box(2, back, keysZ, W - 4, keysD, 2),
          sharps: repeat(keys, [(W - 4) / keys, 0, 0], box(3, back, keysZ + 1, 1, keysD * 0.65, 2)),
        },
      };
    },
  },
];
