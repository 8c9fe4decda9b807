// Evaluates a validated design program into a voxel grid: every primitive is tested only over its
// own bounding box (mapped into the grid), each cell centre taken back into the primitive's own
// coordinates by the inverse of its placement. Work is bounded by the validator's cell-test budget.

import { PALETTE, type PaletteColourId, paletteIndex } from '../colour/palette';
import { countFilled, createVoxelGrid, type VoxelGrid } from '../voxel/voxel-grid';
import {
  type DesignNode,
  type DesignProgram,
  type Paint,
  type Primitive,
  primitiveBox,
  type Vec3,
} from './program';

/** x' = m·x + t, with m a row-major 3×3 matrix. */
interface Affine {
  m: number[];
  t: Vec3;
}

const IDENTITY: Affine = { m: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, 0] };

function mul(a: number[], b: number[]): number[] {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  return out;
}

function apply(m: number[], v: Vec3): Vec3 {
  return [
    m[0]! * v[0] + m[1]! * v[1] + m[2]! * v[2],
    m[3]! * v[0] + m[4]! * v[1] + m[5]! * v[2],
    m[6]! * v[0] + m[7]! * v[1] + m[8]! * v[2],
  ];
}

/** parent ∘ child: first the child's placement, then the parent's. */
function compose(parent: Affine, child: Affine): Affine {
  const t = apply(parent.m, child.t);
  return { m: mul(parent.m, child.m), t: [t[0] + parent.t[0], t[1] + parent.t[1], t[2] + parent.t[2]] };
}

function invert(a: Affine): Affine {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = a.m as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const c0 = m4 * m8 - m5 * m7;
  const c1 = m5 * m6 - m3 * m8;
  const c2 = m3 * m7 - m4 * m6;
  const det = m0 * c0 + m1 * c1 + m2 * c2;
  const inv = [
    c0 / det,
    (m2 * m7 - m1 * m8) / det,
    (m1 * m5 - m2 * m4) / det,
    c1 / det,
    (m0 * m8 - m2 * m6) / det,
    (m2 * m3 - m0 * m5) / det,
    c2 / det,
    (m1 * m6 - m0 * m7) / det,
    (m0 * m4 - m1 * m3) / det,
  ];
  const t = apply(inv, a.t);
  return { m: inv, t: [-t[0], -t[1], -t[2]] };
}

const QUARTER: Record<'x' | 'y' | 'z', number[]> = {
  x: [1, 0, 0, 0, 0, -1, 0, 1, 0],
  y: [0, 0, 1, 0, 1, 0, -1, 0, 0],
  z: [0, -1, 0, 1, 0, 0, 0, 0, 1],
};

function turnZ(angle: number, cx: number, cy: number): Affine {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return { m: [c, -s, 0, s, c, 0, 0, 0, 1], t: [cx - c * cx + s * cy, cy - s * cx - c * cy, 0] };
}

function pointInPolygon(x: number, y: number, outline: readonly [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, yi] = outline[i]!;
    const [xj, yj] = outline[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const EPS = 1e-6;

/** Whether a point in the primitive's own coordinates is inside it. */
function inside(p: Primitive, x: number, y: number, z: number): boolean {
  const [ax, ay, az] = p.at;
  switch (p.type) {
    case 'box':
      return (
        x >= ax && x <= ax + p.size[0] && y >= ay && y <= ay + p.size[1] && z >= az && z <= az + p.size[2]
      );
    case 'cylinder': {
      if (z < az || z > az + p.height) return false;
      return (x - ax) ** 2 + (y - ay) ** 2 <= p.radius ** 2 + EPS;
    }
    case 'cone': {
      if (z < az || z > az + p.height) return false;
      const r = p.radius + ((p.top - p.radius) * (z - az)) / p.height;
      return (x - ax) ** 2 + (y - ay) ** 2 <= r * r + EPS;
    }
    case 'sphere':
      return (x - ax) ** 2 + (y - ay) ** 2 + (z - az) ** 2 <= p.radius ** 2 + EPS;
    case 'torus': {
      const ring = Math.sqrt((x - ax) ** 2 + (y - ay) ** 2) - p.radius;
      return ring * ring + (z - az) ** 2 <= p.tube ** 2 + EPS;
    }
    case 'prism': {
      const [w, d, h] = p.size;
      if (x < ax || x > ax + w || z < az || z > az + h) return false;
      return Math.abs(y - (ay + d / 2)) <= (d / 2) * (1 - (z - az) / h) + EPS;
    }
    case 'extrude':
      return z >= az && z <= az + p.height && pointInPolygon(x - ax, y - ay, p.outline);
    case 'revolve': {
      const h = z - az;
      const prof = p.profile;
      if (h < prof[0]![1] || h > prof[prof.length - 1]![1]) return false;
      let i = 1;
      while (i < prof.length - 1 && prof[i]![1] < h) i++;
      const [r0, z0] = prof[i - 1]!;
      const [r1, z1] = prof[i]!;
      const r = r0 + ((r1 - r0) * (h - z0)) / (z1 - z0);
      return (x - ax) ** 2 + (y - ay) ** 2 <= r * r + EPS;
    }
  }
}

interface Grid {
  nx: number;
  ny: number;
  nz: number;
}

function drawPrimitive(p: Primitive, a: Affine, grid: Grid, mask: Uint8Array): void {
  const [lo, hi] = primitiveBox(p);
  let min: Vec3 = [Infinity, Infinity, Infinity];
  let max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < 8; k++) {
    const corner: Vec3 = [k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2]];
    const w = apply(a.m, corner);
    min = [Math.min(min[0], w[0] + a.t[0]), Math.min(min[1], w[1] + a.t[1]), Math.min(min[2], w[2] + a.t[2])];
    max = [Math.max(max[0], w[0] + a.t[0]), Math.max(max[1], w[1] + a.t[1]), Math.max(max[2], w[2] + a.t[2])];
  }
  const x0 = Math.max(0, Math.floor(min[0]));
  const y0 = Math.max(0, Math.floor(min[1]));
  const z0 = Math.max(0, Math.floor(min[2]));
  const x1 = Math.min(grid.nx - 1, Math.ceil(max[0]));
  const y1 = Math.min(grid.ny - 1, Math.ceil(max[1]));
  const z1 = Math.min(grid.nz - 1, Math.ceil(max[2]));
  const inv = invert(a);
  const m = inv.m;
  for (let z = z0; z <= z1; z++)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const cx = x + 0.5;
        const cy = y + 0.5;
        const cz = z + 0.5;
        const lx = m[0]! * cx + m[1]! * cy + m[2]! * cz + inv.t[0];
        const ly = m[3]! * cx + m[4]! * cy + m[5]! * cz + inv.t[1];
        const lz = m[6]! * cx + m[7]! * cy + m[8]! * cz + inv.t[2];
        if (inside(p, lx, ly, lz)) mask[x + grid.nx * (y + grid.ny * z)] = 1;
      }
}

function draw(node: DesignNode, a: Affine, grid: Grid, mask: Uint8Array): void {
  switch (node.type) {
    case 'union':
      for (const child of node.children) draw(child, a, grid, mask);
      return;
    case 'subtract': {
      const from = new Uint8Array(mask.length);
      const remove = new Uint8Array(mask.length);
      draw(node.from, a, grid, from);
      for (const r of node.remove) draw(r, a, grid, remove);
      for (let i = 0; i < mask.length; i++) if (from[i] && !remove[i]) mask[i] = 1;
      return;
    }
    case 'place': {
      const { translate = [0, 0, 0], rotate = [0, 0, 0], scale = [1, 1, 1] } = node.transform;
      let m = [scale[0], 0, 0, 0, scale[1], 0, 0, 0, scale[2]];
      (['x', 'y', 'z'] as const).forEach((ax, i) => {
        for (let k = 0; k < rotate[i]!; k++) m = mul(QUARTER[ax], m);
      });
      draw(node.child, compose(a, { m, t: translate }), grid, mask);
      return;
    }
    case 'repeat':
      for (let k = 0; k < node.count; k++)
        draw(
          node.child,
          compose(a, { m: IDENTITY.m, t: [node.step[0] * k, node.step[1] * k, node.step[2] * k] }),
          grid,
          mask,
        );
      return;
    case 'around':
      for (let k = 0; k < node.count; k++)
        draw(
          node.child,
          compose(a, turnZ((2 * Math.PI * k) / node.count, node.centre[0], node.centre[1])),
          grid,
          mask,
        );
      return;
    case 'mirror': {
      draw(node.child, a, grid, mask);
      const i = node.axis === 'x' ? 0 : node.axis === 'y' ? 1 : 2;
      const m = [1, 0, 0, 0, 1, 0, 0, 0, 1];
      m[i * 4] = -1;
      const t: Vec3 = [0, 0, 0];
      t[i] = 2 * node.at;
      draw(node.child, compose(a, { m, t }), grid, mask);
      return;
    }
    default:
      drawPrimitive(node, a, grid, mask);
  }
}

function paintIndex(paint: Paint, x: number, y: number, z: number, lo: Vec3, hi: Vec3): number {
  if ('colour' in paint) return paletteIndex(paint.colour);
  const n = paint.colours.length;
  const at = { x, y, z };
  let k: number;
  if (paint.pattern === 'stripes') k = Math.floor(at[paint.axis] / paint.width) % n;
  else if (paint.pattern === 'checks')
    k = (Math.floor(x / paint.width) + Math.floor(y / paint.width) + Math.floor(z / paint.width)) % n;
  else {
    const i = paint.axis === 'x' ? 0 : paint.axis === 'y' ? 1 : 2;
    const span = hi[i] - lo[i] + 1;
    k = Math.min(n - 1, Math.floor(((at[paint.axis] - lo[i]) * n) / span));
  }
  return paletteIndex(paint.colours[k] as PaletteColourId);
}

/**
 * Keeps the largest piece (cells joined face to face) that touches the ground and empties the rest:
 * the specks a thin point or a curve leaves at a corner. Returns how many cells went.
 */
function keepGroundedPiece(grid: VoxelGrid): number {
  const [nx, ny, nz] = grid.dims;
  const cells = grid.cells;
  const label = new Int32Array(cells.length).fill(-1);
  const stack: number[] = [];
  let best = -1;
  let bestSize = 0;
  let piece = 0;
  for (let start = 0; start < nx * ny; start++) {
    if (!cells[start] || label[start] !== -1) continue;
    let size = 0;
    label[start] = piece;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      size++;
      const x = i % nx;
      const y = Math.floor(i / nx) % ny;
      const z = Math.floor(i / (nx * ny));
      const next = [
        x > 0 ? i - 1 : -1,
        x < nx - 1 ? i + 1 : -1,
        y > 0 ? i - nx : -1,
        y < ny - 1 ? i + nx : -1,
        z > 0 ? i - nx * ny : -1,
        z < nz - 1 ? i + nx * ny : -1,
      ];
      for (const j of next)
        if (j >= 0 && cells[j] && label[j] === -1) {
          label[j] = piece;
          stack.push(j);
        }
    }
    if (size > bestSize) {
      bestSize = size;
      best = piece;
    }
    piece++;
  }
  let removed = 0;
  for (let i = 0; i < cells.length; i++)
    if (cells[i] && label[i] !== best) {
      cells[i] = 0;
      removed++;
    }
  return removed;
}

export interface VoxeliseProgramOptions {
  /** Grows or shrinks the whole program (bounds and every shape) by this factor. */
  scale?: number;
}

/** The program's voxels: 0 empty, otherwise palette index + 1, as every other grid. */
export function voxeliseProgram(program: DesignProgram, options: VoxeliseProgramOptions = {}): VoxelGrid {
  const started = performance.now();
  const s = options.scale ?? 1;
  const [bx, by, bz] = program.bounds.map((b) => Math.max(1, Math.min(128, Math.round(b * s)))) as Vec3;
  const out = createVoxelGrid(bx, by, bz);
  const grid: Grid = { nx: bx, ny: by, nz: bz };
  const root: Affine = { m: [s, 0, 0, 0, s, 0, 0, 0, s], t: [0, 0, 0] };
  const mask = new Uint8Array(out.cells.length);
  for (const part of program.parts) {
    mask.fill(0);
    draw(part.shape, root, grid, mask);
    if (part.mode === 'carve') {
      for (let i = 0; i < mask.length; i++) if (mask[i]) out.cells[i] = 0;
      continue;
    }
    const lo: Vec3 = [Infinity, Infinity, Infinity];
    const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const x = i % bx;
      const y = Math.floor(i / bx) % by;
      const z = Math.floor(i / (bx * by));
      lo[0] = Math.min(lo[0], x);
      lo[1] = Math.min(lo[1], y);
      lo[2] = Math.min(lo[2], z);
      hi[0] = Math.max(hi[0], x);
      hi[1] = Math.max(hi[1], y);
      hi[2] = Math.max(hi[2], z);
    }
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const x = i % bx;
      const y = Math.floor(i / bx) % by;
      const z = Math.floor(i / (bx * by));
      out.cells[i] = paintIndex(part.paint, x, y, z, lo, hi) + 1;
    }
  }
  out.stats.removedCells = keepGroundedPiece(out);
  out.stats.filledCells = countFilled(out.cells);
  out.stats.totalMs = performance.now() - started;
  return out;
}

/** Which palette colours a grid uses, by id (for tests and summaries). */
export function coloursInGrid(grid: VoxelGrid): PaletteColourId[] {
  const seen = new Set<number>();
  for (let i = 0; i < grid.cells.length; i++) if (grid.cells[i]) seen.add(grid.cells[i]! - 1);
  return [...seen].sort((a, b) => a - b).map((i) => PALETTE[i]!.id);
}

/**
 * Each part's extent in cells as the voxeliser draws it alone (before carving and the one-piece
 * rule): the lowest cell and one past the highest on each axis, or null for a part that draws
 * nothing inside the bounds. What a model-written program's edits are measured against.
 */
export function partExtents(program: DesignProgram): Array<{ lo: Vec3; hi: Vec3 } | null> {
  const [bx, by, bz] = program.bounds;
  const grid: Grid = { nx: bx, ny: by, nz: bz };
  const mask = new Uint8Array(bx * by * bz);
  return program.parts.map((part) => {
    mask.fill(0);
    draw(part.shape, IDENTITY, grid, mask);
    const lo: Vec3 = [Infinity, Infinity, Infinity];
    const hi: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const c: Vec3 = [i % bx, Math.floor(i / bx) % by, Math.floor(i / (bx * by))];
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k]!, c[k]!);
        hi[k] = Math.max(hi[k]!, c[k]! + 1);
      }
    }
    return lo[0] === Infinity ? null : { lo, hi };
  });
}
