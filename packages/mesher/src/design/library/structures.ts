// Structures: bridges, an arch, a wall, stairs, a pyramid and a plain cube.

import type { DesignNode } from '../program';
import { box, cone, cyl, extrude, mirror, repeat, subtract, union } from '../shapes';
import { type LibraryDesign, param, r, t, upright } from './types';

export const STRUCTURES: LibraryDesign[] = [
  {
    id: 'arch-bridge',
    body: 'arches',
    words: ['bridge', 'viaduct', 'aqueduct'],
    ratio: [1, 0.3, 0.4],
    parts: {
      arches: { colour: 'light-grey' },
      deck: { colour: 'dark-grey' },
      railings: { colour: 'dark-grey' },
    },
    params: [param('arches', 1, 4, 2)],
    build([W, D, H], p) {
      const n = p.arches!;
      const deckZ = H - 4;
      const span = W / n;
      const pier = Math.max(2, span * 0.2);
      const ar = (span - pier) / 2;
      return {
        parts: {
          arches: subtract(
            box(0, 0, 0, W, D, deckZ),
            repeat(n, [span, 0, 0], {
              type: 'place',
              transform: { rotate: [1, 0, 0], translate: [pier / 2 + ar, D + 1, 0] },
              child: cyl(0, 0, 0, ar, D + 2),
            }),
          ),
          deck: box(0, 0, deckZ, W, D, 2),
          railings: union(box(0, 0, deckZ + 2, W, 1, 2), box(0, D - 1, deckZ + 2, W, 1, 2)),
        },
      };
    },
  },
  {
    id: 'beam-bridge',
    body: 'deck',
    words: ['footbridge', 'overpass', 'girder'],
    ratio: [1, 0.3, 0.35],
    parts: { piers: { colour: 'light-grey' }, deck: { colour: 'dark-grey' }, railings: { colour: 'yellow' } },
    params: [param('piers', 2, 5, 3)],
    build([W, D, H], p) {
      const n = p.piers!;
      const pw = Math.max(2, W * 0.08);
      const deckZ = H - 4;
      return {
        parts: {
          piers: repeat(n, [(W - pw) / (n - 1), 0, 0], box(0, 0, 0, pw, D, deckZ)),
          deck: box(0, 0, deckZ, W, D, 2),
          railings: union(box(0, 0, deckZ + 2, W, 1, 2), box(0, D - 1, deckZ + 2, W, 1, 2)),
        },
      };
    },
  },
  {
    id: 'suspension-bridge',
    body: 'towers',
    words: ['suspension', 'suspension bridge', 'golden gate bridge', 'golden gate', 'cable'],
    ratio: [1, 0.25, 0.55],
    parts: { towers: { colour: 'red' }, deck: { colour: 'dark-grey' }, cables: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const deckZ = r(H * 0.35);
      const tw = Math.max(2, W * 0.07);
      const t1 = r(W * 0.22);
      const t2 = W - t1 - tw;
      /** Stays fanning from a tower's top (at x0) down to the deck at x1, one on each side. */
      const cable = (x0: number, x1: number) =>
        mirror(
          'y',
          D / 2,
          upright(
            [
              [x0, deckZ + 2],
              [x0, H - 2],
              [x1, deckZ + 2],
            ],
            2,
            [0, 0, 0],
          ),
        );
      return {
        parts: {
          towers: union(
            box(0, 0, 0, tw, D, deckZ),
            box(W - tw, 0, 0, tw, D, deckZ),
            box(t1, 0, 0, tw, D, H),
            box(t2, 0, 0, tw, D, H),
          ),
          deck: box(0, 0, deckZ, W, D, 2),
          cables: union(cable(t1 + tw, W / 2), cable(t2, W / 2), cable(t1, tw), cable(t2 + tw, W - tw)),
        },
      };
    },
  },
  {
    id: 'arch',
    words: ['arch', 'archway', 'gate', 'gateway'],
    ratio: [1, 0.3, 0.9],
    parts: { pillars: { colour: 'light-grey' }, top: { colour: 'dark-grey' } },
    params: [param('opening', 30, 50, 40)],
    build([W, D, H], p) {
      const ow = (W * p.opening!) / 100;
      const springZ = r(H * 0.5);
      const topZ = H - t(H * 0.3);
      return {
        parts: {
          pillars: subtract(
            box(0, 0, 0, W, D, topZ),
            union(box((W - ow) / 2, -1, 0, ow, D + 2, springZ), {
              type: 'place',
              transform: { rotate: [1, 0, 0], translate: [W / 2, D + 1, springZ] },
              child: cyl(0, 0, 0, ow / 2, D + 2),
            }),
          ),
          top: box(0, 0, topZ, W, D, H - topZ),
        },
      };
    },
  },
  {
    id: 'wall',
    words: ['wall', 'fence', 'rampart'],
    ratio: [1, 0.15, 0.4],
    parts: { wall: { colour: 'dark-grey', stripes: 'light-grey' }, battlements: { colour: 'dark-grey' } },
    params: [param('battlements', 0, 1, 1)],
    build([W, D, H], p) {
      const top = t(H * 0.2);
      return {
        parts: {
          wall: box(0, 0, 0, W, D, H - top),
          battlements: p.battlements
            ? repeat(Math.floor(W / 4), [4, 0, 0], box(0, 0, H - top, 2, D, top))
            : box(0, 0, H - top, W, D, 2),
        },
      };
    },
  },
  {
    id: 'stairs',
    words: ['stairs', 'staircase', 'steps', 'stair'],
    ratio: [0.5, 1, 0.6],
    parts: { steps: { colour: 'light-grey' } },
    params: [param('steps', 3, 12, 6)],
    build([W, D, H], p) {
      const n = p.steps!;
      return {
        parts: {
          steps: union(
            ...Array.from({ length: n }, (_, k) =>
              box(0, (k * D) / n, 0, W, D - (k * D) / n, ((k + 1) * H) / n),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'cube',
    words: ['cube', 'box', 'crate', 'pedestal', 'plinth'],
    ratio: [1, 1, 1],
    parts: { body: { colour: 'light-grey' }, trim: { colour: 'dark-grey' } },
    params: [param('trim', 0, 1, 0)],
    build([W, D, H], p) {
      return {
        parts: {
          body: box(0, 0, 0, W, D, H),
          ...(p.trim ? { trim: union(box(0, 0, 0, W, D, 2), box(0, 0, H - 2, W, D, 2)) } : {}),
        },
      };
    },
  },
  {
    id: 'pyramid',
    words: ['pyramid', 'ziggurat'],
    ratio: [1, 1, 0.55],
    parts: { pyramid: { colour: 'tan' }, top: { colour: 'yellow' } },
    params: [param('steps', 0, 1, 0)],
    build([W, D, H], p) {
      const topH = t(H * 0.12);
      const body: DesignNode = p.steps
        ? union(
            ...Array.from({ length: Math.ceil((H - topH) / 2) }, (_, i) =>
              box(i * (W / H), i * (D / H), i * 2, W - 2 * i * (W / H), D - 2 * i * (D / H), 2),
            ),
          )
        : extrude(
            0,
            0,
            0,
            [
              [0, 0],
              [W, 0],
              [W, D],
              [0, D],
            ],
            1,
          );
      return {
        parts: {
          pyramid: p.steps
            ? body
            : union(
                ...Array.from({ length: H - topH }, (_, z) =>
                  box((z * W) / (2 * H), (z * D) / (2 * H), z, W - (z * W) / H, D - (z * D) / H, 1),
                ),
              ),
          top: cone(W / 2, D / 2, H - topH, (topH * W) / (2 * H) + 0.5, 0.3, topH),
        },
      };
    },
  },
];
