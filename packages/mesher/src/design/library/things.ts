// Everyday objects: cups and pots, a clock, an umbrella, an anchor, a crown, a bell, a cake. Flat
// things (a clock's face, an anchor) stand upright on a foot, facing +y, where the preview looks.

import type { DesignNode, Vec2 } from '../program';
import { around, ball, box, cone, cyl, mirror, revolve, subtract, union } from '../shapes';
import { faceY, type LibraryDesign, r, upright } from './types';

export const THINGS: LibraryDesign[] = [
  {
    id: 'mug',
    body: 'mug',
    words: ['mug', 'teacup', 'coffee cup', 'coffee mug', 'tea cup'],
    ratio: [1, 0.75, 0.85],
    parts: { mug: { colour: 'white' }, band: { colour: 'red' } },
    params: [],
    maxSize: 40,
    build([, D, H]) {
      const R = D / 2;
      const cx = R;
      const cy = D / 2;
      const handle: DesignNode = subtract(
        faceY(cx + R - 1, cy - 1, H * 0.5, H * 0.3, 2),
        faceY(cx + R - 1, cy - 2, H * 0.5, Math.max(1, H * 0.3 - 2), 4),
        box(0, 0, 0, cx + R - 1, D, H),
      );
      return {
        parts: {
          mug: union(subtract(cyl(cx, cy, 0, R, H), cyl(cx, cy, 2, R - 2, H)), handle),
          band: subtract(cyl(cx, cy, r(H * 0.55), R, 2), cyl(cx, cy, r(H * 0.55) - 1, R - 2, 4)),
        },
      };
    },
  },
  {
    id: 'teapot',
    body: 'pot',
    words: ['teapot', 'kettle'],
    ratio: [1, 0.65, 0.8],
    parts: { pot: { colour: 'light-blue' }, lid: { colour: 'white' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const R = D / 2;
      const cx = W / 2;
      const cy = D / 2;
      const bodyH = r(H * 0.72);
      // The spout rises in steps to the front, the handle is a ring at the back.
      const spout: DesignNode[] = [];
      for (let k = 0; k < 4; k++)
        spout.push(
          box(cx + R - 2 + k * (W * 0.05), cy - 1, bodyH * 0.25 + k * (bodyH * 0.15), W * 0.08, 2, 3),
        );
      return {
        parts: {
          pot: union(
            revolve(cx, cy, 0, [
              [R * 0.7, 0],
              [R, bodyH * 0.45],
              [R * 0.6, bodyH],
            ]),
            ...spout,
            subtract(
              faceY(cx - R + 1, cy - 1, bodyH * 0.5, bodyH * 0.3, 2),
              faceY(cx - R + 1, cy - 2, bodyH * 0.5, Math.max(1, bodyH * 0.3 - 2), 4),
              box(cx - R + 1, 0, 0, W, D, H),
            ),
          ),
          lid: union(cyl(cx, cy, bodyH - 1, R * 0.6, 2), ball(cx, cy, H - 2, 2)),
        },
      };
    },
  },
  {
    id: 'clock',
    body: 'face',
    words: ['clock', 'alarm clock', 'watch'],
    ratio: [0.8, 0.35, 1],
    parts: { case: { colour: 'red' }, face: { colour: 'white' }, hands: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const R = W / 2;
      const cz = H - R;
      const cx = W / 2;
      return {
        parts: {
          case: union(
            faceY(cx, 0, cz, R, D),
            mirror('x', cx, box(cx - R * 0.75, 0, 0, 2, D, cz)),
            // Two bells on top.
            mirror('x', cx, ball(cx - R * 0.55, D / 2, cz + R * 0.85, Math.max(1.5, R * 0.25))),
          ),
          face: faceY(cx, -1, cz, R - 2, D + 2),
          hands: union(box(cx - 1, -1, cz, 2, D + 2, R * 0.7), box(cx, -1, cz - 1, R * 0.5, D + 2, 2)),
        },
      };
    },
  },
  {
    id: 'umbrella',
    body: 'canopy',
    words: ['umbrella', 'parasol'],
    ratio: [1, 1, 0.8],
    parts: { canopy: { colour: 'red', stripes: 'white' }, shaft: { colour: 'dark-grey' } },
    params: [],
    maxSize: 48,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const canopyH = r(H * 0.55);
      // Standing open on its canopy, to dry: the shaft and its hooked handle point up.
      return {
        parts: {
          canopy: revolve(cx, cy, 0, [
            [W / 2, 0],
            [W / 2, 2],
            [W * 0.42, canopyH * 0.5],
            [W * 0.2, canopyH * 0.9],
            [1, canopyH],
          ]),
          shaft: union(
            box(cx - 1, cy - 1, canopyH - 1, 2, 2, H - canopyH + 1),
            box(cx - 1, cy - 1, H - 2, W * 0.15 + 1, 2, 2),
            box(cx + W * 0.15 - 1, cy - 1, H - 4, 2, 2, 2),
          ),
        },
        stripeWidth: Math.max(1, r(canopyH / 5)),
      };
    },
  },
  {
    id: 'anchor',
    body: 'anchor',
    words: ['anchor'],
    ratio: [0.8, 0.25, 1],
    parts: { base: { colour: 'dark-grey' }, anchor: { colour: 'black' } },
    params: [],
    minSize: 16,
    maxSize: 48,
    build([W, D, H]) {
      const cx = W / 2;
      const sw = Math.max(2, r(W * 0.12));
      const thick = Math.max(2, r(D * 0.6));
      const y = D / 2 - thick / 2;
      const ring = Math.max(2, W * 0.16);
      const arm: Vec2[] = [
        [cx, 2],
        [cx + W * 0.5, H * 0.3],
        [cx + W * 0.5 - sw, H * 0.32],
        [cx, 2 + sw * 1.2],
      ];
      return {
        parts: {
          base: box(0, 0, 0, W, D, 2),
          anchor: union(
            box(cx - sw / 2, y, 2, sw, thick, H - 2 * ring),
            box(cx - W * 0.3, y, H * 0.68, W * 0.6, thick, sw),
            subtract(
              faceY(cx, y, H - ring, ring, thick),
              faceY(cx, y - 1, H - ring, ring - sw * 0.7, thick + 2),
            ),
            upright(arm, thick, [0, y, 0]),
            upright(arm.map(([x, z]) => [2 * cx - x, z] as Vec2).reverse(), thick, [0, y, 0]),
          ),
        },
      };
    },
  },
  {
    id: 'crown',
    body: 'crown',
    words: ['crown', 'tiara'],
    ratio: [1, 1, 0.7],
    parts: { crown: { colour: 'yellow' }, jewels: { colour: 'red' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = W / 2;
      const band = r(H * 0.45);
      return {
        parts: {
          crown: union(
            subtract(cyl(cx, cy, 0, R, band), cyl(cx, cy, 2, R - 2, band)),
            around(6, [cx, cy], cone(cx + R - 1.5, cy, band - 1, 2, 0.3, H - band + 1)),
          ),
          jewels: around(6, [cx, cy], box(cx + R - 2, cy - 1, band * 0.35, 3, 2, 2)),
        },
      };
    },
  },
  {
    id: 'bell',
    body: 'bell',
    words: ['bell'],
    ratio: [1, 1, 1],
    parts: { bell: { colour: 'yellow' }, clapper: { colour: 'dark-grey' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = W / 2;
      return {
        parts: {
          clapper: ball(cx, cy, 2, Math.max(1.5, R * 0.22)),
          bell: union(
            revolve(cx, cy, 0, [
              [R, 0],
              [R, 2],
              [R * 0.82, H * 0.2],
              [R * 0.55, H * 0.55],
              [R * 0.5, H * 0.78],
              [R * 0.25, H * 0.85],
            ]),
            subtract(
              faceY(cx, cy - 1, H * 0.88, H * 0.12, 2),
              faceY(cx, cy - 2, H * 0.88, Math.max(0.8, H * 0.12 - 2), 4),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'cake',
    body: 'cake',
    words: ['cake', 'birthday cake', 'wedding cake', 'cupcake'],
    ratio: [1, 1, 0.8],
    parts: {
      plate: { colour: 'white' },
      cake: { colour: 'pink', stripes: 'white' },
      candles: { colour: 'light-blue' },
      flames: { colour: 'orange' },
    },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = W / 2;
      const tier1 = r(H * 0.38);
      const tier2 = tier1 + r(H * 0.3);
      return {
        parts: {
          plate: cyl(cx, cy, 0, R, 2),
          cake: union(cyl(cx, cy, 2, R - 1, tier1 - 2), cyl(cx, cy, tier1, R * 0.62, tier2 - tier1)),
          candles: around(5, [cx, cy], box(cx + R * 0.35, cy - 0.5, tier2, 1, 1, H - tier2 - 2)),
          flames: around(5, [cx, cy], box(cx + R * 0.35, cy - 0.5, H - 2, 1, 1, 2)),
        },
        stripeWidth: Math.max(1, r(H * 0.1)),
      };
    },
  },
];
