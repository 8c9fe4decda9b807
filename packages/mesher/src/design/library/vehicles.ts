// Vehicles: cars, lorries, trains, boats and a rocket.

import type { Vec2 } from '../program';
import { around, box, cone, cyl, extrude, repeat, union } from '../shapes';
import { type LibraryDesign, param, r, t, upright, wheels } from './types';

export const VEHICLES: LibraryDesign[] = [
  {
    id: 'rocket',
    words: ['rocket', 'spaceship', 'spacecraft', 'missile'],
    ratio: [0.45, 0.45, 1],
    parts: {
      body: { colour: 'white' },
      nose: { colour: 'red' },
      fins: { colour: 'red' },
      window: { colour: 'light-blue' },
    },
    params: [param('fins', 3, 6, 4)],
    minSize: 16,
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const br = Math.max(2.5, W * 0.22);
      const bodyH = r(H * 0.7);
      const finH = r(H * 0.3);
      return {
        parts: {
          body: cyl(cx, cy, 0, br, bodyH),
          nose: cone(cx, cy, bodyH, br, 0.5, H - bodyH),
          fins: around(p.fins!, [cx, cy], box(cx - 1, cy, 0, 2, W / 2, finH)),
          window: cyl(cx, cy - br + 0.5, r(H * 0.45), 1.5, 3),
        },
      };
    },
  },
  {
    id: 'car',
    body: 'body',
    words: ['car', 'automobile', 'taxi', 'racer', 'racecar'],
    ratio: [1, 0.48, 0.42],
    parts: { body: { colour: 'red' }, cabin: { colour: 'light-blue' }, wheels: { colour: 'black' } },
    params: [param('cabin', 30, 60, 45)],
    build([W, D, H], p) {
      const wr = Math.max(2, H * 0.28);
      const bodyZ = r(wr * 0.8);
      const bodyH = t(H * 0.35);
      const cabW = r((W * p.cabin!) / 100);
      return {
        parts: {
          wheels: wheels([W * 0.2, W * 0.8], wr, D),
          body: union(box(0, 1, bodyZ, W, D - 2, bodyH), box(W * 0.1, 2, 0, W * 0.8, D - 4, bodyZ + 1)),
          cabin: box((W - cabW) / 2, 2, bodyZ + bodyH, cabW, D - 4, H - bodyZ - bodyH),
        },
      };
    },
  },
  {
    id: 'truck',
    body: 'body',
    words: ['truck', 'lorry', 'van'],
    ratio: [1, 0.45, 0.5],
    parts: { body: { colour: 'blue' }, cab: { colour: 'red' }, wheels: { colour: 'black' } },
    params: [],
    build([W, D, H]) {
      const wr = Math.max(2, H * 0.22);
      const z0 = r(wr);
      return {
        parts: {
          wheels: wheels([W * 0.15, W * 0.6, W * 0.82], wr, D),
          body: union(
            box(r(W * 0.32), 1, z0, W - r(W * 0.32), D - 2, H - z0),
            box(W * 0.05, 2, 0, W * 0.9, D - 4, z0 + 1),
          ),
          cab: box(0, 1, z0, r(W * 0.32), D - 2, r((H - z0) * 0.8)),
        },
      };
    },
  },
  {
    id: 'bus',
    body: 'body',
    words: ['bus', 'coach', 'tram'],
    ratio: [1, 0.38, 0.5],
    parts: { body: { colour: 'yellow' }, windows: { colour: 'light-blue' }, wheels: { colour: 'black' } },
    params: [param('windows', 3, 8, 5)],
    build([W, D, H], p) {
      const wr = Math.max(2, H * 0.2);
      const z0 = r(wr);
      const n = p.windows!;
      const gap = W / n;
      return {
        parts: {
          wheels: wheels([W * 0.2, W * 0.8], wr, D),
          body: box(0, 1, z0, W, D - 2, H - z0),
          windows: repeat(
            n,
            [gap, 0, 0],
            box(gap * 0.2, 0.5, z0 + r((H - z0) * 0.5), gap * 0.6, D - 1, t((H - z0) * 0.3)),
          ),
        },
      };
    },
  },
  {
    id: 'train',
    body: 'body',
    words: ['train', 'locomotive', 'engine'],
    ratio: [1, 0.35, 0.55],
    parts: {
      body: { colour: 'dark-green' },
      cab: { colour: 'red' },
      chimney: { colour: 'black' },
      wheels: { colour: 'black' },
    },
    params: [],
    build([W, D, H]) {
      const wr = Math.max(2, H * 0.2);
      const z0 = r(wr);
      const br = (D - 2) / 2;
      const boilerW = r(W * 0.65);
      return {
        parts: {
          wheels: wheels([W * 0.15, W * 0.4, W * 0.75], wr, D),
          body: union(box(0, 1, z0, W, D - 2, 2), box(W * 0.05, 2, 0, W * 0.9, D - 4, z0 + 1), {
            type: 'place',
            transform: { rotate: [0, 1, 0], translate: [0, D / 2, z0 + br] },
            child: cyl(0, 0, 0, br, boilerW),
          }),
          cab: box(boilerW, 1, z0, W - boilerW, D - 2, H - z0),
          chimney: cyl(r(W * 0.15), D / 2, z0 + 2, Math.max(1.5, br * 0.5), H - z0 - 2 - r(H * 0.1)),
        },
      };
    },
  },
  {
    id: 'boat',
    words: ['boat', 'ship', 'ferry', 'tugboat'],
    ratio: [1, 0.4, 0.55],
    parts: { hull: { colour: 'red' }, deck: { colour: 'white' }, funnel: { colour: 'black' } },
    params: [param('bow', 10, 35, 22)],
    build([W, D, H], p) {
      const hullH = t(H * 0.4);
      const bow = (W * p.bow!) / 100;
      const outline: Vec2[] = [
        [0, 1],
        [W - bow, 0],
        [W, D / 2],
        [W - bow, D],
        [0, D - 1],
      ];
      return {
        parts: {
          hull: extrude(0, 0, 0, outline, hullH),
          deck: box(r(W * 0.2), 2, hullH, r(W * 0.45), D - 4, t(H * 0.28)),
          funnel: cyl(
            r(W * 0.4),
            D / 2,
            hullH + t(H * 0.28),
            Math.max(1.5, D * 0.16),
            H - hullH - t(H * 0.28),
          ),
        },
      };
    },
  },
  {
    id: 'sailboat',
    body: 'hull',
    words: ['sailboat', 'yacht', 'sailing'],
    ratio: [1, 0.35, 0.95],
    parts: { hull: { colour: 'brown' }, mast: { colour: 'brown' }, sail: { colour: 'white' } },
    params: [param('sails', 1, 2, 1)],
    build([W, D, H], p) {
      const hullH = t(H * 0.18);
      const outline: Vec2[] = [
        [0, 1],
        [W * 0.8, 0],
        [W, D / 2],
        [W * 0.8, D],
        [0, D - 1],
      ];
      const mx = r(W * 0.45);
      return {
        parts: {
          hull: extrude(0, 0, 0, outline, hullH),
          mast: box(mx, D / 2 - 1, hullH, 2, 2, H - hullH),
          // The mainsail behind the mast and, with two sails, a jib from the masthead to the bow.
          sail: union(
            upright(
              [
                [mx - W * 0.4, 0],
                [mx, 0],
                [mx, H * 0.75],
              ],
              2,
              [0, D / 2 - 1, hullH],
            ),
            ...(p.sails === 2
              ? [
                  upright(
                    [
                      [mx + 2, 0],
                      [W * 0.88, 0],
                      [mx + 2, H * 0.7],
                    ],
                    2,
                    [0, D / 2 - 1, hullH],
                  ),
                ]
              : []),
          ),
        },
      };
    },
  },
];
