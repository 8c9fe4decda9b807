// More vehicles: aircraft standing on the ground, a tractor, a fire engine, a police car and a
// submarine on a cradle. Fronts face +x (the preview's right-hand side).

import type { DesignNode, Vec2, Vec3 } from '../program';
import { ball, box, cyl, mirror, repeat, union } from '../shapes';
import { type LibraryDesign, r, t, wheels } from './types';

/** A cylinder lying along x from `x0`, its axis at (y, z). */
function alongX(x0: number, y: number, z: number, radius: number, length: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [0, 1, 0], translate: [x0, y, z] },
    child: cyl(0, 0, 0, radius, length),
  };
}

/** An upright wheel (disc facing y) `thick` deep from y0, centred at (x, z). */
export function disc(x: number, y0: number, z: number, radius: number, thick: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [x, y0 + thick, z] },
    child: cyl(0, 0, 0, radius, thick),
  };
}

/** The police car and the car share a body: wheels, a body, a cabin. */
function carBody([W, D, H]: Vec3) {
  const wr = Math.max(2, H * 0.28);
  const bodyZ = r(wr * 0.8);
  const bodyH = t(H * 0.35);
  const cabW = r(W * 0.45);
  return {
    wheels: wheels([W * 0.2, W * 0.8], wr, D),
    body: union(box(0, 1, bodyZ, W, D - 2, bodyH), box(W * 0.1, 2, 0, W * 0.8, D - 4, bodyZ + 1)),
    cabin: box((W - cabW) / 2, 2, bodyZ + bodyH, cabW, D - 4, H - bodyZ - bodyH - 1),
    bodyZ,
    bodyH,
    cabW,
  };
}

export const MACHINES: LibraryDesign[] = [
  {
    id: 'plane',
    body: 'fuselage',
    words: ['plane', 'aeroplane', 'airplane', 'aircraft', 'jet', 'airliner'],
    ratio: [1, 0.9, 0.35],
    parts: {
      wings: { colour: 'red' },
      fuselage: { colour: 'white' },
      tail: { colour: 'red' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const fr = Math.max(2, Math.min(H * 0.45, D * 0.12));
      const wingX = W * 0.4;
      const span = D / 2;
      // Parked low: the wings rest on the ground, the fuselage on them, the fin on the tail.
      const wing: Vec2[] = [
        [wingX, cy - 1],
        [wingX + W * 0.22, cy - 1],
        [wingX + W * 0.08, cy - span],
        [wingX - W * 0.02, cy - span],
      ];
      return {
        parts: {
          wings: union(
            mirror('y', cy, { type: 'extrude', at: [0, 0, 0], outline: wing, height: 2 }),
            mirror('y', cy, box(0, cy - span * 0.4, 0, W * 0.12, span * 0.4, 2)),
          ),
          fuselage: union(alongX(W * 0.04, cy, fr, fr, W * 0.86), ball(W * 0.9, cy, fr, fr)),
          // The fin stands on the tailplane and rises through the fuselage's end.
          tail: box(0, cy - 1, 1, W * 0.14, 2, H - 1),
        },
      };
    },
  },
  {
    id: 'helicopter',
    body: 'body',
    words: ['helicopter', 'chopper'],
    ratio: [1, 0.45, 0.55],
    parts: {
      skids: { colour: 'dark-grey' },
      body: { colour: 'yellow' },
      window: { colour: 'light-blue' },
      rotor: { colour: 'dark-grey' },
    },
    params: [],
    minSize: 16,
    maxSize: 48,
    build([W, D, H]) {
      const cy = D / 2;
      const br = Math.min(D / 2, H * 0.32);
      const bz = 2 + br;
      const bx = W * 0.62;
      const mastTop = H - 2;
      const blade = Math.min(W * 0.42, 14);
      return {
        parts: {
          skids: union(
            mirror('y', cy, box(W * 0.4, cy - br, 0, W * 0.5, 2, 2)),
            box(bx - br * 0.6, cy - br, 0, 2, br * 2, 3),
            box(bx + br * 0.4, cy - br, 0, 2, br * 2, 3),
          ),
          body: union(
            ball(bx, cy, bz, br),
            cyl(bx, cy, 2, br * 0.9, br),
            // The tail boom, its end on a tail skid; the fin at its end.
            box(W * 0.06, cy - 1, 0, 2, 2, bz + 1),
            box(W * 0.06, cy - 1, bz - 1, bx - W * 0.06, 2, 3),
            box(W * 0.03, cy - 1, bz, 3, 2, Math.max(3, H * 0.25)),
          ),
          window: box(bx + br * 0.35, cy - br * 0.6, bz, br * 0.7, br * 1.2, Math.max(2, br * 0.5)),
          rotor: union(
            cyl(bx, cy, bz + br - 1, 1, mastTop - bz - br + 2),
            box(bx - blade, cy - 1, mastTop, blade * 2, 2, 2),
          ),
        },
      };
    },
  },
  {
    id: 'tractor',
    body: 'body',
    words: ['tractor'],
    ratio: [1, 0.6, 0.75],
    parts: {
      wheels: { colour: 'black' },
      body: { colour: 'red' },
      windows: { colour: 'light-blue' },
      exhaust: { colour: 'dark-grey' },
    },
    params: [],
    minSize: 20,
    maxSize: 48,
    build([W, D, H]) {
      const big = Math.max(3, H * 0.36);
      const small = Math.max(2, H * 0.2);
      const bodyZ = r(small);
      const cabX = r(W * 0.08);
      const cabW = r(W * 0.38);
      const cabTop = H;
      return {
        parts: {
          wheels: union(
            mirror('y', D / 2, disc(W * 0.25, 0, big, big, 3)),
            mirror('y', D / 2, disc(W * 0.82, 1, small, small, 2)),
          ),
          // The body reaches into the wheels' inner faces, so each wheel carries it.
          body: union(
            box(W * 0.15, 2, bodyZ - 1, W * 0.8, D - 4, t(H * 0.28)),
            box(cabX, 2, bodyZ, cabW, D - 4, cabTop - bodyZ - 1),
            box(cabX - 1, 2, cabTop - 2, cabW + 2, D - 4, 2),
          ),
          windows: box(
            cabX,
            2,
            bodyZ + t(H * 0.28) + 1,
            cabW,
            D - 4,
            Math.max(2, cabTop - bodyZ - t(H * 0.28) - 4),
          ),
          exhaust: box(W * 0.72, D / 2 - 1, bodyZ + t(H * 0.28) - 2, 2, 2, H * 0.3),
        },
      };
    },
  },
  {
    id: 'fire-engine',
    body: 'body',
    words: ['fire engine', 'fire truck', 'firetruck', 'fire brigade'],
    ratio: [1, 0.38, 0.5],
    parts: {
      wheels: { colour: 'black' },
      body: { colour: 'red' },
      stripe: { colour: 'white' },
      windows: { colour: 'light-blue' },
      ladder: { colour: 'light-grey' },
      light: { colour: 'blue' },
    },
    params: [],
    build([W, D, H]) {
      const wr = Math.max(2, H * 0.22);
      const z0 = r(wr);
      const bodyTop = H - 3;
      const cabX = r(W * 0.75);
      return {
        parts: {
          wheels: wheels([W * 0.15, W * 0.45, W * 0.85], wr, D),
          body: union(box(W * 0.05, 2, 0, W * 0.9, D - 4, z0 + 1), box(0, 1, z0, W, D - 2, bodyTop - z0)),
          stripe: box(
            0,
            1,
            z0 + r((bodyTop - z0) * 0.35),
            cabX,
            D - 2,
            Math.max(1, r((bodyTop - z0) * 0.15)),
          ),
          windows: box(
            cabX + 1,
            1,
            z0 + r((bodyTop - z0) * 0.55),
            W - cabX - 1,
            D - 2,
            Math.max(2, r((bodyTop - z0) * 0.3)),
          ),
          // The ladder lies along the roof on two rails.
          ladder: union(
            mirror('y', D / 2, box(W * 0.08, 2, bodyTop, W * 0.62, 1, 2)),
            repeat(Math.max(3, Math.floor((W * 0.6) / 4)), [4, 0, 0], box(W * 0.1, 2, bodyTop, 1, D - 4, 2)),
          ),
          light: box(cabX + 2, D / 2 - 1, bodyTop, 3, 2, 2),
        },
      };
    },
  },
  {
    id: 'police-car',
    body: 'body',
    words: ['police car', 'patrol car', 'cop car'],
    ratio: [1, 0.48, 0.45],
    parts: {
      wheels: { colour: 'black' },
      body: { colour: 'white' },
      stripe: { colour: 'blue' },
      cabin: { colour: 'light-blue' },
      lights: { colour: 'blue' },
    },
    params: [],
    build(b) {
      const [W, D, H] = b;
      const c = carBody(b);
      return {
        parts: {
          wheels: c.wheels,
          body: c.body,
          stripe: box(0, 1, c.bodyZ + 1, W, D - 2, Math.max(1, r(c.bodyH * 0.35))),
          cabin: c.cabin,
          lights: box(W / 2 - 2, D / 2 - 2, H - 2, 4, 4, 2),
        },
      };
    },
  },
  {
    id: 'submarine',
    body: 'hull',
    words: ['submarine', 'sub', 'u-boat'],
    ratio: [1, 0.3, 0.42],
    parts: {
      cradle: { colour: 'dark-grey' },
      hull: { colour: 'yellow' },
      window: { colour: 'light-blue' },
    },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const cy = D / 2;
      const hr = Math.min(D / 2, H * 0.34);
      const hz = 2 + hr - 1;
      return {
        parts: {
          cradle: union(
            box(W * 0.2, cy - hr * 0.7, 0, W * 0.12, hr * 1.4, 3),
            box(W * 0.65, cy - hr * 0.7, 0, W * 0.12, hr * 1.4, 3),
            box(W * 0.04, cy - 1, 0, W * 0.3, 2, 1),
          ),
          hull: union(
            {
              type: 'place',
              transform: { scale: [W / (2.2 * hr), 1, 1] },
              child: ball((W * 0.52) / (W / (2.2 * hr)), cy, hz, hr),
            },
            // The tower on top, a periscope on it.
            box(
              W * 0.45,
              cy - Math.max(1, hr * 0.4),
              hz + hr - 1,
              W * 0.18,
              Math.max(2, hr * 0.8),
              Math.max(2, H - (hz + hr) - 1),
            ),
            ...(H >= 14 ? [box(W * 0.55, cy - 1, H - 3, 2, 2, 3)] : []),
          ),
          // A window across the tower: blue on both sides, yellow above and below.
          window: box(W * 0.48, 0, hz + hr, W * 0.1, D, 2),
        },
      };
    },
  },
];
