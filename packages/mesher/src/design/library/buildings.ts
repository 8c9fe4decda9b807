// Buildings: houses, towers, castles, places of worship, mills.

import type { DesignNode, Vec2 } from '../program';
import { box, cone, cyl, move, prism, repeat, revolve, subtract, union } from '../shapes';
import { house, type LibraryDesign, param, r, t, upright } from './types';

export const BUILDINGS: LibraryDesign[] = [
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
    parts: {
      tower: { colour: 'tan' },
      cap: { colour: 'dark-red' },
      sails: { colour: 'white' },
      hub: { colour: 'dark-red' },
    },
    params: [param('taper', 0, 40, 25), param('sails', 2, 4, 4)],
    minSize: 18,
    maxSize: 40,
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
      const depth = Math.max(4, r(D * 0.35));
      // Sails out from the hub: the lower ones stand on the ground, the upper ones on the hub.
      const angles = p.sails === 2 ? [45, 225] : p.sails === 3 ? [90, 225, 315] : [45, 135, 225, 315];
      const sail = (deg: number) => {
        const a = (deg * Math.PI) / 180;
        const ux = Math.cos(a);
        const uz = Math.sin(a);
        const length = Math.abs(uz) > 0.9 ? H - 1 - hub : reach * Math.SQRT2;
        const tip: [number, number] = [cx + ux * length, Math.max(0, hub + uz * length)];
        const side: [number, number] = [-uz * arm * 0.5, ux * arm * 0.5];
        return upright(
          [
            [cx + side[0], hub + side[1]],
            [tip[0] + side[0], tip[1] + side[1]],
            [tip[0] - side[0], tip[1] - side[1]],
            [cx - side[0], hub - side[1]],
          ],
          depth,
          [0, front - depth, 0],
        );
      };
      return {
        parts: {
          tower: cone(cx, cy, 0, r0, top, towerH),
          cap: cone(cx, cy, towerH, top + 0.5, 0.5, H - towerH),
          sails: union(...angles.map(sail)),
          // The hub joins the sails to each other and, through its axle, to the tower.
          hub: box(cx - arm, front - depth, hub - arm, arm * 2, front + depth + 2, arm * 2),
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
    params: [param('towers', 0, 4, 4), param('roofs', 0, 1, 1)],
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
      const placed = corners.slice(0, p.towers === 1 ? 2 : p.towers);
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
          // Towers at the corners: none, the two in front, or all four (three: the front two and one behind).
          ...(p.towers
            ? {
                towers: union(...placed.map(([x, y]) => cyl(x, y, 0, tr, towerH))),
                roofs: p.roofs
                  ? union(...placed.map(([x, y]) => cone(x, y, towerH, tr + 0.5, 0.5, H - towerH)))
                  : union(...placed.map(([x, y]) => cyl(x, y, towerH, tr, 2))),
              }
            : {}),
          gate: box(W / 2 - 2, tr / 2 - 1, 0, 4, th + 1, Math.min(wallH - 2, t(H * 0.3))),
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
];
