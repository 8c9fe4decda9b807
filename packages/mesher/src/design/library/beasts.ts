// Four-legged animals, drawn by one builder: legs, a body, a neck leaning forward in steps, a head
// facing +x (the preview's right-hand side), each design with its own proportions and extras.
// Parts of another colour rest on or carry the body, so every colour is joined by stacking.

import type { DesignNode, Vec3 } from '../program';
import { box, mirror, union } from '../shapes';
import { type LibraryDesign, r, t } from './types';

interface BeastShape {
  /** Leg height and body height, as shares of the height. */
  legs: number;
  body: number;
  /** Where the body starts and ends along x, as shares of the length. */
  from: number;
  to: number;
  /** Where the head's top is (share of the height), its length (share of the length) and height. */
  headTop: number;
  head: number;
  headH: number;
  /** Cells the neck moves forward for every two layers it rises. */
  lean: number;
  /** Leg thickness as a share of the length. */
  legW?: number;
}

interface Beast {
  legs: DesignNode;
  body: DesignNode;
  neck: DesignNode;
  head: DesignNode;
  /** The neck's exposed back steps (a mane), one cell wide. */
  mane: DesignNode;
  /** Where things attach: the body's top, the head's front and top, the neck's width. */
  at: {
    legH: number;
    bodyTop: number;
    headX: number;
    headZ: number;
    headH: number;
    /** Head width (y) and where the neck's last step starts (x). */
    hw: number;
    neckX: number;
    nw: number;
    x0: number;
    x1: number;
  };
}

function beast([W, D, H]: Vec3, s: BeastShape): Beast {
  const lw = Math.max(2, r(W * (s.legW ?? 0.08)));
  const legH = Math.max(2, r(H * s.legs));
  const bodyTop = legH + t(H * s.body);
  const x0 = r(W * s.from);
  const x1 = r(W * s.to);
  const nw = Math.max(2, r(W * 0.1));
  const nd = Math.max(nw, r(D * 0.5));
  const headH = t(H * s.headH);
  const headZ = Math.max(bodyTop, r(H * s.headTop) - headH);
  const headLen = Math.max(nw + 1, r(W * s.head));
  // The neck reaches forward as far as the head may go, never more than half its width a step.
  const steps = Math.max(1, Math.ceil((headZ - bodyTop) / 2));
  const reach = W - headLen * 0.65 - (x1 - nw);
  const lean = Math.max(
    0,
    Math.min(Math.max(1, Math.floor(nw / 3)), r((s.lean * W) / 24), Math.floor(reach / steps)),
  );
  const neck: DesignNode[] = [];
  const mane: DesignNode[] = [];
  let x = x1 - nw;
  for (let z = bodyTop; z < headZ; z += 2) {
    // Each step stands on the body (a wedge), so the neck is carried from below, not by its base alone.
    const top = Math.min(z + 2, headZ);
    neck.push(box(x, D / 2 - nd / 2, bodyTop - 1, nw, nd, top - bodyTop + 1));
    if (z + 2 < headZ && lean > 0) mane.push(box(x, D / 2 - 1, z + 2, lean, 2, 2));
    x += lean;
  }
  // The head sits on the neck's top end, a third of it behind, so little of it hangs out in front.
  const headX = Math.max(0, Math.min(W - headLen, x - lean + r((nw - headLen) / 2) + 1));
  const hw = Math.max(2, r(D * 0.4));
  return {
    legs: mirror(
      'y',
      D / 2,
      union(box(x0 + 1, 0.5, 0, lw, lw, legH + 1), box(x1 - 1 - lw, 0.5, 0, lw, lw, legH + 1)),
    ),
    body: box(x0, 0, legH, x1 - x0, D, bodyTop - legH),
    neck: neck.length > 0 ? union(...neck) : box(x1 - nw, D / 2 - nw / 2, bodyTop - 1, nw, nw, 1),
    head: box(headX, D / 2 - hw / 2, headZ - 1, headLen, hw, headH + 1),
    mane: mane.length > 0 ? union(...mane) : box(x1 - nw, D / 2 - 1, bodyTop, 1, 2, 1),
    at: { legH, bodyTop, headX: headX + headLen, headZ, headH, hw, neckX: x - lean, nw, x0, x1 },
  };
}

export const BEASTS: LibraryDesign[] = [
  {
    id: 'horse',
    body: 'body',
    words: ['horse', 'pony', 'stallion', 'mare', 'foal', 'steed'],
    ratio: [1, 0.3, 0.73],
    parts: {
      body: { colour: 'brown' },
      mane: { colour: 'black' },
      tail: { colour: 'black' },
    },
    params: [],
    minSize: 16,
    build(b) {
      const [W, D] = b;
      const h = beast(b, {
        legs: 0.38,
        body: 0.2,
        from: 0.06,
        to: 0.86,
        headTop: 1,
        head: 0.22,
        headH: 0.12,
        lean: 0.7,
      });
      return {
        parts: {
          body: union(h.legs, h.body, h.neck, h.head, ears(h, D, 1)),
          mane: h.mane,
          // The tail rests on the body's back end and reaches out behind it.
          tail: box(h.at.x0 - 2, D / 2 - 1, h.at.bodyTop - 2, Math.max(3, r(W * 0.1)), 2, 2),
        },
      };
    },
  },
  {
    id: 'dog',
    body: 'body',
    words: ['dog', 'puppy', 'doggy', 'hound', 'labrador', 'poodle', 'terrier'],
    ratio: [1, 0.4, 0.8],
    parts: { body: { colour: 'tan' }, ears: { colour: 'brown' }, nose: { colour: 'black' } },
    params: [],
    minSize: 16,
    build(b) {
      const D = b[1];
      const h = beast(b, {
        legs: 0.33,
        body: 0.26,
        from: 0.1,
        to: 0.82,
        headTop: 1,
        head: 0.3,
        headH: 0.3,
        lean: 0.5,
      });
      return {
        parts: {
          body: union(
            h.legs,
            h.body,
            h.neck,
            h.head,
            // A tail standing up from the back.
            box(h.at.x0, D / 2 - 1, h.at.bodyTop - 1, 2, 2, r(b[2] * 0.2)),
          ),
          ears: ears(h, D, 2),
          nose: box(h.at.headX - 2, D / 2 - 1, h.at.headZ + 1, 2, 2, 2),
        },
      };
    },
  },
  {
    id: 'cow',
    body: 'body',
    words: ['cow', 'calf', 'cattle', 'bull', 'ox'],
    ratio: [1, 0.45, 0.66],
    parts: {
      body: { colour: 'white' },
      patches: { colour: 'black' },
      horns: { colour: 'tan' },
      nose: { colour: 'pink' },
    },
    params: [],
    minSize: 16,
    build(b) {
      const D = b[1];
      const h = beast(b, {
        legs: 0.32,
        body: 0.4,
        from: 0.05,
        to: 0.84,
        headTop: 0.92,
        head: 0.22,
        headH: 0.3,
        lean: 0.3,
      });
      return {
        parts: {
          body: union(h.legs, h.body, h.neck, h.head),
          patches: patches(h, D, 0),
          horns: ears(h, D, 1),
          nose: box(
            h.at.headX - 2,
            D / 2 - Math.max(1, D * 0.15),
            h.at.headZ - 1,
            2,
            Math.max(2, D * 0.3),
            2,
          ),
        },
      };
    },
  },
  {
    id: 'sheep',
    body: 'wool',
    words: ['sheep', 'lamb', 'ram', 'goat'],
    ratio: [1, 0.55, 0.72],
    parts: { legs: { colour: 'black' }, wool: { colour: 'white' }, face: { colour: 'black' } },
    params: [],
    minSize: 16,
    build(b) {
      const [W, D, H] = b;
      const h = beast(b, {
        legs: 0.3,
        body: 0.5,
        from: 0.04,
        to: 0.86,
        headTop: 0.95,
        head: 0.26,
        headH: 0.3,
        lean: 0,
      });
      const top = h.at.bodyTop;
      return {
        parts: {
          legs: h.legs,
          // Wool: the body with a rounded back.
          wool: union(h.body, box(W * 0.1, D * 0.15, top - 1, W * 0.6, D * 0.7, Math.max(2, r(H * 0.08)))),
          // The face: in the front of the wool, reaching a little out of it.
          face: box(
            h.at.x1 - Math.max(3, r(W * 0.12)),
            D / 2 - Math.max(2, D * 0.22),
            r(H * 0.45),
            Math.max(5, r(W * 0.2)),
            Math.max(4, D * 0.44),
            r(H * 0.35),
          ),
        },
      };
    },
  },
  {
    id: 'giraffe',
    body: 'body',
    words: ['giraffe'],
    ratio: [0.62, 0.3, 1],
    parts: { body: { colour: 'yellow' }, patches: { colour: 'brown' }, horns: { colour: 'brown' } },
    params: [],
    minSize: 20,
    build(b) {
      const D = b[1];
      const h = beast(b, {
        legs: 0.4,
        body: 0.17,
        from: 0.04,
        to: 0.8,
        headTop: 0.96,
        head: 0.34,
        headH: 0.08,
        lean: 0.25,
        legW: 0.12,
      });
      return {
        parts: {
          body: union(h.legs, h.body, h.neck, h.head),
          patches: patches(h, D, 3),
          horns: ears(h, D, 1),
        },
      };
    },
  },
  {
    id: 'lion',
    body: 'body',
    words: ['lion', 'lioness', 'tiger', 'leopard', 'cheetah'],
    ratio: [1, 0.42, 0.75],
    // The mane is drawn first: the neck and head, drawn after, go through it.
    parts: { mane: { colour: 'brown' }, body: { colour: 'orange' }, nose: { colour: 'black' } },
    params: [],
    minSize: 16,
    build(b) {
      const [, D, H] = b;
      const h = beast(b, {
        legs: 0.33,
        body: 0.3,
        from: 0.06,
        to: 0.82,
        headTop: 0.95,
        head: 0.24,
        headH: 0.3,
        lean: 0.3,
      });
      const mw = Math.min(D, Math.max(4, r(D * 0.9)));
      return {
        parts: {
          // The mane: a block around the back of the head, standing on the neck.
          mane: box(
            h.at.x1 - h.at.nw - 3,
            D / 2 - mw / 2,
            h.at.bodyTop - 1,
            h.at.nw + 3,
            mw,
            H - h.at.bodyTop + 1,
          ),
          body: union(
            h.legs,
            h.body,
            h.neck,
            h.head,
            box(h.at.x0, D / 2 - 1, h.at.bodyTop - 1, 2, 2, r(H * 0.15)),
          ),
          nose: box(h.at.headX - 2, D / 2 - 1, h.at.headZ + 1, 2, 2, 2),
        },
      };
    },
  },
  {
    id: 'dinosaur',
    body: 'body',
    words: ['dinosaur', 'dino', 'brontosaurus', 'diplodocus', 'brachiosaurus', 'dragon'],
    ratio: [1, 0.3, 0.75],
    parts: { body: { colour: 'green' }, spikes: { colour: 'dark-green' } },
    params: [],
    minSize: 16,
    build(b) {
      const D = b[1];
      const h = beast(b, {
        legs: 0.3,
        body: 0.26,
        from: 0.32,
        to: 0.72,
        headTop: 1,
        head: 0.16,
        headH: 0.1,
        lean: 1,
        legW: 0.1,
      });
      // The tail: steps down to the ground behind the body, each standing on the ground.
      const tail: DesignNode[] = [];
      const steps = Math.max(2, Math.floor(h.at.x0 / 2));
      const tw = Math.max(2, r(D * 0.5));
      for (let k = 0; k < steps; k++) {
        const height = Math.max(2, r((h.at.bodyTop - 1) * (1 - (k + 1) / (steps + 1))));
        tail.push(box(h.at.x0 - 2 * (k + 1), D / 2 - tw / 2, 0, 3, tw, height));
      }
      const plates = Math.max(2, Math.floor((h.at.x1 - h.at.x0) / 4));
      return {
        parts: {
          body: union(h.legs, h.body, h.neck, h.head, ...tail),
          spikes: union(
            ...Array.from({ length: plates }, (_, k) =>
              box(h.at.x0 + 1 + k * 4, D / 2 - 1, h.at.bodyTop - 1, 2, 2, 3),
            ),
          ),
        },
      };
    },
  },
];

/** Two ears (or horns) on top of the head, at its back, `height` layers tall at size 24. */
function ears(h: Beast, D: number, height: number): DesignNode {
  const size = Math.max(1, Math.min(r(h.at.nw / 2), Math.floor(h.at.hw / 2)));
  const tall = Math.max(1, r((height * h.at.nw) / 2));
  // On the head's top, at its back corners: within the head's width, so they stand on it.
  return mirror(
    'y',
    D / 2,
    box(h.at.neckX, D / 2 - h.at.hw / 2, h.at.headZ + h.at.headH - 1, size, size, tall + 1),
  );
}

/**
 * Patches of a second colour (a cow's, a giraffe's), each a box through the whole depth a few
 * layers thick, inside the body between layers of its own colour, so each rests on the body.
 */
function patches(h: Beast, D: number, neckPatches: number): DesignNode {
  const length = h.at.x1 - h.at.x0;
  const bodyH = h.at.bodyTop - h.at.legH;
  const band = Math.max(1, Math.floor(bodyH / 2));
  const lift = Math.max(1, Math.floor(bodyH / 4));
  const nodes: DesignNode[] = [
    box(h.at.x0 + r(length * 0.1), 0, h.at.legH + lift, Math.max(2, r(length * 0.28)), D, band),
    box(h.at.x0 + r(length * 0.55), 0, h.at.legH + lift, Math.max(2, r(length * 0.22)), D, band),
  ];
  const neckH = h.at.headZ - h.at.bodyTop;
  for (let k = 0; k < neckPatches; k++) {
    const z = h.at.bodyTop + r(((k + 0.5) * neckH) / neckPatches) - 1;
    nodes.push(
      box(h.at.neckX, D / 2 - h.at.hw / 2, z, h.at.nw, h.at.hw, Math.max(1, r(neckH / (3 * neckPatches)))),
    );
  }
  return union(...nodes);
}
