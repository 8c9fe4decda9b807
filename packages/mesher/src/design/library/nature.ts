// Plants and the garden: trees, flowers, a cactus, a mushroom, a snowman.

import { around, ball, box, cone, cyl, revolve, union } from '../shapes';
import { type LibraryDesign, param, r, t } from './types';

export const NATURE: LibraryDesign[] = [
  {
    id: 'tree',
    body: 'leaves',
    words: ['tree', 'oak'],
    ratio: [0.75, 0.75, 1],
    parts: { trunk: { colour: 'brown' }, leaves: { colour: 'green' } },
    params: [param('crown', 30, 50, 40)],
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const trunkH = r(H * 0.45);
      const cr = Math.min(W / 2, (H * p.crown!) / 100);
      return {
        parts: {
          trunk: union(
            cyl(cx, cy, 0, Math.max(2, W * 0.12), trunkH + 2),
            cyl(cx, cy, 0, Math.max(2.5, W * 0.2), 2),
          ),
          leaves: union(cyl(cx, cy, trunkH, cr * 0.6, 2), ball(cx, cy, H - cr, cr)),
        },
      };
    },
  },
  {
    id: 'pine',
    body: 'needles',
    words: ['pine', 'fir', 'christmas', 'spruce', 'conifer'],
    ratio: [0.6, 0.6, 1],
    parts: { trunk: { colour: 'brown' }, needles: { colour: 'dark-green' } },
    params: [param('tiers', 2, 4, 3)],
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const trunkH = t(H * 0.15);
      const n = p.tiers!;
      const tierH = (H - trunkH) / n;
      return {
        parts: {
          trunk: cyl(cx, cy, 0, Math.max(2, W * 0.12), trunkH + 1),
          needles: union(
            ...Array.from({ length: n }, (_, i) =>
              cone(
                cx,
                cy,
                trunkH + i * tierH * 0.85,
                (W / 2) * (1 - i / (n + 1)),
                0.5,
                tierH * 1.35 > H - trunkH - i * tierH * 0.85 ? H - trunkH - i * tierH * 0.85 : tierH * 1.35,
              ),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'cactus',
    body: 'cactus',
    words: ['cactus', 'succulent'],
    ratio: [0.6, 0.3, 1],
    parts: { pot: { colour: 'orange' }, cactus: { colour: 'green' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const potH = t(H * 0.18);
      const sr = Math.max(2, D * 0.35);
      const armZ = r(H * 0.45);
      const a = t(W * 0.09);
      return {
        parts: {
          pot: cone(cx, cy, 0, Math.max(3, D * 0.45), D / 2, potH),
          cactus: union(
            cyl(cx, cy, potH, sr, H - potH),
            box(cx - W * 0.4, cy - a / 2, armZ, W * 0.8, a, a),
            box(cx - W * 0.4, cy - a / 2, armZ, a, a, r(H * 0.3)),
            box(cx + W * 0.4 - a, cy - a / 2, armZ, a, a, r(H * 0.22)),
          ),
        },
      };
    },
  },
  {
    id: 'mushroom',
    body: 'cap',
    words: ['mushroom', 'toadstool'],
    ratio: [1, 1, 0.8],
    parts: { stem: { colour: 'white' }, cap: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const stemH = r(H * 0.5);
      return {
        parts: {
          stem: cone(cx, cy, 0, W * 0.22, W * 0.16, stemH + 1),
          cap: revolve(cx, cy, stemH, [
            [W * 0.2, 0],
            [W / 2, 2],
            [W * 0.42, (H - stemH) * 0.55],
            [W * 0.2, (H - stemH) * 0.92],
            [0.5, H - stemH],
          ]),
        },
      };
    },
  },
  {
    id: 'flower',
    body: 'petals',
    words: ['flower', 'daisy', 'sunflower', 'tulip', 'rose', 'poppy', 'flowerpot flower'],
    wordLooks: {
      sunflower: { petals: 'yellow', centre: 'brown' },
      rose: { petals: 'red' },
      tulip: { petals: 'red' },
      poppy: { petals: 'red', centre: 'black' },
      daisy: { petals: 'white' },
    },
    ratio: [0.7, 0.7, 1],
    parts: {
      pot: { colour: 'orange' },
      stem: { colour: 'green' },
      petals: { colour: 'pink' },
      centre: { colour: 'yellow' },
    },
    params: [param('petals', 4, 8, 6)],
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const potH = t(H * 0.25);
      const headZ = r(H * 0.75);
      const pr = Math.max(1.5, W * 0.14);
      return {
        parts: {
          pot: cone(cx, cy, 0, W * 0.35, W * 0.45, potH),
          stem: union(
            box(cx - 1, cy - 1, potH, 2, 2, headZ - potH + 1),
            cone(cx, cy, headZ - W * 0.3, 1, W * 0.42, W * 0.3),
          ),
          petals: around(p.petals!, [cx, cy], cyl(cx + W * 0.3, cy, headZ, pr, 2)),
          centre: cyl(cx, cy, headZ, Math.max(2, W * 0.17), 3),
        },
      };
    },
  },
  {
    id: 'snowman',
    words: ['snowman'],
    ratio: [0.6, 0.6, 1],
    parts: { snow: { colour: 'white' }, hat: { colour: 'black' }, nose: { colour: 'orange' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const r1 = W / 2;
      const r2 = r1 * 0.7;
      const hatH = r(H * 0.16);
      const z2 = r1 * 1.7 + r2;
      return {
        parts: {
          snow: union(ball(cx, cy, r1, r1), ball(cx, cy, z2, r2), cyl(cx, cy, 0, r1 * 0.6, 2)),
          hat: union(cyl(cx, cy, H - hatH, r2 * 0.9, 2), cyl(cx, cy, H - hatH, r2 * 0.6, hatH)),
          nose: box(cx - 1, cy - r2 - 1, z2, 2, r2, 2),
        },
      };
    },
  },
];
