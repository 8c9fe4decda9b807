// More everyday objects: fruit, an ice cream, a guitar, a candle, a present, dice, a ball, a key.

import { around, ball, box, cone, cyl, mirror, revolve, subtract, union } from '../shapes';
import { faceY, type LibraryDesign, r, t } from './types';

export const KEEPSAKES: LibraryDesign[] = [
  {
    id: 'apple',
    body: 'apple',
    words: ['apple', 'pear', 'fruit', 'cherry', 'peach', 'orange fruit'],
    ratio: [1, 1, 1],
    parts: { apple: { colour: 'red' }, stem: { colour: 'brown' }, leaf: { colour: 'green' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = W / 2;
      const h = H * 0.85;
      return {
        parts: {
          apple: revolve(cx, cy, 0, [
            [R * 0.45, 0],
            [R, h * 0.45],
            [R * 0.85, h * 0.85],
            [R * 0.3, h],
          ]),
          stem: box(cx - 1, cy - 1, h - 1, 2, 2, H - h + 1),
          leaf: box(cx, cy - 1, h, R * 0.45, 2, 2),
        },
      };
    },
  },
  {
    id: 'ice-cream',
    body: 'scoops',
    words: ['ice cream', 'ice cream cone', 'ice-cream', 'icecream', 'gelato', 'cornet'],
    ratio: [0.6, 0.6, 1],
    parts: {
      stand: { colour: 'white' },
      cone: { colour: 'tan' },
      scoops: { colour: 'pink' },
      top: { colour: 'white' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = W / 2;
      const coneTop = r(H * 0.55);
      const sr = R * 0.9;
      return {
        parts: {
          // The cone stands point down in a round holder.
          stand: subtract(cyl(cx, cy, 0, R * 0.6, 4), cone(cx, cy, 2, 1, R * 0.35, 3)),
          cone: cone(cx, cy, 2, 1, R * 0.85, coneTop - 2),
          scoops: ball(cx, cy, coneTop + sr * 0.6, sr),
          top: ball(cx, cy, H - sr * 0.55, sr * 0.62),
        },
      };
    },
  },
  {
    id: 'guitar',
    body: 'guitar',
    words: ['guitar', 'violin', 'ukulele', 'cello'],
    ratio: [0.45, 0.22, 1],
    parts: {
      stand: { colour: 'dark-grey' },
      guitar: { colour: 'orange' },
      neck: { colour: 'brown' },
      hole: { colour: 'black' },
    },
    params: [],
    minSize: 18,
    build([W, D, H]) {
      const cx = W / 2;
      const thick = Math.max(2, r(D * 0.6));
      const y = D / 2 - thick / 2;
      const r1 = W / 2;
      const r2 = W * 0.36;
      const z1 = 2 + r1;
      const z2 = z1 + r1 + r2 * 0.6;
      return {
        parts: {
          stand: box(0, 0, 0, W, D, 2),
          guitar: union(faceY(cx, y, z1, r1, thick), faceY(cx, y, z2, r2, thick)),
          neck: box(cx - 1, y, z2, 2, thick, H - z2),
          hole: faceY(cx, y - 1, (z1 + z2) / 2, Math.max(1, r2 * 0.4), thick + 2),
        },
      };
    },
  },
  {
    id: 'candle',
    body: 'candle',
    words: ['candle', 'candlestick'],
    ratio: [0.5, 0.5, 1],
    parts: { holder: { colour: 'yellow' }, candle: { colour: 'white' }, flame: { colour: 'orange' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const flame = t(H * 0.14);
      return {
        parts: {
          holder: union(cyl(cx, cy, 0, W / 2, 2), cyl(cx, cy, 0, W * 0.3, r(H * 0.15))),
          candle: cyl(cx, cy, 2, W * 0.22, H - flame - 2),
          flame: cone(cx, cy, H - flame - 1, Math.max(1.2, W * 0.12), 0.3, flame + 1),
        },
      };
    },
  },
  {
    id: 'present',
    body: 'box',
    words: ['present', 'gift', 'parcel', 'gift box'],
    ratio: [1, 1, 0.85],
    parts: {
      box: { colour: 'red' },
      ribbon: { colour: 'yellow' },
      lid: { colour: 'red' },
      bow: { colour: 'yellow' },
    },
    params: [],
    build([W, D, H]) {
      const lidZ = r(H * 0.62);
      const rb = Math.max(2, r(W * 0.14));
      return {
        parts: {
          box: box(0, 0, 0, W, D, lidZ),
          // The ribbon under the lid, on every side; the bow on top of it.
          ribbon: union(
            box(W / 2 - rb / 2, 0, 2, rb, D, lidZ - 2),
            box(0, D / 2 - rb / 2, 2, W, rb, lidZ - 2),
          ),
          lid: box(0, 0, lidZ, W, D, Math.max(2, r(H * 0.14))),
          bow: union(
            box(W / 2 - rb / 2, 0, lidZ + Math.max(2, r(H * 0.14)) - 1, rb, D, 1),
            box(0, D / 2 - rb / 2, lidZ + Math.max(2, r(H * 0.14)) - 1, W, rb, 1),
            mirror(
              'x',
              W / 2,
              box(
                W * 0.22,
                D / 2 - rb / 2,
                lidZ + Math.max(2, r(H * 0.14)),
                W * 0.28,
                rb,
                H - lidZ - Math.max(2, r(H * 0.14)),
              ),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'dice',
    body: 'die',
    words: ['dice', 'die'],
    ratio: [1, 1, 1],
    parts: { die: { colour: 'white' }, pips: { colour: 'black' } },
    params: [],
    build([W, D, H]) {
      const p = Math.max(1, r(W * 0.14));
      const at = (f: number, side: number) => f * side - p / 2;
      // Five on top, three on the +x side, two on the +y side (the faces the preview shows).
      const top = [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.5, 0.5],
        [0.25, 0.75],
        [0.75, 0.75],
      ].map(([a, b]) => box(at(a!, W), at(b!, D), H - 1, p, p, 1));
      const side = [
        [0.25, 0.75],
        [0.5, 0.5],
        [0.75, 0.25],
      ].map(([a, b]) => box(W - 1, at(a!, D), at(b!, H), 1, p, p));
      const front = [
        [0.25, 0.75],
        [0.75, 0.25],
      ].map(([a, b]) => box(at(a!, W), D - 1, at(b!, H), p, 1, p));
      return { parts: { die: box(0, 0, 0, W, D, H), pips: union(...top, ...side, ...front) } };
    },
  },
  {
    id: 'ball',
    body: 'ball',
    words: ['ball', 'football', 'soccer ball', 'basketball', 'beach ball', 'globe'],
    ratio: [1, 1, 1],
    parts: { stand: { colour: 'dark-grey' }, ball: { colour: 'white' }, patches: { colour: 'black' } },
    params: [],
    build([W, D, H]) {
      const R = Math.min(W, H) / 2;
      const cx = W / 2;
      const cy = D / 2;
      const cz = H - R;
      const pr = Math.max(1.2, R * 0.3);
      return {
        parts: {
          stand: subtract(cyl(cx, cy, 0, R * 0.55, 3), ball(cx, cy, cz, R)),
          ball: ball(cx, cy, cz, R),
          patches: union(
            ball(cx, cy, cz + R, pr),
            around(5, [cx, cy], ball(cx + R * 0.85, cy, cz + R * 0.4, pr)),
            around(5, [cx, cy], ball(cx + R * 0.75, cy + R * 0.35, cz - R * 0.45, pr)),
          ),
        },
      };
    },
  },
  {
    id: 'key',
    body: 'key',
    words: ['key'],
    ratio: [1, 0.4, 0.1],
    parts: { key: { colour: 'yellow' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const bow = D / 2;
      const shaft = Math.max(2, r(D * 0.25));
      const tooth = Math.max(2, r(W * 0.08));
      // Lying flat: the bow (a ring), the shaft and two teeth.
      return {
        parts: {
          key: union(
            subtract(cyl(bow, D / 2, 0, bow, H), cyl(bow, D / 2, -1, Math.max(1, bow * 0.45), H + 2)),
            box(bow * 1.6, D / 2 - shaft / 2, 0, W - bow * 1.6, shaft, H),
            box(W - tooth * 3, D / 2 - shaft / 2 - tooth, 0, tooth, tooth + 0.5, H),
            box(W - tooth, D / 2 - shaft / 2 - tooth * 1.4, 0, tooth, tooth * 1.4 + 0.5, H),
          ),
        },
      };
    },
  },
];
