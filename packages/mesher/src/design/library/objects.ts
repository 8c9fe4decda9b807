// Everyday and decorative objects: vases, pots, a trophy, a heart, a star, a robot.

import type { Vec2 } from '../program';
import { box, cone, cyl, mirror, repeat, revolve, subtract, union } from '../shapes';
import { type LibraryDesign, param, r, t, upright } from './types';

export const OBJECTS: LibraryDesign[] = [
  {
    id: 'vase',
    words: ['vase', 'urn', 'amphora', 'jug'],
    ratio: [0.55, 0.55, 1],
    parts: { vase: { colour: 'dark-blue' } },
    params: [param('belly', 70, 100, 90), param('neck', 30, 60, 40)],
    build([W, D, H], p) {
      const R = W / 2;
      const belly = (R * p.belly!) / 100;
      const neck = Math.max(2.5, (R * p.neck!) / 100);
      return {
        parts: {
          vase: subtract(
            revolve(W / 2, D / 2, 0, [
              [R * 0.6, 0],
              [belly, H * 0.35],
              [neck, H * 0.8],
              [neck + 1, H],
            ]),
            cyl(W / 2, D / 2, 2, neck - 1.5, H),
          ),
        },
      };
    },
  },
  {
    id: 'bowl',
    words: ['bowl', 'dish'],
    ratio: [1, 1, 0.45],
    parts: { bowl: { colour: 'white' } },
    params: [],
    build([W, D, H]) {
      const R = W / 2;
      return {
        parts: {
          bowl: subtract(
            revolve(W / 2, D / 2, 0, [
              [R * 0.7, 0],
              [R, H * 0.6],
              [R, H],
            ]),
            revolve(W / 2, D / 2, 2, [
              [R * 0.7 - 2, 0],
              [R - 2, H * 0.6],
              [R - 2, H],
            ]),
          ),
        },
      };
    },
  },
  {
    id: 'planter',
    words: ['planter', 'pot', 'flowerpot'],
    ratio: [0.8, 0.8, 1],
    parts: { pot: { colour: 'orange' }, rim: { colour: 'orange' } },
    params: [param('taper', 0, 30, 20)],
    build([W, D, H], p) {
      const R = W / 2;
      const bottom = R * (1 - p.taper! / 100);
      return {
        parts: {
          pot: subtract(
            cone(W / 2, D / 2, 0, bottom, R - 1, H - 2),
            cone(W / 2, D / 2, 2, bottom - 2, R - 3, H),
          ),
          rim: subtract(cyl(W / 2, D / 2, H - 2, R, 2), cyl(W / 2, D / 2, H - 3, R - 3, 4)),
        },
      };
    },
  },
  {
    id: 'window-box',
    body: 'box',
    words: ['trough', 'windowbox', 'box planter'],
    ratio: [1, 0.35, 0.35],
    parts: { box: { colour: 'brown' }, feet: { colour: 'dark-grey' } },
    params: [],
    build([W, D, H]) {
      return {
        parts: {
          feet: repeat(
            Math.max(2, Math.ceil(W / 12)),
            [(W - 3) / (Math.max(2, Math.ceil(W / 12)) - 1), 0, 0],
            box(0, 0, 0, 3, D, 2),
          ),
          box: subtract(box(0, 0, 2, W, D, H - 2), box(2, 2, 4, W - 4, D - 4, H)),
        },
      };
    },
  },
  {
    id: 'trophy',
    body: 'cup',
    words: ['trophy', 'cup', 'goblet', 'chalice'],
    ratio: [0.7, 0.5, 1],
    parts: { base: { colour: 'black' }, cup: { colour: 'yellow' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const baseH = t(H * 0.12);
      const R = Math.min(W, D) / 2;
      return {
        parts: {
          base: box(cx - R, cy - R, 0, 2 * R, 2 * R, baseH),
          cup: union(
            cyl(cx, cy, baseH, Math.max(1.5, R * 0.25), H * 0.3),
            subtract(
              revolve(cx, cy, baseH + H * 0.3, [
                [R * 0.3, 0],
                [R * 0.9, (H - baseH - H * 0.3) * 0.6],
                [R, H - baseH - H * 0.3],
              ]),
              revolve(cx, cy, baseH + H * 0.3, [
                [0.5, (H - baseH - H * 0.3) * 0.4],
                [R * 0.9 - 2, (H - baseH - H * 0.3) * 0.75],
                [R - 2, H],
              ]),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'heart',
    words: ['heart', 'valentine'],
    ratio: [1, 0.3, 0.95],
    parts: { heart: { colour: 'red' }, stand: { colour: 'dark-grey' } },
    params: [],
    build([W, D, H]) {
      const outline: Vec2[] = [];
      for (let i = 0; i < 32; i++) {
        const a = (2 * Math.PI * i) / 32;
        const x = 16 * Math.sin(a) ** 3;
        const y = 13 * Math.cos(a) - 5 * Math.cos(2 * a) - 2 * Math.cos(3 * a) - Math.cos(4 * a);
        outline.push([W / 2 + (x * W) / 34, 2 + ((y + 17) * (H - 2)) / 30]);
      }
      return {
        parts: {
          stand: box(W * 0.25, 0, 0, W * 0.5, D, 2),
          heart: union(upright(outline, 2, [0, D / 2 - 1, 0]), box(W / 2 - 2, D / 2 - 1, 0, 4, 2, 4)),
        },
      };
    },
  },
  {
    id: 'star',
    words: ['star'],
    ratio: [1, 0.3, 1],
    parts: { star: { colour: 'yellow' }, stand: { colour: 'dark-grey' } },
    params: [param('points', 5, 8, 5)],
    build([W, D, H], p) {
      const n = p.points!;
      const outline: Vec2[] = [];
      for (let i = 0; i < 2 * n; i++) {
        const a = (Math.PI * i) / n;
        const rr = i % 2 === 0 ? 0.5 : 0.24;
        outline.push([W / 2 + Math.sin(a) * rr * W, 2 + (H - 2) / 2 + Math.cos(a) * rr * (H - 2)]);
      }
      return {
        parts: {
          stand: box(W * 0.2, 0, 0, W * 0.6, D, 2),
          star: union(upright(outline, 2, [0, D / 2 - 1, 0]), box(W / 2 - 2, D / 2 - 1, 0, 4, 2, H * 0.3)),
        },
      };
    },
  },
  {
    id: 'robot',
    words: ['robot', 'android', 'droid'],
    ratio: [0.7, 0.4, 1],
    parts: { body: { colour: 'light-grey' }, head: { colour: 'dark-grey' }, eyes: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const legH = r(H * 0.3);
      const bodyH = r(H * 0.4);
      const hw = W * 0.5;
      return {
        parts: {
          body: union(
            box(W * 0.14, 0, 0, W * 0.3, D, legH + 1),
            box(W * 0.56, 0, 0, W * 0.3, D, legH + 1),
            box(W * 0.1, 0, legH, W * 0.8, D, bodyH),
            mirror('x', W / 2, box(0, D * 0.25, 0, W * 0.12 + 1, D * 0.5, legH + bodyH * 0.8)),
          ),
          head: box((W - hw) / 2, 0, legH + bodyH, hw, D, H - legH - bodyH),
          eyes: mirror(
            'x',
            W / 2,
            box(W / 2 - hw * 0.35, 0, legH + bodyH + (H - legH - bodyH) * 0.5, hw * 0.2, 1, 2),
          ),
        },
      };
    },
  },
];
