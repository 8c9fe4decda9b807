// Animals built from rounded solids.

import { ball, box, cone, cyl, mirror, revolve, union } from '../shapes';
import { type LibraryDesign, r, t } from './types';

export const ANIMALS: LibraryDesign[] = [
  {
    id: 'cat',
    words: ['cat', 'kitten', 'kitty'],
    ratio: [0.55, 0.5, 1],
    parts: {
      body: { colour: 'orange' },
      head: { colour: 'orange' },
      ears: { colour: 'pink' },
      tail: { colour: 'orange' },
    },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const bodyH = r(H * 0.58);
      const hr = Math.min(W * 0.4, H * 0.22);
      const hz = bodyH + hr * 0.8;
      return {
        parts: {
          body: revolve(cx, cy, 0, [
            [W * 0.45, 0],
            [W * 0.45, bodyH * 0.4],
            [W * 0.3, bodyH],
            [W * 0.2, bodyH + 1],
          ]),
          tail: union(box(cx - 1, D - 3, 0, 2, 3, 2), box(cx - 1, D - 3, 0, 2, 2, r(bodyH * 0.7))),
          head: ball(cx, cy, hz, hr),
          ears: mirror(
            'x',
            cx,
            cone(cx - hr * 0.55, cy, hz + hr * 0.5, Math.max(1.5, hr * 0.4), 0.3, H - hz - hr * 0.5),
          ),
        },
      };
    },
  },
  {
    id: 'duck',
    words: ['duck', 'duckling', 'goose'],
    ratio: [1, 0.6, 0.85],
    parts: { body: { colour: 'yellow' }, head: { colour: 'yellow' }, beak: { colour: 'orange' } },
    params: [],
    build([W, D, H]) {
      const cy = D / 2;
      const br = Math.min(D / 2, H * 0.32);
      const hr = Math.min(D * 0.35, H * 0.22);
      const hx = W * 0.35;
      return {
        parts: {
          body: union(box(W * 0.25, cy - br * 0.6, 0, W * 0.5, br * 1.2, 2), {
            type: 'place',
            transform: { scale: [1.5, 1, 1] },
            child: ball((W * 0.55) / 1.5, cy, br, br),
          }),
          head: union(cyl(hx, cy, br, hr * 0.6, br * 0.8), ball(hx, cy, H - hr, hr)),
          beak: box(
            hx - hr - r(W * 0.1),
            cy - hr * 0.4,
            H - hr * 1.4,
            r(W * 0.1) + hr * 0.5,
            hr * 0.8,
            t(H * 0.06),
          ),
        },
      };
    },
  },
  {
    id: 'elephant',
    body: 'body',
    words: ['elephant', 'mammoth'],
    ratio: [1, 0.55, 0.85],
    parts: {
      body: { colour: 'light-grey' },
      legs: { colour: 'light-grey' },
      head: { colour: 'light-grey' },
      ears: { colour: 'dark-grey' },
    },
    params: [],
    build([W, D, H]) {
      const legH = r(H * 0.35);
      const lr = Math.max(2, D * 0.14);
      const bodyH = r(H * 0.42);
      return {
        parts: {
          legs: mirror(
            'y',
            D / 2,
            union(cyl(W * 0.3, lr + 0.5, 0, lr, legH + 1), cyl(W * 0.8, lr + 0.5, 0, lr, legH + 1)),
          ),
          body: box(W * 0.2, 0.5, legH, W * 0.75, D - 1, bodyH),
          head: union(
            box(0, D * 0.3, legH * 0.0, W * 0.22, D * 0.4, 2),
            box(0, D * 0.3, 0, r(W * 0.08) + 1, D * 0.4, legH + bodyH),
            box(0, D * 0.25, legH + bodyH * 0.3, W * 0.25, D * 0.5, H - legH - bodyH * 0.3),
          ),
          ears: mirror(
            'y',
            D / 2,
            box(W * 0.2, 0, legH + bodyH * 0.4, Math.max(3, W * 0.08), D * 0.3, H - legH - bodyH * 0.4),
          ),
        },
      };
    },
  },
  {
    id: 'pig',
    body: 'body',
    words: ['pig', 'piglet', 'hog'],
    ratio: [1, 0.6, 0.7],
    parts: { body: { colour: 'pink' }, legs: { colour: 'pink' }, snout: { colour: 'pink' } },
    params: [],
    build([W, D, H]) {
      const legH = r(H * 0.3);
      const lr = Math.max(2, D * 0.15);
      return {
        parts: {
          legs: mirror(
            'y',
            D / 2,
            union(cyl(W * 0.25, lr + 0.5, 0, lr, legH + 1), cyl(W * 0.75, lr + 0.5, 0, lr, legH + 1)),
          ),
          body: {
            type: 'place',
            transform: { rotate: [0, 1, 0], translate: [W * 0.1, D / 2, legH + (H - legH) / 2] },
            child: cyl(0, 0, 0, Math.min(D / 2, (H - legH) / 2), W * 0.85),
          },
          snout: box(0, D / 2 - 2, legH + (H - legH) * 0.35, W * 0.1 + 2, 4, t(H * 0.1)),
        },
      };
    },
  },
  {
    id: 'turtle',
    words: ['turtle', 'tortoise'],
    ratio: [1, 0.75, 0.45],
    parts: { body: { colour: 'green' }, shell: { colour: 'dark-green' } },
    params: [],
    build([W, D, H]) {
      const cy = D / 2;
      return {
        parts: {
          body: union(
            box(W * 0.1, cy - D * 0.35, 0, W * 0.8, D * 0.7, 2),
            box(0, cy - 2, 0, W * 0.2, 4, H * 0.45),
          ),
          shell: revolve(W * 0.55, cy, 1, [
            [Math.min(D / 2, W * 0.4), 0],
            [Math.min(D / 2, W * 0.4) * 0.85, (H - 1) * 0.5],
            [Math.min(D / 2, W * 0.4) * 0.45, (H - 1) * 0.9],
            [0.5, H - 1],
          ]),
        },
      };
    },
  },
  {
    id: 'penguin',
    words: ['penguin'],
    ratio: [0.6, 0.55, 1],
    parts: { body: { colour: 'black' }, belly: { colour: 'white' }, beak: { colour: 'orange' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const rr = Math.min(W, D) / 2;
      return {
        parts: {
          body: revolve(cx, cy, 0, [
            [rr, 0],
            [rr, H * 0.45],
            [rr * 0.7, H * 0.75],
            [rr * 0.55, H * 0.9],
            [0.5, H],
          ]),
          belly: box(cx - rr * 0.55, 0, 0, rr * 1.1, cy - rr * 0.5, H * 0.6),
          beak: box(cx - 1, 0, H * 0.8, 2, cy - rr * 0.45, 2),
        },
      };
    },
  },
];
