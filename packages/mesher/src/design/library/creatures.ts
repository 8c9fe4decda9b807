// Small animals, birds, fish and a dinosaur, built from rounded solids on a base or their own
// belly. Faces look along +x (the preview's right-hand side); a part of another colour reaches into
// the part it belongs to, so the two are joined by stacking as well as side by side.

import type { DesignNode, Vec2 } from '../program';
import { ball, box, cyl, mirror, union } from '../shapes';
import { type LibraryDesign, r, t, upright } from './types';

/** A ball stretched along x by `stretch`, its centre at (x, y, z). */
function egg(x: number, y: number, z: number, radius: number, stretch: number): DesignNode {
  return { type: 'place', transform: { scale: [stretch, 1, 1] }, child: ball(x / stretch, y, z, radius) };
}

/** A disc facing along x (an eye, a wheel seen from the front), from x0, centred at (y, z). */
function discX(x0: number, y: number, z: number, radius: number, thickness: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [0, 1, 0], translate: [x0, y, z] },
    child: cyl(0, 0, 0, radius, thickness),
  };
}

/** Two eyes on a face looking along +x: white discs with black centres, at the face's front `x`. */
function eyes(x: number, cy: number, z: number, spread: number, radius: number) {
  return {
    white: mirror('y', cy, discX(x - 3, cy - spread, z, Math.max(1, radius), 3)),
    black: mirror('y', cy, discX(x - 1, cy - spread, z, Math.max(0.6, radius * 0.45), 2)),
  };
}

export const CREATURES: LibraryDesign[] = [
  {
    id: 'mouse',
    body: 'body',
    words: ['mouse', 'mice', 'rat', 'hamster'],
    ratio: [1, 0.55, 0.5],
    parts: { body: { colour: 'light-grey' }, ears: { colour: 'pink' }, nose: { colour: 'pink' } },
    params: [],
    build([W, D, H]) {
      const cy = D / 2;
      const R = Math.min(D / 2, H * 0.55);
      const hr = Math.max(2, R * 0.6);
      const hx = W * 0.72;
      return {
        parts: {
          body: union(
            box(W * 0.15, cy - R * 0.6, 0, W * 0.55, R * 1.2, 2),
            egg(W * 0.42, cy, R * 0.9, R * 0.9, 1.4),
            ball(hx, cy, hr + 1, hr),
            // The tail lies along the ground behind.
            box(0, cy - 1, 0, W * 0.2, 2, 2),
          ),
          ears: mirror('y', cy, {
            type: 'place',
            transform: { rotate: [0, 1, 0], translate: [hx - 2, cy - hr * 0.8, hr * 1.7] },
            child: cyl(0, 0, 0, Math.max(1.5, hr * 0.55), 2),
          }),
          nose: box(W - 3, cy - 1, hr * 0.7, 3, 2, 2),
        },
      };
    },
  },
  {
    id: 'rabbit',
    body: 'body',
    words: ['rabbit', 'bunny', 'hare'],
    ratio: [0.8, 0.6, 1],
    parts: { body: { colour: 'white' }, ears: { colour: 'pink' }, nose: { colour: 'pink' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const br = Math.min(D / 2, W * 0.38);
      const hr = Math.max(2.5, br * 0.62);
      const hz = br * 1.6 + hr * 0.6;
      const hx = W * 0.55;
      const earH = H - (hz + hr * 0.6);
      return {
        parts: {
          body: union(
            cyl(W * 0.42, cy, 0, br * 0.8, 2),
            ball(W * 0.42, cy, br, br),
            ball(hx, cy, hz, hr),
            // The tail: a small round tuft at the back.
            ball(W * 0.42 - br + 1, cy, br * 0.7, Math.max(1.5, br * 0.3)),
          ),
          ears: mirror('y', cy, box(hx - 2, cy - hr * 0.55 - 1, hz + hr * 0.5, 2, 2, earH + 1)),
          nose: box(hx + hr - 2, cy - 1, hz - 1, 2, 2, 2),
        },
      };
    },
  },
  {
    id: 'teddy-bear',
    body: 'body',
    words: ['teddy bear', 'teddy', 'bear', 'panda', 'koala'],
    ratio: [0.75, 0.8, 1],
    parts: { body: { colour: 'brown' }, muzzle: { colour: 'tan' }, eyes: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const bodyR = Math.min(W, D) * 0.38;
      const hr = Math.max(3, Math.min(W, D) * 0.3);
      const hz = H - hr;
      const cx = W * 0.45;
      const legR = Math.max(1.5, bodyR * 0.35);
      return {
        parts: {
          body: union(
            // Sitting: a round body, legs out in front on the ground, arms at the sides, ears on the head.
            cyl(cx, cy, 0, bodyR, bodyR * 1.2),
            ball(cx, cy, bodyR * 1.2, bodyR * 0.95),
            mirror('y', cy, box(cx, cy - bodyR * 0.85, 0, W - cx, legR * 2, legR * 2)),
            mirror('y', cy, box(cx - bodyR * 0.4, cy - bodyR - 1, bodyR * 0.5, bodyR * 0.8, 2, bodyR * 1.3)),
            cyl(cx, cy, bodyR * 1.8, hr * 0.7, hz - bodyR * 1.8),
            ball(cx, cy, hz, hr),
            mirror(
              'y',
              cy,
              cyl(cx - 1, cy - hr * 0.75, hz + hr * 0.45, Math.max(1.5, hr * 0.35), H - (hz + hr * 0.45)),
            ),
          ),
          muzzle: box(cx + hr * 0.5, cy - hr * 0.4, hz - hr * 0.6, hr * 0.6 + 1, hr * 0.8, hr * 0.6),
          eyes: mirror('y', cy, box(cx + hr * 0.75, cy - hr * 0.5, hz, 2, 1, 2)),
        },
      };
    },
  },
  {
    id: 'bird',
    body: 'body',
    words: ['bird', 'robin', 'sparrow', 'parrot', 'budgie', 'songbird', 'bluebird'],
    ratio: [1, 0.5, 0.8],
    parts: {
      perch: { colour: 'brown' },
      legs: { colour: 'orange' },
      body: { colour: 'blue' },
      beak: { colour: 'orange' },
      eyes: { colour: 'black' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const legH = Math.max(2, r(H * 0.08));
      const lw = Math.max(2, r(W * 0.16));
      const br = Math.min(D / 2, H * 0.3);
      const bz = 2 + legH + br * 0.8;
      const hr = Math.max(2, br * 0.62);
      const hx = W * 0.68;
      const hz = Math.min(H - hr, bz + br * 0.8);
      return {
        parts: {
          perch: box(W * 0.15, cy - 2, 0, W * 0.7, 4, 2),
          legs: mirror('y', cy, box(W * 0.42, cy - lw - 0.5, 2, lw, lw, legH + 1)),
          body: union(
            egg(W * 0.48, cy, bz, br, 1.35),
            ball(hx, cy, hz, hr),
            // The tail rests on the back of the body and points up and out.
            box(W * 0.02, cy - 1, bz, W * 0.25, 2, 2),
          ),
          beak: box(hx + hr - 2, cy - 1, hz - 1, Math.max(3, W * 0.14), 2, 2),
          eyes: mirror('y', cy, box(hx + hr * 0.3, cy - hr * 0.8, hz, 1, 1, 1)),
        },
      };
    },
  },
  {
    id: 'owl',
    body: 'body',
    words: ['owl', 'owlet'],
    ratio: [0.65, 0.65, 1],
    parts: {
      body: { colour: 'brown' },
      belly: { colour: 'tan' },
      eyes: { colour: 'white' },
      pupils: { colour: 'black' },
      beak: { colour: 'orange' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = Math.min(W, D) / 2;
      const eyeZ = H * 0.66;
      const e = eyes(W, cy, eyeZ, R * 0.4, R * 0.32);
      return {
        parts: {
          body: union(
            cyl(cx, cy, 0, R * 0.8, 2),
            {
              type: 'revolve',
              at: [cx, cy, 0],
              profile: [
                [R * 0.85, 0],
                [R, H * 0.35],
                [R * 0.9, H * 0.75],
                [R * 0.6, H * 0.9],
                [R * 0.3, H * 0.93],
              ],
            },
            // Ear tufts.
            mirror('y', cy, box(cx - 1, cy - R * 0.6, H * 0.85, 2, 2, H * 0.15)),
          ),
          belly: box(cx + R * 0.3, cy - R * 0.45, 2, R * 0.75, R * 0.9, H * 0.45),
          eyes: e.white,
          pupils: e.black,
          beak: box(W - 3, cy - 1, eyeZ - R * 0.5, 3, 2, 2),
        },
      };
    },
  },
  {
    id: 'chicken',
    body: 'body',
    words: ['chicken', 'hen', 'rooster', 'cockerel', 'chick'],
    ratio: [1, 0.55, 0.9],
    parts: {
      legs: { colour: 'orange' },
      body: { colour: 'white' },
      comb: { colour: 'red' },
      beak: { colour: 'orange' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const legH = t(H * 0.14);
      const br = Math.min(D / 2, H * 0.3);
      const bz = legH + br;
      const hr = Math.max(2, br * 0.55);
      const hx = W * 0.7;
      const hz = Math.min(H - hr - 2, bz + br * 1.1);
      return {
        parts: {
          legs: union(
            mirror(
              'y',
              cy,
              box(W * 0.42, cy - br * 0.5, 0, Math.max(2, r(W * 0.07)), Math.max(2, r(W * 0.07)), legH + 1),
            ),
            box(W * 0.3, cy - br * 0.5, 0, W * 0.3, br, 2),
          ),
          body: union(
            egg(W * 0.45, cy, bz, br, 1.35),
            cyl(hx, cy, bz, hr * 0.8, hz - bz),
            ball(hx, cy, hz, hr),
            // The tail stands up at the back.
            box(W * 0.05, cy - br * 0.4, bz, W * 0.16, br * 0.8, br * 1.3),
          ),
          comb: box(hx - hr * 0.6, cy - 1, hz + hr - 1, hr * 1.2, 2, H - (hz + hr - 1)),
          beak: box(hx + hr - 2, cy - 1, hz - 1, Math.max(3, W * 0.12), 2, 2),
        },
      };
    },
  },
  {
    id: 'fish',
    body: 'body',
    words: ['fish', 'goldfish', 'salmon', 'trout', 'clownfish'],
    ratio: [1, 0.25, 0.75],
    parts: { stand: { colour: 'dark-grey' }, body: { colour: 'orange' }, eye: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const standH = t(H * 0.22);
      const top = H;
      const mid = standH + (top - standH) / 2;
      const half = (top - standH) / 2;
      // The body an ellipse from x = 0.25 W to W (its back over the front), the tail a notch behind.
      const arc = (from: number): Vec2[] =>
        Array.from({ length: 17 }, (_, i) => {
          const a = from + (Math.PI * i) / 16;
          return [W * 0.625 + Math.cos(a) * W * 0.375, mid + Math.sin(a) * half * 0.8] as Vec2;
        });
      const outline: Vec2[] = [...arc(0), [0, mid + half], [W * 0.18, mid], [0, mid - half], ...arc(Math.PI)];
      return {
        parts: {
          stand: union(box(W * 0.35, 0, 0, W * 0.4, D, 2), box(W * 0.5, D / 2 - 1, 0, 3, 2, standH + 2)),
          body: upright(outline, Math.max(2, r(D * 0.5)), [0, D / 2 - Math.max(1, r(D * 0.25)), 0]),
          eye: box(W * 0.82, 0, mid + half * 0.2, 2, D, 2),
        },
      };
    },
  },
  {
    id: 'whale',
    body: 'body',
    words: ['whale', 'dolphin', 'orca'],
    ratio: [1, 0.42, 0.45],
    parts: { belly: { colour: 'light-grey' }, body: { colour: 'blue' }, eye: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const R = Math.min(D / 2, H * 0.42);
      return {
        parts: {
          belly: box(W * 0.2, cy - R * 0.6, 0, W * 0.6, R * 1.2, 2),
          body: union(
            egg(W * 0.55, cy, R + 1, R, W / (2.4 * R)),
            // The tail: a wedge rising from the back, flukes across the top.
            box(0, cy - 1, 2, W * 0.2, 2, R),
            box(0, cy - R * 0.8, R + 1, W * 0.1, R * 1.6, 2),
          ),
          // Through the body: black on both sides, with blue above and below it.
          eye: box(W * 0.8, 0, R * 0.9, 2, D, 2),
        },
      };
    },
  },
  {
    id: 'frog',
    body: 'body',
    words: ['frog', 'toad'],
    ratio: [1, 0.85, 0.5],
    parts: { body: { colour: 'green' }, eyes: { colour: 'white' }, pupils: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const R = Math.min(W * 0.38, D * 0.42);
      const er = Math.max(1.5, R * 0.28);
      const ez = Math.min(H - er, R * 0.9 + er * 0.6);
      return {
        parts: {
          body: union(
            {
              type: 'place',
              transform: { scale: [1, 1, 0.75] },
              child: ball(W * 0.5, cy, (R * 0.55) / 0.75 + 0.5, R),
            },
            // Back legs folded at the sides, front legs forward.
            mirror('y', cy, box(W * 0.1, 0, 0, W * 0.45, D * 0.22, t(H * 0.35))),
            mirror('y', cy, box(W * 0.6, cy - R * 0.7, 0, W * 0.4, 2, 2)),
          ),
          eyes: mirror('y', cy, ball(W * 0.68, cy - R * 0.45, ez, er)),
          pupils: mirror('y', cy, box(W * 0.68 + er - 1, cy - R * 0.45 - 0.5, ez, 2, 1, 1)),
        },
      };
    },
  },
  {
    id: 'snail',
    body: 'body',
    words: ['snail', 'slug'],
    ratio: [1, 0.42, 0.7],
    parts: { body: { colour: 'tan' }, shell: { colour: 'orange' }, spiral: { colour: 'brown' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const R = Math.min(W * 0.32, (H - 2) / 2);
      const sx = W * 0.45;
      const sz = 2 + R;
      const shellT = Math.max(2, r(D * 0.6));
      const y0 = cy - shellT / 2;
      const disc = (radius: number, x: number, z: number, dy: number, thick: number): DesignNode => ({
        type: 'place',
        transform: { rotate: [1, 0, 0], translate: [x, dy + thick, z] },
        child: cyl(0, 0, 0, radius, thick),
      });
      return {
        parts: {
          // The foot along the ground, the head up at the front with two feelers.
          body: union(
            box(0, cy - D * 0.3, 0, W, D * 0.6, 2),
            box(W * 0.78, cy - 1.5, 0, W * 0.14, 3, H * 0.55),
            mirror('y', cy, box(W * 0.82, cy - 1.5, H * 0.55 - 1, 1, 1, H * 0.45 + 1)),
          ),
          shell: disc(R, sx, sz, y0, shellT),
          spiral: union(
            disc(R * 0.6, sx, sz, y0 - 0.5, shellT + 1),
            disc(R * 0.25, sx + R * 0.15, sz, y0 - 1, shellT + 2),
          ),
        },
      };
    },
  },
  {
    id: 'butterfly',
    body: 'wings',
    words: ['butterfly', 'moth'],
    ratio: [1, 0.25, 0.85],
    parts: {
      stand: { colour: 'dark-grey' },
      wings: { colour: 'purple', stripes: 'yellow' },
      body: { colour: 'black' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cx = W / 2;
      const a = H - 2;
      const thick = Math.max(2, r(D * 0.4));
      const y = D / 2 - thick / 2;
      // Wings: two discs a side, upright, the lower ones standing on the base, the upper ones on them.
      const rl = Math.min(W * 0.2, a * 0.22);
      const ru = Math.min(W * 0.26, a * 0.3);
      const wing = (x: number, z: number, radius: number): DesignNode => ({
        type: 'place',
        transform: { rotate: [1, 0, 0], translate: [x, y + thick, z] },
        child: cyl(0, 0, 0, radius, thick),
      });
      const lowerZ = 1.5 + rl;
      const upperZ = 2 + 2 * rl + ru * 0.55;
      return {
        parts: {
          stand: box(cx - W * 0.4, 0, 0, W * 0.8, D, 2),
          wings: union(
            mirror('x', cx, wing(cx - rl * 0.9, lowerZ, rl)),
            mirror('x', cx, wing(cx - ru * 0.95, upperZ, ru)),
          ),
          body: box(cx - 1, y - 1, 1, 2, thick + 2, upperZ + ru * 0.6),
        },
        stripeWidth: Math.max(2, r(a / 7)),
      };
    },
  },
];
