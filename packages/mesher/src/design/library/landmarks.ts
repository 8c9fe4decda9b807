// Famous landmarks. Faces that say what a building is (a clock face, an arch) look along +x or +y,
// the sides the preview shows.

import type { DesignNode } from '../program';
import { around, ball, box, cone, cyl, mirror, repeat, revolve, subtract, union } from '../shapes';
import { archX, archY } from './places';
import { type LibraryDesign, r, t } from './types';

export const LANDMARKS: LibraryDesign[] = [
  {
    id: 'eiffel-tower',
    body: 'tower',
    words: ['eiffel tower', 'eiffel'],
    ratio: [0.55, 0.55, 1],
    parts: { tower: { colour: 'brown' }, decks: { colour: 'tan' } },
    params: [],
    minSize: 24,
    maxSize: 48,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const legW = Math.max(2, r(W * 0.2));
      const deck1 = r(H * 0.22);
      const deck2 = r(H * 0.5);
      // Half the width at height z: wide at the foot, curving in to a thin top.
      const half = (z: number) => Math.max(1, (W / 2) * (1 - z / H) ** 1.7);
      const legs: DesignNode[] = [];
      for (let z = 0; z < deck2; z += 2) {
        const h = half(z + 1);
        legs.push(mirror('x', cx, mirror('y', cy, box(cx - h, cy - h, z, legW, legW, 2))));
      }
      const top: DesignNode[] = [];
      for (let z = deck2 + 2; z < H - 2; z += 2) {
        const h = Math.max(1, half(z + 1));
        top.push(box(cx - h, cy - h, z, 2 * h, 2 * h, 2));
      }
      return {
        parts: {
          tower: union(...legs, ...top, box(cx - 1, cy - 1, H - 3, 2, 2, 3)),
          decks: union(
            subtract(
              box(
                cx - half(deck1) - 1,
                cy - half(deck1) - 1,
                deck1,
                2 * half(deck1) + 2,
                2 * half(deck1) + 2,
                2,
              ),
              box(
                cx - half(deck1) + legW,
                cy - half(deck1) + legW,
                deck1 - 1,
                2 * half(deck1) - 2 * legW,
                2 * half(deck1) - 2 * legW,
                4,
              ),
            ),
            box(
              cx - half(deck2) - 1,
              cy - half(deck2) - 1,
              deck2,
              2 * half(deck2) + 2,
              2 * half(deck2) + 2,
              2,
            ),
          ),
        },
      };
    },
  },
  {
    id: 'big-ben',
    body: 'tower',
    words: ['big ben', 'elizabeth tower', 'clock tower'],
    ratio: [0.32, 0.32, 1],
    parts: {
      tower: { colour: 'tan' },
      clock: { colour: 'white' },
      hands: { colour: 'black' },
      spire: { colour: 'dark-green' },
    },
    params: [],
    minSize: 20,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const clockZ = r(H * 0.6);
      const face = Math.max(3, r(W * 0.7));
      const top = r(H * 0.78);
      return {
        parts: {
          tower: union(box(0, 0, 0, W, D, top), box(1, 1, top, W - 2, D - 2, 2)),
          // A clock face on every side: a ring of white one cell deep, with tan above and below.
          clock: union(
            box(cx - face / 2, 0, clockZ, face, D, face),
            box(0, cy - face / 2, clockZ, W, face, face),
          ),
          hands: union(
            box(cx - 0.5, 0, clockZ + face / 2, 1, D, face / 2 - 1),
            box(cx - 0.5, 0, clockZ + face / 2 - 1, face / 2 - 1, D, 1),
            box(0, cy - 0.5, clockZ + face / 2, W, 1, face / 2 - 1),
          ),
          spire: union(
            cone(cx, cy, top + 2, W / 2, 0.5, H - top - 2),
            box(0.5, 0.5, top + 1, W - 1, D - 1, 2),
          ),
        },
      };
    },
  },
  {
    id: 'statue-of-liberty',
    body: 'statue',
    words: ['statue of liberty', 'lady liberty', 'liberty statue'],
    ratio: [0.42, 0.42, 1],
    parts: { pedestal: { colour: 'tan' }, statue: { colour: 'green' }, flame: { colour: 'yellow' } },
    params: [],
    minSize: 24,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const baseH = r(H * 0.32);
      const body = r(H * 0.42);
      const hz = baseH + body;
      const hr = Math.max(2, W * 0.13);
      const armX = cx + W * 0.2;
      return {
        parts: {
          pedestal: union(
            box(0, 0, 0, W, D, r(baseH * 0.4)),
            box(W * 0.12, D * 0.12, 0, W * 0.76, D * 0.76, baseH),
          ),
          statue: union(
            cone(cx, cy, baseH, W * 0.3, W * 0.16, body),
            ball(cx, cy, hz + hr * 0.6, hr),
            // The crown's rays, and the raised right arm holding the torch.
            around(5, [cx, cy], box(cx, cy - 0.5, hz + hr * 0.9, hr + 1, 1, 2)),
            box(cx + W * 0.08, cy - 1, hz - 2, W * 0.16, 2, 3),
            box(armX, cy - 1, hz - 2, 2, 2, H - hz - 1),
          ),
          flame: box(armX - 0.5, cy - 1.5, H - 3, 3, 3, 3),
        },
      };
    },
  },
  {
    id: 'leaning-tower',
    body: 'tower',
    words: ['leaning tower of pisa', 'leaning tower', 'tower of pisa', 'pisa'],
    ratio: [0.5, 0.38, 1],
    parts: { tower: { colour: 'white', stripes: 'light-grey' } },
    params: [],
    minSize: 24,
    build([W, D, H]) {
      const R = D / 2;
      const storeys = 8;
      const storeyH = H / storeys;
      // Each storey a drum moved a little further along x: the tower leans, its centre of mass
      // staying over its foot.
      const lean = (W - D) / (storeys - 1);
      const drums: DesignNode[] = [];
      for (let k = 0; k < storeys; k++) {
        const x = R + k * lean;
        const z = r(k * storeyH);
        drums.push(
          cyl(
            x,
            R,
            z,
            k === storeys - 1 ? R * 0.7 : R - 0.5,
            r((k + 1) * storeyH) - z + (k === storeys - 1 ? 0 : 1),
          ),
        );
      }
      // Galleries: a light band at the foot of every storey.
      return { parts: { tower: union(...drums) }, stripeWidth: Math.max(1, r(storeyH / 2)) };
    },
  },
  {
    id: 'taj-mahal',
    body: 'building',
    words: ['taj mahal', 'taj'],
    ratio: [1, 1, 0.7],
    parts: {
      plinth: { colour: 'white' },
      building: { colour: 'white' },
      domes: { colour: 'white' },
      minarets: { colour: 'light-grey' },
    },
    params: [],
    minSize: 24,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const plinth = t(H * 0.06);
      const bw = W * 0.5;
      const bodyTop = plinth + r(H * 0.32);
      const dr = bw * 0.32;
      const mw = Math.max(2, r(W * 0.07));
      return {
        parts: {
          plinth: box(0, 0, 0, W, D, plinth),
          building: box(cx - bw / 2, cy - bw / 2, plinth, bw, bw, bodyTop - plinth),
          domes: union(
            cyl(cx, cy, bodyTop, dr * 0.8, 2),
            revolve(cx, cy, bodyTop + 1, [
              [dr * 0.85, 0],
              [dr, (H - bodyTop) * 0.35],
              [dr * 0.6, (H - bodyTop) * 0.75],
              [0.5, H - bodyTop - 1],
            ]),
          ),
          minarets: mirror('x', cx, mirror('y', cy, box(1, 1, plinth, mw, mw, r(H * 0.62)))),
        },
        carve: union(
          archX(cx + bw / 2 - 2, cy, plinth, Math.max(2, bw * 0.3), r((bodyTop - plinth) * 0.7), 3),
          archY(cx, cy + bw / 2 - 2, plinth, Math.max(2, bw * 0.3), r((bodyTop - plinth) * 0.7), 3),
        ),
      };
    },
  },
  {
    id: 'colosseum',
    body: 'walls',
    words: ['colosseum', 'coliseum', 'amphitheatre', 'amphitheater', 'arena'],
    ratio: [1, 0.8, 0.35],
    parts: { walls: { colour: 'tan' }, ground: { colour: 'tan' } },
    params: [],
    minSize: 24,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const ring: DesignNode = {
        type: 'place',
        transform: { scale: [W / D, 1, 1] },
        child: subtract(
          cyl((cx * D) / W, cy, 0, D / 2, H),
          cyl((cx * D) / W, cy, 2, D / 2 - Math.max(2, D * 0.14), H),
        ),
      };
      const arches = Math.max(4, Math.floor(W / 5));
      const rows = [2, 2 + r((H - 2) * 0.38)];
      return {
        parts: { ground: box(W * 0.1, D * 0.1, 0, W * 0.8, D * 0.8, 2), walls: ring },
        // Rows of arches through the wall, seen from both sides shown in the preview.
        carve: union(
          ...rows.map((z) =>
            union(
              repeat(
                arches,
                [W / arches, 0, 0],
                box(W / arches / 2 - 1, 0, z, 2, D, Math.max(2, r((H - 2) * 0.25))),
              ),
              repeat(
                Math.max(3, Math.floor(D / 5)),
                [0, D / Math.max(3, Math.floor(D / 5)), 0],
                box(0, D / Math.max(3, Math.floor(D / 5)) / 2 - 1, z, W, 2, Math.max(2, r((H - 2) * 0.25))),
              ),
            ),
          ),
        ),
      };
    },
  },
  {
    id: 'stonehenge',
    body: 'stones',
    words: ['stonehenge', 'standing stones', 'stone circle'],
    ratio: [1, 1, 0.3],
    parts: { grass: { colour: 'green' }, stones: { colour: 'light-grey' } },
    params: [],
    minSize: 24,
    build([W, D, H]) {
      const cx = W / 2;
      const cy = D / 2;
      const R = Math.min(W, D) / 2 - 3;
      const n = 8;
      const sw = Math.max(2, r(R * 0.28));
      const stoneH = H - 4;
      // Pairs of standing stones around the circle, each pair capped by a lintel.
      const trilithon = union(
        box(cx + R - sw, cy - sw * 1.2, 2, sw, sw, stoneH),
        box(cx + R - sw, cy + sw * 0.2, 2, sw, sw, stoneH),
        box(cx + R - sw, cy - sw * 1.2, 2 + stoneH, sw, sw * 2.4, 2),
      );
      return {
        parts: {
          grass: box(0, 0, 0, W, D, 2),
          stones: union(
            around(n, [cx, cy], trilithon),
            box(cx - sw, cy - sw / 2, 2, sw * 2, sw, Math.max(2, stoneH * 0.3)),
          ),
        },
      };
    },
  },
  {
    id: 'arc-de-triomphe',
    body: 'arch',
    words: ['arc de triomphe', 'triumphal arch', 'arch of triumph'],
    ratio: [1, 0.55, 0.95],
    parts: { arch: { colour: 'tan' }, cornice: { colour: 'light-grey' } },
    params: [],
    minSize: 20,
    build([W, D, H]) {
      const top = r(H * 0.82);
      return {
        parts: {
          arch: box(0, 0, 0, W, D, top),
          cornice: box(0, 0, top, W, D, H - top),
        },
        carve: union(
          archY(W / 2, -1, 0, Math.max(3, W * 0.36), r(H * 0.6), D + 2),
          archX(-1, D / 2, 0, Math.max(2, D * 0.36), r(H * 0.4), W + 2),
        ),
      };
    },
  },
];
