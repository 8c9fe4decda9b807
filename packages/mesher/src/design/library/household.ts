// Furniture at decorative scale and everyday objects: cups and pots, a clock, a crown, a cake, fruit,
// a guitar, a candle, a present, dice, a ball, a key. Flat things (a guitar, an anchor, a clock's
// face) stand upright on a foot, facing +y, where the preview looks at them.

import type { DesignNode, Vec2 } from '../program';
import { around, ball, box, cone, cyl, mirror, repeat, revolve, subtract, union } from '../shapes';
import { type LibraryDesign, r, t, upright } from './types';

/** An upright disc facing y, `thick` deep from y0, centred at (x, z). */
function faceY(x: number, y0: number, z: number, radius: number, thick: number): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [x, y0 + thick, z] },
    child: cyl(0, 0, 0, radius, thick),
  };
}

export const FURNISHINGS: LibraryDesign[] = [
  {
    id: 'bed',
    body: 'blanket',
    words: ['bed', 'bunk', 'cot'],
    ratio: [1, 0.6, 0.4],
    parts: {
      frame: { colour: 'brown' },
      mattress: { colour: 'white' },
      blanket: { colour: 'blue' },
      pillow: { colour: 'white' },
    },
    params: [],
    build([W, D, H]) {
      const legH = t(H * 0.2);
      const mTop = legH + t(H * 0.3);
      return {
        parts: {
          // Legs every ten cells or so along both sides: the frame cannot span more.
          frame: union(
            mirror(
              'y',
              D / 2,
              repeat(
                Math.max(2, Math.ceil(W / 10)),
                [(W - 2) / (Math.max(2, Math.ceil(W / 10)) - 1), 0, 0],
                box(0, 0, 0, 2, 2, legH + 1),
              ),
            ),
            box(W / 2 - 1, D / 2 - 1, 0, 2, 2, legH + 1),
            box(0, 0, legH, W, D, 2),
            box(0, 0, 0, 2, D, H),
            box(W - 2, 0, 0, 2, D, mTop + 1),
          ),
          mattress: box(2, 0, legH + 2, W - 4, D, Math.max(1, mTop - legH - 2)),
          blanket: box(W * 0.35, 0, mTop - 1, W * 0.65 - 2, D, 2),
          pillow: box(2, D * 0.15, mTop - 1, W * 0.2, D * 0.7, 3),
        },
      };
    },
  },
  {
    id: 'sofa',
    body: 'sofa',
    words: ['sofa', 'couch', 'settee', 'loveseat'],
    ratio: [1, 0.45, 0.45],
    parts: { feet: { colour: 'dark-grey' }, sofa: { colour: 'red' }, cushions: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const seatZ = t(H * 0.4);
      const arm = Math.max(2, r(W * 0.1));
      return {
        parts: {
          feet: box(1, 1, 0, W - 2, D - 2, 2),
          sofa: union(
            box(0, 0, 2, W, D, seatZ - 2),
            box(0, D - Math.max(2, r(D * 0.3)), seatZ, W, Math.max(2, r(D * 0.3)), H - seatZ),
            box(0, 0, seatZ, arm, D, r((H - seatZ) * 0.55)),
            box(W - arm, 0, seatZ, arm, D, r((H - seatZ) * 0.55)),
          ),
          cushions: repeat(
            2,
            [(W - 2 * arm) / 2, 0, 0],
            box(arm + 0.5, 0, seatZ, (W - 2 * arm) / 2 - 1, D - Math.max(2, r(D * 0.3)), 2),
          ),
        },
      };
    },
  },
  {
    id: 'wardrobe',
    body: 'wardrobe',
    words: ['wardrobe', 'cupboard', 'closet', 'armoire'],
    ratio: [0.6, 0.35, 1],
    parts: { wardrobe: { colour: 'brown' }, doors: { colour: 'tan' }, handles: { colour: 'dark-grey' } },
    params: [],
    build([W, D, H]) {
      const door = (W - 3) / 2;
      return {
        parts: {
          wardrobe: box(0, 0, 0, W, D, H),
          // Two doors, each resting on the plinth and carrying the cornice, on both long sides.
          doors: union(box(1, 0, 2, door, D, H - 4), box(2 + door, 0, 2, door, D, H - 4)),
          handles: union(box(door - 1, 0, H * 0.5, 1, D, 2), box(door + 3, 0, H * 0.5, 1, D, 2)),
        },
      };
    },
  },
  {
    id: 'piano',
    body: 'piano',
    words: ['piano', 'keyboard', 'grand piano'],
    ratio: [1, 0.5, 0.8],
    parts: { piano: { colour: 'black' }, keys: { colour: 'white' }, sharps: { colour: 'black' } },
    params: [],
    minSize: 16,
    build([W, D, H]) {
      const keysZ = r(H * 0.45);
      const back = Math.max(2, r(D * 0.45));
      const keysD = D - back;
      const keys = Math.max(3, Math.floor(W / 4));
      return {
        parts: {
          // The keyboard faces +y, the side the preview shows.
          piano: union(
            box(0, 0, 0, W, back, H),
            // Legs at the front corners carry the keyboard's shelf.
            mirror('x', W / 2, box(0, D - 2, 0, 2, 2, keysZ)),
            box(0, back, keysZ - 2, W, keysD, 2),
          ),
          keys: box(2, back, keysZ, W - 4, keysD, 2),
          sharps: repeat(keys, [(W - 4) / keys, 0, 0], box(3, back, keysZ + 1, 1, keysD * 0.65, 2)),
        },
      };
    },
  },
];

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
