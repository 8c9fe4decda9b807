// Small buildings: an igloo, a tent, a kennel, a birdhouse, a treehouse, a well. Their doors and
// openings look along +x, a side the preview shows.

import type { DesignNode } from '../program';
import { ball, box, cyl, mirror, prism, revolve, subtract, union } from '../shapes';
import { type LibraryDesign, r } from './types';

/** A tunnel along x (a door, an arch): a box under a half-round top, from x0, `depth` long. */
export function archX(
  x0: number,
  y: number,
  z: number,
  width: number,
  height: number,
  depth: number,
): DesignNode {
  const rad = width / 2;
  return union(box(x0, y - rad, z, depth, width, Math.max(1, height - rad)), {
    type: 'place',
    transform: { rotate: [0, 1, 0], translate: [x0, y, z + height - rad] },
    child: cyl(0, 0, 0, rad, depth),
  });
}

/** The same tunnel along y, from y0. */
export function archY(
  x: number,
  y0: number,
  z: number,
  width: number,
  height: number,
  depth: number,
): DesignNode {
  const rad = width / 2;
  return union(box(x - rad, y0, z, width, depth, Math.max(1, height - rad)), {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [x, y0 + depth, z + height - rad] },
    child: cyl(0, 0, 0, rad, depth),
  });
}

/** A round hole along x (a birdhouse's door), from x0, centred at (y, z). */
function discHole(x0: number, y: number, z: number, radius: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [0, 1, 0], translate: [x0, y, z] },
    child: cyl(0, 0, 0, radius, 4),
  };
}

export const PLACES: LibraryDesign[] = [
  {
    id: 'igloo',
    body: 'snow',
    words: ['igloo'],
    ratio: [1, 1, 0.5],
    parts: { snow: { colour: 'white' } },
    params: [],
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = Math.min(W / 2 - 1, H);
      const tunnel = Math.max(4, r(R * 0.7));
      return {
        parts: {
          snow: union(
            revolve(cx, cy, 0, [
              [R, 0],
              [R * 0.92, H * 0.4],
              [R * 0.7, H * 0.72],
              [R * 0.35, H * 0.93],
              [0.5, H],
            ]),
            box(cx, cy - tunnel / 2, 0, W / 2, tunnel, tunnel * 0.85),
          ),
        },
        carve: archX(W - 3, cy, 0, Math.max(2, tunnel - 2), Math.max(3, tunnel * 0.7), 3),
      };
    },
  },
  {
    id: 'tent',
    body: 'canvas',
    words: ['tent', 'teepee', 'tipi', 'wigwam'],
    ratio: [1, 0.8, 0.6],
    parts: { ground: { colour: 'green' }, canvas: { colour: 'orange' } },
    params: [],
    build([W, D, H]) {
      return {
        parts: {
          ground: box(0, 0, 0, W, D, 2),
          canvas: prism(0, 0, 2, W, D, H - 2),
        },
        carve: box(W - 2, D / 2 - Math.max(1, D * 0.15), 2, 3, Math.max(2, D * 0.3), (H - 2) * 0.5),
      };
    },
  },
  {
    id: 'kennel',
    body: 'walls',
    words: ['kennel', 'doghouse', 'dog house', 'dog kennel'],
    ratio: [1, 0.8, 0.85],
    parts: { walls: { colour: 'red' }, roof: { colour: 'dark-grey' }, base: { colour: 'brown' } },
    params: [],
    build([W, D, H]) {
      const wallH = r(H * 0.55);
      return {
        parts: {
          base: box(0, 0, 0, W, D, 2),
          walls: box(1, 1, 2, W - 2, D - 2, wallH - 2),
          roof: {
            type: 'place',
            transform: { rotate: [0, 0, 1], translate: [W, 0, 0] },
            child: prism(0, 0, wallH, D, W, H - wallH),
          },
        },
        carve: archX(W - 3, D / 2, 2, Math.max(2, r(D * 0.4)), Math.max(3, r(wallH * 0.75)), 4),
      };
    },
  },
  {
    id: 'birdhouse',
    body: 'house',
    words: ['birdhouse', 'bird house', 'nest box', 'nesting box'],
    ratio: [0.6, 0.6, 1],
    parts: {
      base: { colour: 'dark-grey' },
      post: { colour: 'brown' },
      house: { colour: 'yellow' },
      roof: { colour: 'red' },
    },
    params: [],
    minSize: 16,
    maxSize: 48,
    build([W, D, H]) {
      const postW = Math.max(2, r(W * 0.35));
      const houseZ = r(H * 0.4);
      const roofZ = r(H * 0.78);
      return {
        parts: {
          base: box(0, 0, 0, W, D, 2),
          post: box(W / 2 - postW / 2, D / 2 - postW / 2, 2, postW, postW, houseZ),
          house: box(W * 0.12, D * 0.12, houseZ, W * 0.76, D * 0.76, roofZ - houseZ),
          roof: prism(0, 0, roofZ, W, D, H - roofZ),
        },
        carve: discHole(W * 0.88 - 2, D / 2, houseZ + (roofZ - houseZ) * 0.55, Math.max(1, W * 0.1)),
      };
    },
  },
  {
    id: 'treehouse',
    body: 'hut',
    words: ['treehouse', 'tree house'],
    ratio: [1, 1, 1],
    parts: {
      trunk: { colour: 'brown' },
      platform: { colour: 'tan' },
      hut: { colour: 'dark-red' },
      roof: { colour: 'dark-grey' },
      leaves: { colour: 'green' },
    },
    params: [],
    minSize: 20,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const tr = Math.max(2, W * 0.1);
      const deck = r(H * 0.3);
      const hutTop = r(H * 0.5);
      const roofH = Math.max(2, r(H * 0.08));
      // The crown: a flattened ball above the hut's roof, wider than it is tall.
      const crown = Math.max(3, (H - hutTop - roofH) / 2);
      const spread = Math.min(1.8, (Math.min(W, D) * 0.48) / crown);
      return {
        parts: {
          // The trunk and four posts carry the platform; the crown rests on the trunk's top.
          trunk: union(
            cyl(cx, cy, 0, tr, H - crown),
            mirror('x', cx, mirror('y', cy, box(W * 0.18, D * 0.18, 0, 2, 2, deck))),
          ),
          platform: box(W * 0.15, D * 0.15, deck, W * 0.7, D * 0.7, 2),
          hut: box(W * 0.45, D * 0.2, deck + 2, W * 0.38, D * 0.6, hutTop - deck - 2),
          roof: prism(W * 0.42, D * 0.17, hutTop, W * 0.44, D * 0.66, roofH),
          leaves: {
            type: 'place',
            transform: { scale: [spread, spread, 1] },
            child: ball(cx / spread, cy / spread, H - crown, crown),
          },
        },
        carve: box(W * 0.83 - 1, cy - 1, deck + 2, 2, 2, Math.max(2, (hutTop - deck - 2) * 0.7)),
      };
    },
  },
  {
    id: 'well',
    body: 'wall',
    words: ['well', 'wishing well'],
    ratio: [0.8, 0.8, 1],
    parts: {
      wall: { colour: 'light-grey' },
      posts: { colour: 'brown' },
      roof: { colour: 'red' },
      water: { colour: 'blue' },
    },
    params: [],
    minSize: 16,
    maxSize: 48,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = Math.min(W, D) / 2;
      const wallH = r(H * 0.3);
      const roofZ = r(H * 0.72);
      const pw = Math.max(2, r(W * 0.12));
      return {
        parts: {
          wall: subtract(cyl(cx, cy, 0, R, wallH), cyl(cx, cy, 3, R - 2, wallH)),
          // The water: one layer on the well's floor.
          water: cyl(cx, cy, 2, R - 2, 1),
          // Posts from the ground up through the wall, carrying a roof that is a shell, not a solid.
          posts: union(
            mirror('x', cx, box(cx - R + 0.5, cy - pw / 2, 0, pw, pw, roofZ)),
            box(cx - R + 0.5, cy - 1, roofZ - 2, 2 * R - 1, 2, 2),
          ),
          roof: subtract(
            prism(0, 0, roofZ, W, D, H - roofZ),
            prism(3, 3, roofZ, W - 6, D - 6, H - roofZ - 3),
          ),
        },
      };
    },
  },
];
