// The procedural provider's library: designs people recognise, each a function from its size
// (bounds in cells) and typed, bounded parameters to the parts of a design-language program.
// Designs stand on their own footprint or on a plinth, keep every slab at least two layers thick
// and hang nothing from above, so the block layout can interlock them into one stable piece.

import type { PaletteColourId } from '../colour/palette';
import { BLOCK_FONT, BLOCK_FONT_HEIGHT, BLOCK_FONT_WIDTH } from './block-font';
import type { DesignNode, Vec2, Vec3 } from './program';
import {
  around,
  ball,
  box,
  cone,
  cyl,
  extrude,
  mirror,
  move,
  prism,
  repeat,
  revolve,
  subtract,
  union,
} from './shapes';

export interface DesignParam {
  id: string;
  min: number;
  max: number;
  default: number;
}

export interface PartLook {
  colour: PaletteColourId;
  /** The part is striped by default, with this second colour. */
  stripes?: PaletteColourId;
}

export interface DesignBuild {
  /** A node per part; a part a parameter turns off (a house without a chimney) is left out. */
  parts: Record<string, DesignNode>;
  /** Cells emptied after every part is drawn (doors, windows). */
  carve?: DesignNode;
  /** Height of each stripe (cells) where a part is striped; 3 when not given. */
  stripeWidth?: number;
}

export interface LibraryDesign {
  id: string;
  /** Words that name it, singular, lower case; the first is its name. */
  words: string[];
  /** Width, depth, height as fractions of the longest side. */
  ratio: Vec3;
  /** Parts in drawing order with their default look. */
  parts: Record<string, PartLook>;
  /** The part a colour without a part ("a red lighthouse") goes to; the first part if not given. */
  body?: string;
  params: DesignParam[];
  /** Smallest longest side at which the design keeps its features. */
  minSize?: number;
  build(bounds: Vec3, params: Record<string, number>, text: string): DesignBuild;
}

/** At least two cells: the thinnest a slab or wall the layout interlocks. */
const t = (v: number) => Math.max(2, Math.round(v));
const r = Math.round;

const param = (id: string, min: number, max: number, def: number): DesignParam => ({
  id,
  min,
  max,
  default: def,
});

/** A flat outline (x, z) stood upright, `thickness` deep from y = at[1]. */
function upright(outline: Vec2[], thickness: number, at: Vec3): DesignNode {
  return {
    type: 'place',
    transform: { rotate: [1, 0, 0], translate: [at[0], at[1] + thickness, at[2]] },
    child: extrude(0, 0, 0, outline, thickness),
  };
}

/** A wheel of radius `radius` facing sideways, its centre at (x, ·, radius), on both sides of the body. */
function wheels(xs: number[], radius: number, D: number): DesignNode {
  return union(
    ...xs.map((x) =>
      mirror('y', D / 2, {
        type: 'place',
        transform: { rotate: [1, 0, 0], translate: [x, 2, radius] },
        child: cyl(0, 0, 0, radius, 2),
      }),
    ),
  );
}

/** A gable house body: walls, a prism roof along x, a door carved in the front. */
function house(W: number, D: number, H: number, wallShare: number) {
  const wallH = t(H * wallShare);
  return {
    walls: box(0, 0, 0, W, D, wallH),
    roof: prism(0, 0, wallH, W, D, H - wallH),
    wallH,
  };
}

export const LIBRARY: LibraryDesign[] = [
  {
    id: 'lighthouse',
    body: 'tower',
    words: ['lighthouse', 'beacon'],
    ratio: [0.42, 0.42, 1],
    parts: {
      base: { colour: 'dark-grey' },
      tower: { colour: 'red', stripes: 'white' },
      gallery: { colour: 'black' },
      'lamp room': { colour: 'yellow' },
      roof: { colour: 'red' },
    },
    params: [param('stripes', 2, 8, 4), param('taper', 0, 45, 30), param('gallery', 0, 1, 1)],
    minSize: 16,
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const baseH = t(H * 0.08);
      const r0 = W / 2 - 1;
      const top = Math.max(2.5, r0 * (1 - p.taper! / 100));
      const lampH = t(H * 0.12);
      const galleryH = p.gallery ? 2 : 0;
      const roofH = t(H * 0.12);
      const towerH = H - baseH - lampH - galleryH - roofH;
      const z1 = baseH + towerH;
      return {
        parts: {
          base: cyl(cx, cy, 0, W / 2, baseH),
          tower: cone(cx, cy, baseH, r0, top, towerH),
          ...(p.gallery ? { gallery: cyl(cx, cy, z1, Math.min(W / 2, top + 1.5), galleryH) } : {}),
          'lamp room': cyl(cx, cy, z1 + galleryH, Math.max(2, top - 0.5), lampH),
          roof: cone(cx, cy, z1 + galleryH + lampH, top, 0.5, H - (z1 + galleryH + lampH)),
        },
        stripeWidth: Math.max(1, Math.round(towerH / (2 * p.stripes!))),
      };
    },
  },
  {
    id: 'windmill',
    words: ['windmill', 'mill'],
    ratio: [0.7, 0.5, 1],
    parts: { tower: { colour: 'tan' }, cap: { colour: 'dark-red' }, sails: { colour: 'white' } },
    params: [param('taper', 0, 40, 25)],
    minSize: 18,
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2 + 1;
      const r0 = D / 2 - 1;
      const towerH = r(H * 0.72);
      const top = Math.max(2.5, r0 * (1 - p.taper! / 100));
      const arm = t(W * 0.22);
      const front = cy - top - 1;
      const hub = Math.min(towerH - 2, (H - 2) / 2);
      const reach = Math.min(cx, hub);
      return {
        parts: {
          tower: cone(cx, cy, 0, r0, top, towerH),
          cap: cone(cx, cy, towerH, top + 0.5, 0.5, H - towerH),
          // Four sails as an X about the hub, the lower two standing on the ground.
          sails: union(
            mirror(
              'x',
              cx,
              upright(
                [
                  [cx - reach, 0],
                  [cx - reach + arm * 1.5, 0],
                  [cx + reach, hub * 2 - arm * 1.5],
                  [cx + reach, hub * 2],
                ],
                4,
                [0, front - 4, 0],
              ),
            ),
            box(cx - arm / 2, front - 4, hub - arm / 2, arm, front + 1, arm),
          ),
        },
      };
    },
  },
  {
    id: 'castle',
    words: ['castle', 'fort', 'fortress', 'palace'],
    ratio: [1, 0.8, 0.75],
    parts: {
      walls: { colour: 'light-grey' },
      towers: { colour: 'dark-grey' },
      roofs: { colour: 'blue' },
      gate: { colour: 'brown' },
      // Drawn last so the whole footprint's two lowest layers are one slab that ties the rest.
      ground: { colour: 'green' },
    },
    params: [param('towers', 0, 1, 1), param('roofs', 0, 1, 1)],
    minSize: 18,
    build([W, D, H], p) {
      const tr = t(W * 0.12);
      const wallH = r(H * 0.5);
      const towerH = r(H * (p.roofs ? 0.72 : 0.95));
      const th = t(W * 0.08);
      const merlon = (len: number, z: number, along: 'x' | 'y') =>
        along === 'x'
          ? repeat(Math.floor(len / 4), [4, 0, 0], box(0, 0, z, 2, th, 2))
          : repeat(Math.floor(len / 4), [0, 4, 0], box(0, 0, z, th, 2, 2));
      const corners: Vec2[] = [
        [tr, tr],
        [W - tr, tr],
        [tr, D - tr],
        [W - tr, D - tr],
      ];
      return {
        parts: {
          ground: box(0, 0, 0, W, D, 2),
          walls: union(
            subtract(
              box(tr / 2, tr / 2, 0, W - tr, D - tr, wallH),
              box(tr / 2 + th, tr / 2 + th, 2, W - tr - 2 * th, D - tr - 2 * th, wallH),
            ),
            move([tr / 2, tr / 2, 0], merlon(W - tr, wallH, 'x')),
            move([tr / 2, D - tr / 2 - th, 0], merlon(W - tr, wallH, 'x')),
          ),
          ...(p.towers
            ? {
                towers: union(...corners.map(([x, y]) => cyl(x, y, 0, tr, towerH))),
                roofs: p.roofs
                  ? union(...corners.map(([x, y]) => cone(x, y, towerH, tr + 0.5, 0.5, H - towerH)))
                  : union(...corners.map(([x, y]) => cyl(x, y, towerH, tr, 2))),
              }
            : {}),
          gate: box(W / 2 - 2, tr / 2 - 1, 0, 4, th + 1, Math.min(wallH - 2, t(H * 0.3))),
        },
      };
    },
  },
  {
    id: 'rocket',
    words: ['rocket', 'spaceship', 'spacecraft', 'missile'],
    ratio: [0.45, 0.45, 1],
    parts: {
      body: { colour: 'white' },
      nose: { colour: 'red' },
      fins: { colour: 'red' },
      window: { colour: 'light-blue' },
    },
    params: [param('fins', 3, 6, 4)],
    minSize: 16,
    build([W, D, H], p) {
      const cx = W / 2;
      const cy = D / 2;
      const br = Math.max(2.5, W * 0.22);
      const bodyH = r(H * 0.7);
      const finH = r(H * 0.3);
      return {
        parts: {
          body: cyl(cx, cy, 0, br, bodyH),
          nose: cone(cx, cy, bodyH, br, 0.5, H - bodyH),
          fins: around(p.fins!, [cx, cy], box(cx - 1, cy, 0, 2, W / 2, finH)),
          window: cyl(cx, cy - br + 0.5, r(H * 0.45), 1.5, 3),
        },
      };
    },
  },
  {
    id: 'car',
    body: 'body',
    words: ['car', 'automobile', 'taxi', 'racer', 'racecar'],
    ratio: [1, 0.48, 0.42],
    parts: { body: { colour: 'red' }, cabin: { colour: 'light-blue' }, wheels: { colour: 'black' } },
    params: [param('cabin', 30, 60, 45)],
    build([W, D, H], p) {
      const wr = Math.max(2, H * 0.28);
      const bodyZ = r(wr * 0.8);
      const bodyH = t(H * 0.35);
      const cabW = r((W * p.cabin!) / 100);
      return {
        parts: {
          wheels: wheels([W * 0.2, W * 0.8], wr, D),
          body: union(box(0, 1, bodyZ, W, D - 2, bodyH), box(W * 0.1, 2, 0, W * 0.8, D - 4, bodyZ + 1)),
          cabin: box((W - cabW) / 2, 2, bodyZ + bodyH, cabW, D - 4, H - bodyZ - bodyH),
        },
      };
    },
  },
  {
    id: 'truck',
    body: 'body',
    words: ['truck', 'lorry', 'van'],
    ratio: [1, 0.45, 0.5],
    parts: { body: { colour: 'blue' }, cab: { colour: 'red' }, wheels: { colour: 'black' } },
    params: [],
    build([W, D, H]) {
      const wr = Math.max(2, H * 0.22);
      const z0 = r(wr);
      return {
        parts: {
          wheels: wheels([W * 0.15, W * 0.6, W * 0.82], wr, D),
          body: union(
            box(r(W * 0.32), 1, z0, W - r(W * 0.32), D - 2, H - z0),
            box(W * 0.05, 2, 0, W * 0.9, D - 4, z0 + 1),
          ),
          cab: box(0, 1, z0, r(W * 0.32), D - 2, r((H - z0) * 0.8)),
        },
      };
    },
  },
  {
    id: 'bus',
    body: 'body',
    words: ['bus', 'coach', 'tram'],
    ratio: [1, 0.38, 0.5],
    parts: { body: { colour: 'yellow' }, windows: { colour: 'light-blue' }, wheels: { colour: 'black' } },
    params: [param('windows', 3, 8, 5)],
    build([W, D, H], p) {
      const wr = Math.max(2, H * 0.2);
      const z0 = r(wr);
      const n = p.windows!;
      const gap = W / n;
      return {
        parts: {
          wheels: wheels([W * 0.2, W * 0.8], wr, D),
          body: box(0, 1, z0, W, D - 2, H - z0),
          windows: repeat(
            n,
            [gap, 0, 0],
            box(gap * 0.2, 0.5, z0 + r((H - z0) * 0.5), gap * 0.6, D - 1, t((H - z0) * 0.3)),
          ),
        },
      };
    },
  },
  {
    id: 'train',
    body: 'body',
    words: ['train', 'locomotive', 'engine'],
    ratio: [1, 0.35, 0.55],
    parts: {
      body: { colour: 'dark-green' },
      cab: { colour: 'red' },
      chimney: { colour: 'black' },
      wheels: { colour: 'black' },
    },
    params: [],
    build([W, D, H]) {
      const wr = Math.max(2, H * 0.2);
      const z0 = r(wr);
      const br = (D - 2) / 2;
      const boilerW = r(W * 0.65);
      return {
        parts: {
          wheels: wheels([W * 0.15, W * 0.4, W * 0.75], wr, D),
          body: union(box(0, 1, z0, W, D - 2, 2), box(W * 0.05, 2, 0, W * 0.9, D - 4, z0 + 1), {
            type: 'place',
            transform: { rotate: [0, 1, 0], translate: [0, D / 2, z0 + br] },
            child: cyl(0, 0, 0, br, boilerW),
          }),
          cab: box(boilerW, 1, z0, W - boilerW, D - 2, H - z0),
          chimney: cyl(r(W * 0.15), D / 2, z0 + 2, Math.max(1.5, br * 0.5), H - z0 - 2 - r(H * 0.1)),
        },
      };
    },
  },
  {
    id: 'boat',
    words: ['boat', 'ship', 'ferry', 'tugboat'],
    ratio: [1, 0.4, 0.55],
    parts: { hull: { colour: 'red' }, deck: { colour: 'white' }, funnel: { colour: 'black' } },
    params: [param('bow', 10, 35, 22)],
    build([W, D, H], p) {
      const hullH = t(H * 0.4);
      const bow = (W * p.bow!) / 100;
      const outline: Vec2[] = [
        [0, 1],
        [W - bow, 0],
        [W, D / 2],
        [W - bow, D],
        [0, D - 1],
      ];
      return {
        parts: {
          hull: extrude(0, 0, 0, outline, hullH),
          deck: box(r(W * 0.2), 2, hullH, r(W * 0.45), D - 4, t(H * 0.28)),
          funnel: cyl(
            r(W * 0.4),
            D / 2,
            hullH + t(H * 0.28),
            Math.max(1.5, D * 0.16),
            H - hullH - t(H * 0.28),
          ),
        },
      };
    },
  },
  {
    id: 'sailboat',
    body: 'hull',
    words: ['sailboat', 'yacht', 'sailing'],
    ratio: [1, 0.35, 0.95],
    parts: { hull: { colour: 'brown' }, mast: { colour: 'brown' }, sail: { colour: 'white' } },
    params: [],
    build([W, D, H]) {
      const hullH = t(H * 0.18);
      const outline: Vec2[] = [
        [0, 1],
        [W * 0.8, 0],
        [W, D / 2],
        [W * 0.8, D],
        [0, D - 1],
      ];
      const mx = r(W * 0.45);
      return {
        parts: {
          hull: extrude(0, 0, 0, outline, hullH),
          mast: box(mx, D / 2 - 1, hullH, 2, 2, H - hullH),
          sail: upright(
            [
              [mx - W * 0.4, 0],
              [mx, 0],
              [mx, H * 0.75],
            ],
            2,
            [0, D / 2 - 1, hullH],
          ),
        },
      };
    },
  },
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
    words: ['flower', 'daisy', 'sunflower', 'tulip'],
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
    id: 'house',
    words: ['house', 'home', 'cottage', 'hut', 'cabin'],
    ratio: [1, 0.75, 0.85],
    parts: {
      walls: { colour: 'white' },
      roof: { colour: 'red' },
      door: { colour: 'brown' },
      chimney: { colour: 'dark-red' },
    },
    params: [param('roof', 35, 60, 45), param('chimney', 0, 1, 1)],
    build([W, D, H], p) {
      const h = house(W, D, H, 1 - p.roof! / 100);
      return {
        parts: {
          walls: h.walls,
          roof: h.roof,
          door: box(W / 2 - 1.5, 0, 0, 3, 1, Math.min(h.wallH - 2, t(h.wallH * 0.7))),
          ...(p.chimney ? { chimney: box(r(W * 0.72), r(D * 0.55), h.wallH, 2, 2, H - h.wallH) } : {}),
        },
        carve: union(
          repeat(
            2,
            [W * 0.5, 0, 0],
            box(W * 0.15, 0, h.wallH * 0.45, Math.max(1, W * 0.12), 1, Math.max(1, h.wallH * 0.3)),
          ),
        ),
      };
    },
  },
  {
    id: 'townhouse',
    words: ['townhouse', 'apartment', 'terrace'],
    ratio: [0.6, 0.5, 1],
    parts: { walls: { colour: 'tan' }, roof: { colour: 'dark-grey' }, door: { colour: 'dark-blue' } },
    params: [param('floors', 2, 5, 3)],
    build([W, D, H], p) {
      const h = house(W, D, H, 0.8);
      const floorH = h.wallH / p.floors!;
      return {
        parts: {
          walls: h.walls,
          roof: h.roof,
          door: box(W / 2 - 1.5, 0, 0, 3, 1, Math.min(floorH, t(floorH * 0.8))),
        },
        carve: repeat(
          p.floors! - 1,
          [0, 0, floorH],
          repeat(
            2,
            [W * 0.5, 0, 0],
            box(W * 0.15, 0, floorH * 1.3, Math.max(1, W * 0.18), 1, Math.max(1, floorH * 0.4)),
          ),
        ),
      };
    },
  },
  {
    id: 'barn',
    words: ['barn', 'farmhouse', 'stable', 'shed'],
    ratio: [1, 0.7, 0.7],
    parts: { walls: { colour: 'dark-red' }, roof: { colour: 'dark-grey' }, doors: { colour: 'white' } },
    params: [],
    build([W, D, H]) {
      const h = house(W, D, H, 0.55);
      return {
        parts: { walls: h.walls, roof: h.roof, doors: box(W * 0.35, 0, 0, W * 0.3, 1, h.wallH - 1) },
      };
    },
  },
  {
    id: 'church',
    words: ['church', 'chapel', 'cathedral', 'steeple'],
    ratio: [1, 0.5, 1],
    parts: {
      walls: { colour: 'light-grey' },
      roof: { colour: 'dark-grey' },
      steeple: { colour: 'white' },
      spire: { colour: 'dark-grey' },
      ground: { colour: 'dark-grey' },
    },
    params: [],
    build([W, D, H]) {
      const naveH = r(H * 0.55);
      const tw = t(W * 0.28);
      const towerH = r(H * 0.7);
      const wallH = t(naveH * 0.6);
      return {
        parts: {
          ground: box(0, 0, 0, W, D, 2),
          walls: box(tw, 0, 0, W - tw, D, wallH),
          roof: prism(tw, 0, wallH, W - tw, D, naveH - wallH),
          steeple: box(0, (D - tw) / 2, 0, tw, tw, towerH),
          spire: {
            type: 'place',
            transform: { translate: [tw / 2, D / 2, towerH] },
            child: cone(0, 0, 0, tw / 2 + 0.3, 0.3, H - towerH),
          },
        },
      };
    },
  },
  {
    id: 'temple',
    words: ['temple', 'parthenon', 'pavilion', 'rotunda'],
    ratio: [1, 0.65, 0.65],
    parts: { steps: { colour: 'white' }, columns: { colour: 'white' }, roof: { colour: 'tan' } },
    params: [param('columns', 4, 8, 6)],
    build([W, D, H], p) {
      const stepH = t(H * 0.12);
      const colH = r(H * 0.5);
      const slab = H >= 20 ? 3 : 2;
      const n = p.columns!;
      const cr = Math.max(1.2, W * 0.035);
      const gap = (W - 4 - 2 * cr) / (n - 1);
      return {
        parts: {
          steps: union(box(0, 0, 0, W, D, stepH / 2), box(1, 1, 0, W - 2, D - 2, stepH)),
          columns: union(
            repeat(n, [gap, 0, 0], cyl(2 + cr, 1 + cr + 0.5, stepH, cr, colH)),
            repeat(n, [gap, 0, 0], cyl(2 + cr, D - 1 - cr - 0.5, stepH, cr, colH)),
            box(W * 0.15, D * 0.25, stepH, W * 0.7, D * 0.5, colH),
          ),
          roof: union(
            box(1, 1, stepH + colH, W - 2, D - 2, slab),
            prism(1, 1, stepH + colH + slab, W - 2, D - 2, Math.max(1, H - stepH - colH - slab)),
          ),
        },
      };
    },
  },
  {
    id: 'pagoda',
    words: ['pagoda', 'shrine'],
    ratio: [0.8, 0.8, 1],
    parts: { floors: { colour: 'dark-red' }, roofs: { colour: 'dark-green' } },
    params: [param('tiers', 2, 5, 3)],
    build([W, D, H], p) {
      const n = p.tiers!;
      const tierH = H / n;
      const floors: DesignNode[] = [];
      const roofs: DesignNode[] = [];
      for (let i = 0; i < n; i++) {
        const inset = (W * 0.3 * i) / n;
        const z = r(i * tierH);
        const fh = t(tierH * 0.55);
        floors.push(box(inset + 2, inset + 2, z, W - 2 * inset - 4, D - 2 * inset - 4, fh));
        const R = (W - 2 * inset) / 2;
        roofs.push(
          revolve(W / 2, D / 2, z + fh, [
            [R - 1, 0],
            [R - 1, 2],
            [Math.max(2, R / 2), Math.max(3, r(tierH) - fh)],
          ]),
        );
      }
      return { parts: { floors: union(...floors), roofs: union(...roofs) } };
    },
  },
  {
    id: 'skyscraper',
    words: ['skyscraper', 'highrise', 'office'],
    ratio: [0.4, 0.4, 1],
    parts: { walls: { colour: 'light-blue', stripes: 'dark-grey' }, top: { colour: 'dark-grey' } },
    params: [param('setbacks', 1, 3, 2)],
    build([W, D, H], p) {
      const n = p.setbacks!;
      const step = (H * 0.9) / n;
      const tiers: DesignNode[] = [];
      for (let i = 0; i < n; i++) {
        const inset = i * Math.max(1, W * 0.1);
        tiers.push(box(inset, inset, r(i * step), W - 2 * inset, D - 2 * inset, r(step) + 1));
      }
      const inset = (n - 1) * Math.max(1, W * 0.1);
      return {
        parts: {
          walls: union(...tiers),
          top: cyl(W / 2, D / 2, r(H * 0.9), Math.max(1.5, (W - 2 * inset) / 4), H),
        },
      };
    },
  },
  {
    id: 'tower',
    words: ['tower', 'turret', 'keep', 'watchtower', 'column', 'pillar'],
    ratio: [0.4, 0.4, 1],
    parts: { walls: { colour: 'light-grey' }, roof: { colour: 'dark-red' } },
    params: [param('round', 0, 1, 1)],
    build([W, D, H], p) {
      const wallH = r(H * 0.75);
      const walls = p.round ? cyl(W / 2, D / 2, 0, W / 2, wallH) : box(0, 0, 0, W, D, wallH);
      return {
        parts: { walls, roof: cone(W / 2, D / 2, wallH, W / 2 + 0.3, 0.5, H - wallH) },
        carve: box(W / 2 - 1, 0, wallH * 0.6, 2, D, Math.max(1, wallH * 0.12)),
      };
    },
  },
  {
    id: 'arch-bridge',
    body: 'arches',
    words: ['bridge', 'viaduct', 'aqueduct'],
    ratio: [1, 0.3, 0.4],
    parts: {
      arches: { colour: 'light-grey' },
      deck: { colour: 'dark-grey' },
      railings: { colour: 'dark-grey' },
    },
    params: [param('arches', 1, 4, 2)],
    build([W, D, H], p) {
      const n = p.arches!;
      const deckZ = H - 4;
      const span = W / n;
      const pier = Math.max(2, span * 0.2);
      const ar = (span - pier) / 2;
      return {
        parts: {
          arches: subtract(
            box(0, 0, 0, W, D, deckZ),
            repeat(n, [span, 0, 0], {
              type: 'place',
              transform: { rotate: [1, 0, 0], translate: [pier / 2 + ar, D + 1, 0] },
              child: cyl(0, 0, 0, ar, D + 2),
            }),
          ),
          deck: box(0, 0, deckZ, W, D, 2),
          railings: union(box(0, 0, deckZ + 2, W, 1, 2), box(0, D - 1, deckZ + 2, W, 1, 2)),
        },
      };
    },
  },
  {
    id: 'beam-bridge',
    body: 'deck',
    words: ['footbridge', 'overpass', 'girder'],
    ratio: [1, 0.3, 0.35],
    parts: { piers: { colour: 'light-grey' }, deck: { colour: 'dark-grey' }, railings: { colour: 'yellow' } },
    params: [param('piers', 2, 5, 3)],
    build([W, D, H], p) {
      const n = p.piers!;
      const pw = Math.max(2, W * 0.08);
      const deckZ = H - 4;
      return {
        parts: {
          piers: repeat(n, [(W - pw) / (n - 1), 0, 0], box(0, 0, 0, pw, D, deckZ)),
          deck: box(0, 0, deckZ, W, D, 2),
          railings: union(box(0, 0, deckZ + 2, W, 1, 2), box(0, D - 1, deckZ + 2, W, 1, 2)),
        },
      };
    },
  },
  {
    id: 'suspension-bridge',
    body: 'towers',
    words: ['suspension', 'cable'],
    ratio: [1, 0.25, 0.55],
    parts: { towers: { colour: 'red' }, deck: { colour: 'dark-grey' }, cables: { colour: 'red' } },
    params: [],
    build([W, D, H]) {
      const deckZ = r(H * 0.35);
      const tw = Math.max(2, W * 0.07);
      const t1 = r(W * 0.22);
      const t2 = W - t1 - tw;
      /** Stays fanning from a tower's top (at x0) down to the deck at x1, one on each side. */
      const cable = (x0: number, x1: number) =>
        mirror(
          'y',
          D / 2,
          upright(
            [
              [x0, deckZ + 2],
              [x0, H - 2],
              [x1, deckZ + 2],
            ],
            2,
            [0, 0, 0],
          ),
        );
      return {
        parts: {
          towers: union(
            box(0, 0, 0, tw, D, deckZ),
            box(W - tw, 0, 0, tw, D, deckZ),
            box(t1, 0, 0, tw, D, H),
            box(t2, 0, 0, tw, D, H),
          ),
          deck: box(0, 0, deckZ, W, D, 2),
          cables: union(cable(t1 + tw, W / 2), cable(t2, W / 2), cable(t1, tw), cable(t2 + tw, W - tw)),
        },
      };
    },
  },
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
  ...chessPieces(),
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
    id: 'table',
    body: 'top',
    words: ['table', 'desk'],
    ratio: [1, 0.6, 0.6],
    parts: { top: { colour: 'brown' }, legs: { colour: 'brown' } },
    params: [param('legs', 2, 4, 2)],
    build([W, D, H], p) {
      const lw = Math.max(2, p.legs!, Math.round(W / 16));
      const top = t(H * 0.15);
      return {
        parts: {
          legs: union(
            box(1, 0, 0, lw, D, H - top),
            box(W - 1 - lw, 0, 0, lw, D, H - top),
            repeat(
              Math.max(1, Math.ceil(W / 10) - 1),
              [(W - 2) / Math.max(2, Math.ceil(W / 10)), 0, 0],
              box(1 + (W - 2) / Math.max(2, Math.ceil(W / 10)) - lw / 2, 0, 0, lw, D, H - top),
            ),
            box(1, D / 2 - 1, 0, W - 2, 2, 2),
          ),
          top: box(0, 0, H - top, W, D, top),
        },
      };
    },
  },
  {
    id: 'chair',
    words: ['chair', 'armchair', 'throne'],
    ratio: [0.6, 0.6, 1],
    parts: { seat: { colour: 'brown' }, legs: { colour: 'brown' }, back: { colour: 'brown' } },
    params: [],
    build([W, D, H]) {
      const seatZ = r(H * 0.45);
      return {
        parts: {
          legs: union(box(0, 0, 0, t(W * 0.12), D, seatZ), box(W - t(W * 0.12), 0, 0, t(W * 0.12), D, seatZ)),
          seat: box(0, 0, seatZ, W, D, t(H * 0.08)),
          back: box(0, D - 3, 0, W, 3, H),
        },
      };
    },
  },
  {
    id: 'bookshelf',
    words: ['bookshelf', 'bookcase', 'shelf', 'shelves', 'cabinet'],
    ratio: [0.8, 0.3, 1],
    parts: { frame: { colour: 'brown' }, books: { colour: 'red', stripes: 'blue' } },
    params: [param('shelves', 2, 6, 4)],
    build([W, D, H], p) {
      const n = p.shelves!;
      const gap = (H - 2) / n;
      return {
        parts: {
          frame: union(
            box(0, 0, 0, 2, D, H),
            box(W - 2, 0, 0, 2, D, H),
            box(0, D - 2, 0, W, 2, H),
            repeat(n + 1, [0, 0, gap], box(0, 0, 0, W, D, 2)),
          ),
          books: repeat(n, [0, 0, gap], box(2, 1, 2, W - 4, D - 3, gap - 2)),
        },
      };
    },
  },
  {
    id: 'nameplate',
    body: 'letters',
    words: ['nameplate', 'sign', 'plaque', 'plate', 'letters'],
    ratio: [1, 0.3, 0.4],
    parts: { stand: { colour: 'dark-grey' }, letters: { colour: 'white' } },
    params: [],
    minSize: 16,
    build([W, D, _H], _p, text) {
      const letters = (text || 'HELLO').toUpperCase().slice(0, 12);
      const cell = Math.max(1, Math.floor((W - 2) / (letters.length * (BLOCK_FONT_WIDTH + 1))));
      const glyphs: DesignNode[] = [];
      [...letters].forEach((ch, i) => {
        const rows = BLOCK_FONT[ch] ?? BLOCK_FONT['?']!;
        rows.forEach((row, j) => {
          for (let k = 0; k < BLOCK_FONT_WIDTH; k++)
            if (row[k] === '#')
              glyphs.push(
                box(
                  1 + (i * (BLOCK_FONT_WIDTH + 1) + k) * cell,
                  D / 2 - 1,
                  2 + (BLOCK_FONT_HEIGHT - 1 - j) * cell,
                  cell,
                  2,
                  cell,
                ),
              );
        });
      });
      const textW = letters.length * (BLOCK_FONT_WIDTH + 1) * cell;
      return {
        parts: {
          stand: union(
            box(0, 0, 0, Math.max(textW + 1, 4), D, 2),
            box(0, D / 2, 0, Math.max(textW + 1, 4), 2, 2 + BLOCK_FONT_HEIGHT * cell),
          ),
          letters: union(...glyphs),
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
    id: 'pyramid',
    words: ['pyramid', 'ziggurat'],
    ratio: [1, 1, 0.55],
    parts: { pyramid: { colour: 'tan' }, top: { colour: 'yellow' } },
    params: [param('steps', 0, 1, 0)],
    build([W, D, H], p) {
      const topH = t(H * 0.12);
      const body: DesignNode = p.steps
        ? union(
            ...Array.from({ length: Math.ceil((H - topH) / 2) }, (_, i) =>
              box(i * (W / H), i * (D / H), i * 2, W - 2 * i * (W / H), D - 2 * i * (D / H), 2),
            ),
          )
        : extrude(
            0,
            0,
            0,
            [
              [0, 0],
              [W, 0],
              [W, D],
              [0, D],
            ],
            1,
          );
      return {
        parts: {
          pyramid: p.steps
            ? body
            : union(
                ...Array.from({ length: H - topH }, (_, z) =>
                  box((z * W) / (2 * H), (z * D) / (2 * H), z, W - (z * W) / H, D - (z * D) / H, 1),
                ),
              ),
          top: cone(W / 2, D / 2, H - topH, (topH * W) / (2 * H) + 0.5, 0.3, topH),
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
  {
    id: 'bench',
    words: ['bench', 'settee'],
    ratio: [1, 0.4, 0.5],
    parts: { seat: { colour: 'brown' }, legs: { colour: 'dark-grey' }, back: { colour: 'brown' } },
    params: [param('back', 0, 1, 1)],
    build([W, D, H], p) {
      const seatZ = r(H * 0.45);
      const seat = t(H * 0.18);
      const lw = t(W * 0.1);
      return {
        parts: {
          seat: box(0, 0, seatZ, W, D, seat),
          // A leg every ten cells or so: the joints cannot carry a longer span of seat.
          legs: repeat(
            Math.max(2, Math.ceil(W / 10)),
            [(W - lw) / (Math.max(2, Math.ceil(W / 10)) - 1), 0, 0],
            box(0, 0, 0, lw, D, seatZ),
          ),
          ...(p.back ? { back: box(0, D - 3, seatZ + seat, W, 3, H - seatZ - seat) } : {}),
        },
      };
    },
  },
  {
    id: 'arch',
    words: ['arch', 'archway', 'gate', 'gateway'],
    ratio: [1, 0.3, 0.9],
    parts: { pillars: { colour: 'light-grey' }, top: { colour: 'dark-grey' } },
    params: [param('opening', 30, 50, 40)],
    build([W, D, H], p) {
      const ow = (W * p.opening!) / 100;
      const springZ = r(H * 0.5);
      const topZ = H - t(H * 0.3);
      return {
        parts: {
          pillars: subtract(
            box(0, 0, 0, W, D, topZ),
            union(box((W - ow) / 2, -1, 0, ow, D + 2, springZ), {
              type: 'place',
              transform: { rotate: [1, 0, 0], translate: [W / 2, D + 1, springZ] },
              child: cyl(0, 0, 0, ow / 2, D + 2),
            }),
          ),
          top: box(0, 0, topZ, W, D, H - topZ),
        },
      };
    },
  },
  {
    id: 'wall',
    words: ['wall', 'fence', 'rampart'],
    ratio: [1, 0.15, 0.4],
    parts: { wall: { colour: 'dark-grey', stripes: 'light-grey' }, battlements: { colour: 'dark-grey' } },
    params: [param('battlements', 0, 1, 1)],
    build([W, D, H], p) {
      const top = t(H * 0.2);
      return {
        parts: {
          wall: box(0, 0, 0, W, D, H - top),
          battlements: p.battlements
            ? repeat(Math.floor(W / 4), [4, 0, 0], box(0, 0, H - top, 2, D, top))
            : box(0, 0, H - top, W, D, 2),
        },
      };
    },
  },
  {
    id: 'stairs',
    words: ['stairs', 'staircase', 'steps', 'stair'],
    ratio: [0.5, 1, 0.6],
    parts: { steps: { colour: 'light-grey' } },
    params: [param('steps', 3, 12, 6)],
    build([W, D, H], p) {
      const n = p.steps!;
      return {
        parts: {
          steps: union(
            ...Array.from({ length: n }, (_, k) =>
              box(0, (k * D) / n, 0, W, D - (k * D) / n, ((k + 1) * H) / n),
            ),
          ),
        },
      };
    },
  },
  {
    id: 'cube',
    words: ['cube', 'box', 'crate', 'pedestal', 'plinth'],
    ratio: [1, 1, 1],
    parts: { body: { colour: 'light-grey' }, trim: { colour: 'dark-grey' } },
    params: [param('trim', 0, 1, 0)],
    build([W, D, H], p) {
      return {
        parts: {
          body: box(0, 0, 0, W, D, H),
          ...(p.trim ? { trim: union(box(0, 0, 0, W, D, 2), box(0, 0, H - 2, W, D, 2)) } : {}),
        },
      };
    },
  },
];

/** The six chess pieces, each a surface of revolution on a round foot (the knight a profile). */
function chessPieces(): LibraryDesign[] {
  const piece = (
    id: string,
    words: string[],
    height: number,
    profile: Vec2[],
    crown?: (R: number, H: number, c: number) => DesignNode,
  ): LibraryDesign => ({
    id,
    words,
    ratio: [0.45, 0.45, height],
    parts: { piece: { colour: 'white' }, ...(crown ? { crown: { colour: 'white' } } : {}) },
    params: [],
    build([W, D, H]) {
      const R = W / 2;
      const body = revolve(
        W / 2,
        D / 2,
        0,
        profile.map(([rr, z]) => [Math.max(2, rr * R), z * H] as Vec2),
      );
      const parts: Record<string, DesignNode> = { piece: body };
      if (crown) parts.crown = crown(R, H, W / 2);
      return { parts };
    },
  });
  return [
    piece('pawn', ['pawn'], 0.7, [
      [1, 0],
      [1, 0.12],
      [0.45, 0.2],
      [0.35, 0.55],
      [0.55, 0.65],
      [0.6, 0.8],
      [0.4, 0.95],
      [0.2, 1],
    ]),
    piece('rook', ['rook'], 0.8, [
      [1, 0],
      [1, 0.12],
      [0.7, 0.2],
      [0.6, 0.75],
      [0.85, 0.8],
      [0.85, 1],
    ]),
    piece('bishop', ['bishop'], 0.95, [
      [1, 0],
      [1, 0.1],
      [0.45, 0.2],
      [0.35, 0.55],
      [0.55, 0.7],
      [0.45, 0.9],
      [0.15, 1],
    ]),
    piece('queen', ['queen'], 1, [
      [1, 0],
      [1, 0.1],
      [0.45, 0.2],
      [0.35, 0.6],
      [0.55, 0.8],
      [0.5, 0.92],
      [0.3, 1],
    ]),
    piece(
      'king',
      ['king'],
      1,
      [
        [1, 0],
        [1, 0.1],
        [0.45, 0.2],
        [0.35, 0.6],
        [0.65, 0.75],
        [0.5, 0.85],
      ],
      (R, H, c) =>
        union(box(c - 1, c - 1, H * 0.85, 2, 2, H * 0.15), box(c - R * 0.35, c - 1, H * 0.9, R * 0.7, 2, 2)),
    ),
    {
      id: 'knight',
      body: 'head',
      words: ['knight', 'horse', 'pony'],
      ratio: [0.6, 0.45, 1],
      parts: { base: { colour: 'black' }, head: { colour: 'black' } },
      params: [],
      build([W, D, H]) {
        const baseH = t(H * 0.15);
        const outline: Vec2[] = [
          [W * 0.15, 0],
          [W * 0.9, 0],
          [W * 0.8, H * 0.5],
          [W, H * 0.7],
          [W * 0.85, H * 0.8],
          [W * 0.6, H * 0.95],
          [W * 0.35, H * 0.85],
          [W * 0.15, H * 0.5],
        ];
        return {
          parts: {
            base: cyl(W / 2, D / 2, 0, Math.min(W, D) / 2, baseH),
            head: upright(
              outline.map(([x, z]) => [x, baseH + z * ((H - baseH) / H)] as Vec2),
              Math.max(2, D * 0.5),
              [0, D * 0.25, 0],
            ),
          },
        };
      },
    },
  ];
}
