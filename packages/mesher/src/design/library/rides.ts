// A hot-air balloon, bikes on a plate, a pirate ship, a digger and a launch pad another design can
// stand on.

import type { Vec2 } from '../program';
import { box, mirror, revolve, subtract, union } from '../shapes';
import { disc } from './machines';
import { type LibraryDesign, r, t, upright } from './types';

export const RIDES: LibraryDesign[] = [
  {
    id: 'balloon',
    body: 'balloon',
    words: ['hot air balloon', 'hot-air balloon', 'balloon', 'air balloon'],
    ratio: [0.7, 0.7, 1],
    parts: {
      basket: { colour: 'brown' },
      ropes: { colour: 'dark-grey' },
      balloon: { colour: 'red', stripes: 'yellow' },
    },
    params: [],
    minSize: 18,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const bw = Math.max(4, r(W * 0.3));
      const basketH = t(H * 0.1);
      const ropeTop = r(H * 0.3);
      const R = W / 2;
      const neck = bw * 0.75;
      return {
        parts: {
          basket: box(cx - bw / 2, cy - bw / 2, 0, bw, bw, basketH),
          ropes: union(
            mirror(
              'x',
              cx,
              mirror('y', cy, box(cx - bw / 2, cy - bw / 2, basketH, 1, 1, ropeTop - basketH + 1)),
            ),
            box(cx - 1, cy - 1, basketH, 2, 2, ropeTop - basketH + 1),
          ),
          balloon: revolve(cx, cy, ropeTop, [
            [neck, 0],
            [R * 0.85, (H - ropeTop) * 0.3],
            [R, (H - ropeTop) * 0.55],
            [R * 0.8, (H - ropeTop) * 0.85],
            [R * 0.3, H - ropeTop],
          ]),
        },
        stripeWidth: Math.max(2, r((H - ropeTop) / 6)),
      };
    },
  },
  {
    id: 'motorbike',
    body: 'frame',
    words: ['motorbike', 'motorcycle', 'scooter', 'moped'],
    ratio: [1, 0.3, 0.62],
    parts: {
      plate: { colour: 'dark-grey' },
      wheels: { colour: 'black' },
      frame: { colour: 'red' },
      seat: { colour: 'black' },
      bars: { colour: 'light-grey' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const wr = Math.max(3, Math.min(W * 0.2, H * 0.32));
      const wt = Math.max(2, r(D * 0.3));
      const hubZ = 2 + wr;
      const frameTop = Math.min(H - 4, hubZ + wr * 1.1);
      return {
        parts: {
          plate: box(0, 0, 0, W, D, 2),
          wheels: union(
            disc(wr + 0.5, cy - wt / 2, hubZ, wr, wt),
            disc(W - wr - 0.5, cy - wt / 2, hubZ, wr, wt),
          ),
          frame: union(
            box(wr, cy - wt / 2, hubZ - 1, W - 2 * wr, wt, frameTop - hubZ + 1),
            box(W * 0.25, cy - wt / 2 - 1, hubZ - 1, W * 0.4, wt + 2, Math.max(2, frameTop - hubZ - 1)),
          ),
          seat: box(W * 0.28, cy - wt / 2, frameTop, W * 0.3, wt, 2),
          bars: union(
            box(W - wr - 2, cy - wt / 2, frameTop - 1, 2, wt, H - frameTop + 1),
            box(W - wr - 2, cy - D * 0.4, H - 2, 2, D * 0.8, 2),
          ),
        },
      };
    },
  },
  {
    id: 'bicycle',
    body: 'frame',
    words: ['bicycle', 'bike', 'cycle'],
    ratio: [1, 0.3, 0.62],
    parts: {
      plate: { colour: 'dark-grey' },
      wheels: { colour: 'black' },
      frame: { colour: 'blue' },
      seat: { colour: 'black' },
    },
    params: [],
    minSize: 18,
    maxSize: 40,
    build([W, D, H]) {
      const cy = D / 2;
      const wr = Math.max(4, Math.min(W * 0.22, H * 0.36));
      const y0 = cy - 1;
      const hubZ = 2 + wr;
      const rear = wr + 0.5;
      const front = W - wr - 0.5;
      const top = Math.min(H - 3, hubZ + wr * 1.05);
      const ring = (x: number) => subtract(disc(x, y0, hubZ, wr, 2), disc(x, y0 - 1, hubZ, wr - 2, 4));
      const spokes = (x: number) =>
        union(
          box(x - 1, y0, hubZ - wr + 1, 2, 2, 2 * wr - 2),
          box(x - wr + 1, y0, hubZ - 1, 2 * wr - 2, 2, 2),
        );
      return {
        parts: {
          plate: box(0, 0, 0, W, D, 2),
          wheels: union(ring(rear), ring(front), spokes(rear), spokes(front)),
          // The frame: a triangle from the back hub to the seat and the handlebars, down to the front hub.
          frame: union(
            upright(
              [
                [rear - 1, hubZ - 1],
                [rear + 1, hubZ - 1],
                [W * 0.45, top - 1],
                [W * 0.4, top + 1],
              ],
              2,
              [0, y0, 0],
            ),
            upright(
              [
                [rear, hubZ - 1],
                [W * 0.5, hubZ - 1],
                [W * 0.72, top],
                [W * 0.5, top],
              ],
              2,
              [0, y0, 0],
            ),
            box(W * 0.42, y0, top - 1, W * 0.32, 2, 2),
            upright(
              [
                [front - 1, hubZ - 1],
                [front + 1, hubZ - 1],
                [W * 0.78, top + 1],
                [W * 0.72, top + 1],
              ],
              2,
              [0, y0, 0],
            ),
            box(W * 0.72, cy - D * 0.4, top + 1, 2, D * 0.8, 2),
          ),
          seat: box(W * 0.36, y0 - 1, top + 1, W * 0.14, 4, 2),
        },
      };
    },
  },
  {
    id: 'pirate-ship',
    body: 'hull',
    words: ['pirate ship', 'galleon', 'pirate boat'],
    ratio: [1, 0.32, 0.95],
    parts: {
      hull: { colour: 'black' },
      deck: { colour: 'brown' },
      masts: { colour: 'brown' },
      sails: { colour: 'white' },
      flag: { colour: 'black' },
    },
    params: [],
    minSize: 18,
    maxSize: 40,
    build([W, D, H]) {
      const hullH = t(H * 0.22);
      const outline: Vec2[] = [
        [0, 1],
        [W * 0.8, 0],
        [W, D / 2],
        [W * 0.8, D],
        [0, D - 1],
      ];
      const masts = [r(W * 0.3), r(W * 0.62)];
      const sailTop = H * 0.82;
      return {
        parts: {
          hull: union(
            { type: 'extrude', at: [0, 0, 0], outline, height: hullH },
            box(0, 0, hullH, W * 0.2, D, t(H * 0.1)),
          ),
          deck: box(W * 0.2, 1, hullH - 1, W * 0.55, D - 2, 1),
          masts: union(...masts.map((x) => box(x, D / 2 - 1, hullH, 2, 2, H - hullH - 2))),
          // Square sails across each mast, standing on their lower yard.
          sails: union(
            ...masts.map((x) =>
              box(
                x - W * 0.12,
                D / 2 - 1,
                hullH + (sailTop - hullH) * 0.3,
                W * 0.24 + 2,
                2,
                (sailTop - hullH) * 0.7,
              ),
            ),
          ),
          flag: box(masts[1]!, D / 2 - 1, H - 3, W * 0.1, 2, 3),
        },
      };
    },
  },
  {
    id: 'digger',
    body: 'body',
    words: ['digger', 'excavator', 'bulldozer', 'jcb'],
    ratio: [1, 0.45, 0.7],
    parts: {
      tracks: { colour: 'black' },
      body: { colour: 'yellow' },
      windows: { colour: 'light-blue' },
      bucket: { colour: 'dark-grey' },
    },
    params: [],
    minSize: 16,
    maxSize: 40,
    build([W, D, H]) {
      const trackH = t(H * 0.18);
      const bodyTop = trackH + t(H * 0.25);
      const cabTop = r(H * 0.72);
      const armX = r(W * 0.58);
      return {
        parts: {
          tracks: mirror('y', D / 2, box(0, 0, 0, W * 0.62, D * 0.3, trackH)),
          body: union(
            box(0, 1, trackH, W * 0.62, D - 2, bodyTop - trackH),
            box(W * 0.05, 1, bodyTop, W * 0.3, D - 2, cabTop - bodyTop),
            // The arm: up from the body, over and down to the bucket on the ground in front.
            upright(
              [
                [armX - 2, bodyTop - 1],
                [armX + 1, bodyTop - 1],
                [W * 0.78, H - 3],
                [W * 0.78, H],
                [W * 0.72, H],
              ],
              2,
              [0, D / 2 - 1, 0],
            ),
            upright(
              [
                [W * 0.76, H - 3],
                [W * 0.8, H],
                [W * 0.92, 2],
                [W * 0.88, 2],
              ],
              2,
              [0, D / 2 - 1, 0],
            ),
          ),
          windows: box(W * 0.05, 0, bodyTop + 1, W * 0.3, D, Math.max(2, cabTop - bodyTop - 3)),
          bucket: box(W * 0.82, D / 2 - D * 0.3, 0, W * 0.18, D * 0.6, 3),
        },
      };
    },
  },
  {
    id: 'launch-pad',
    body: 'platform',
    words: ['launch pad', 'launchpad', 'launch platform', 'launch site'],
    carrier: true,
    ratio: [1, 1, 0.22],
    parts: { platform: { colour: 'dark-grey' }, edge: { colour: 'yellow' } },
    params: [],
    build([W, D, H]) {
      // A solid platform, flat on top; a yellow edge along its rim, level with the top.
      return {
        parts: {
          platform: box(0, 0, 0, W, D, H),
          edge: subtract(box(0, 0, H - 2, W, D, 2), box(1, 1, H - 3, W - 2, D - 2, 4)),
        },
      };
    },
  },
];
