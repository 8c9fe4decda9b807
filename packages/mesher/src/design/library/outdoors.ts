// Outdoors: a palm tree, a swing, a rock another design can stand on, a volcano, a rainbow, a moon.

import type { DesignNode } from '../program';
import { around, box, cone, cyl, mirror, revolve, subtract, union } from '../shapes';
import { faceY, type LibraryDesign, r } from './types';

export const OUTDOORS: LibraryDesign[] = [
  {
    id: 'palm',
    body: 'leaves',
    words: ['palm tree', 'palm', 'coconut tree'],
    ratio: [0.8, 0.8, 1],
    parts: {
      sand: { colour: 'tan' },
      trunk: { colour: 'brown' },
      leaves: { colour: 'green' },
      coconuts: { colour: 'dark-red' },
    },
    params: [],
    minSize: 16,
    maxSize: 40,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const tr = Math.max(1.5, W * 0.07);
      const top = r(H * 0.72);
      // Each frond goes out from the top and droops in steps, standing on the step before it.
      const step = Math.max(2, r(W * 0.08));
      const frond: DesignNode[] = [];
      for (let k = 0; k < 3; k++) frond.push(box(cx + k * step, cy - 1, top + 1 - k, step + 1, 2, 3));
      return {
        parts: {
          sand: cyl(cx, cy, 0, W * 0.35, 2),
          trunk: cyl(cx, cy, 2, tr, top),
          leaves: union(cyl(cx, cy, top, tr + 1.5, 3), around(6, [cx, cy], union(...frond))),
          coconuts: around(3, [cx, cy], box(cx + tr, cy - 1, top - 1, 2, 2, 2)),
        },
      };
    },
  },
  {
    id: 'swing',
    body: 'frame',
    words: ['swing', 'swing set', 'swings'],
    ratio: [1, 0.6, 0.9],
    parts: { frame: { colour: 'red' }, ropes: { colour: 'dark-grey' }, seat: { colour: 'brown' } },
    params: [],
    minSize: 16,
    maxSize: 16,
    build([W, D, H]) {
      // Two A-frames: legs in steps meeting under the top bar; the seat hangs from it on two ropes.
      const legs: DesignNode[] = [];
      for (let z = 0; z < H - 2; z += 2) {
        const y = Math.min(D / 2 - 1, (z / (H - 2)) * (D / 2 - 1));
        legs.push(box(0, y, z, 2, 2, 2), box(0, D - 2 - y, z, 2, 2, 2));
      }
      const aFrame = union(...legs);
      const seatZ = Math.max(3, r(H * 0.2));
      return {
        parts: {
          frame: union(
            aFrame,
            { type: 'place', transform: { translate: [W - 2, 0, 0] }, child: aFrame },
            box(0, D / 2 - 1, H - 2, W, 2, 2),
          ),
          ropes: mirror('x', W / 2, box(W * 0.35, D / 2 - 0.5, seatZ + 1, 1, 1, H - 2 - seatZ)),
          seat: box(W * 0.3, D / 2 - 1.5, seatZ, W * 0.4, 3, 2),
        },
      };
    },
  },
  {
    id: 'rock',
    body: 'rock',
    words: ['rock', 'boulder', 'cliff', 'stone', 'hill'],
    carrier: true,
    ratio: [1, 0.9, 0.42],
    parts: { rock: { colour: 'dark-grey' }, moss: { colour: 'green' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = Math.min(W, D) / 2;
      // Rounded sides and a flat top across three quarters of it, for a design to stand on.
      return {
        parts: {
          rock: {
            type: 'place',
            transform: { scale: [W / D, 1, 1] },
            child: revolve((cx * D) / W, cy, 0, [
              [R, 0],
              [R, H * 0.45],
              [R * 0.88, H * 0.85],
              [R * 0.78, H],
            ]),
          },
          moss: {
            type: 'place',
            transform: { scale: [W / D, 1, 1] },
            child: subtract(cyl((cx * D) / W, cy, 0, R + 1, 2), cyl((cx * D) / W, cy, -1, R - 2, 4)),
          },
        },
      };
    },
  },
  {
    id: 'volcano',
    body: 'mountain',
    words: ['volcano', 'mountain'],
    ratio: [1, 1, 0.6],
    parts: { mountain: { colour: 'brown' }, lava: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const top = Math.max(2, W * 0.16);
      return {
        parts: {
          mountain: union(
            cyl(cx, cy, 0, W / 2, 2),
            subtract(cone(cx, cy, 0, W / 2, top, H), cone(cx, cy, H - Math.max(2, H * 0.2), 1, top - 1, H)),
          ),
          // Lava filling the crater and running down the +x side, lying on the slope.
          lava: union(
            cyl(cx, cy, H - Math.max(2, H * 0.2), top - 1, Math.max(2, H * 0.2) - 1),
            ...Array.from({ length: Math.max(1, Math.floor((H * 0.55) / 2)) }, (_, k) => {
              const z = H - 2 - 2 * k;
              const rad = W / 2 - ((W / 2 - top) * z) / H;
              return box(cx + rad - 2, cy - 1.5, z, 2, 3, 2);
            }),
          ),
        },
      };
    },
  },
  {
    id: 'rainbow',
    body: 'red',
    words: ['rainbow'],
    ratio: [1, 0.25, 0.55],
    parts: {
      clouds: { colour: 'white' },
      red: { colour: 'red' },
      orange: { colour: 'orange' },
      yellow: { colour: 'yellow' },
      green: { colour: 'green' },
      blue: { colour: 'blue' },
      purple: { colour: 'purple' },
    },
    params: [],
    minSize: 20,
    build([W, D, H]) {
      const cx = W / 2;
      const R = Math.min(W / 2, H - 1);
      const band = Math.max(1, (R * 0.55) / 6);
      const arc = (k: number): DesignNode =>
        subtract(
          faceY(cx, 0, 2, R - k * band, D),
          faceY(cx, -1, 2, R - (k + 1) * band, D + 2),
          box(0, -1, -R, W, D + 2, R + 2),
        );
      const colours = ['red', 'orange', 'yellow', 'green', 'blue', 'purple'];
      return {
        parts: {
          clouds: mirror('x', cx, box(0, 0, 0, W * 0.32, D, 3)),
          ...Object.fromEntries(colours.map((c, k) => [c, arc(k)])),
        },
      };
    },
  },
  {
    id: 'moon',
    body: 'moon',
    words: ['moon', 'crescent', 'half moon'],
    ratio: [0.75, 0.3, 1],
    parts: { base: { colour: 'dark-grey' }, moon: { colour: 'yellow' } },
    params: [],
    minSize: 16,
    maxSize: 40,
    build([W, D, H]) {
      const R = (H - 2) / 2;
      const thick = Math.max(2, r(D * 0.8));
      const y = D / 2 - thick / 2;
      return {
        parts: {
          base: box(0, 0, 0, W, D, 2),
          // A crescent: a disc less another moved to the right, standing on its round back's foot.
          moon: union(
            subtract(faceY(R, y, 2 + R, R, thick), faceY(R + R * 0.6, y - 1, 2 + R, R * 0.85, thick + 2)),
            box(R * 0.3, y, 1, R * 0.9, thick, 3),
          ),
        },
      };
    },
  },
];
