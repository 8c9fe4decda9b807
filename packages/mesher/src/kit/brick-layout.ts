// Lays voxels out as blocks, layer by layer. Each layer is covered greedily from its first free
// cell with the best-scoring catalogue block (large first, long side alternating between layers,
// bridging separate groups below, never stacked exactly on an identical block), adjacent blocks are
// merged where the pair is itself a catalogue block, and groups left unconnected are re-laid
// locally with a block across their border until the kit is one piece or no bridge exists.
//
// Why one file of ~680 lines: the greedy layout, the merging and the repair all work on one
// mutable layout (cell owners, block list, connectivity) whose invariants they keep together;
// apart, each file would reach into the others' state.

import { BLOCK_CATALOGUE } from './catalogue';
import { UnionFind } from './union-find';

export interface Shape {
  sx: number;
  sy: number;
  area: number;
  /** 0: longer along x, 1: longer along y, -1: square. */
  longAxis: number;
}

export const SHAPES: Shape[] = (() => {
  const seen = new Set<string>();
  const shapes: Shape[] = [];
  for (const part of BLOCK_CATALOGUE) {
    for (const [sx, sy] of [
      [part.length, part.width],
      [part.width, part.length],
    ] as const) {
      const key = `${sx}x${sy}`;
      if (seen.has(key)) continue;
      seen.add(key);
      shapes.push({ sx, sy, area: sx * sy, longAxis: sx === sy ? -1 : sx > sy ? 0 : 1 });
    }
  }
  return shapes.sort((a, b) => b.area - a.area);
})();

const FOOTPRINTS = new Set(SHAPES.map((s) => `${s.sx}x${s.sy}`));

const AREA_WEIGHT = 100;
const ORIENTATION_BONUS = 30;
const BRIDGE_BONUS = 150;
const OVERLAP_BONUS = 5;
const EXACT_STACK_PENALTY = 250;
/** A block touching nothing above or below can never be joined; worth more than any size gain. */
const DANGLING_PENALTY = 2000;
/** A layer laid along the other direction must need this share fewer blocks to be chosen. */
const OFF_DIRECTION_MARGIN = 1.03;

/**
 * What each step of the searches adds to `BrickLayout.work`, relative to one cell of a connectivity
 * recount (about 3.4 ns on this project's VM, more on grids too large for the cache). Fitted to the
 * CPU times of the joining and re-tiling searches on the test meshes, solid and hollow (BENCHMARK.md),
 * so a work budget stands for roughly the same time whichever step dominates a model.
 */
export const WORK_COSTS = {
  /** A cell or block visited by `components()`. */
  recountCell: 1,
  /** A node of the exact tiling search (min-tiling.ts). */
  tilingNode: 50,
  /** A cell or block looked at while choosing a neighbourhood to re-tile. */
  scanCell: 8,
  /** A freed cell re-laid and re-counted locally while trying a bridge (sorting, placing, estimating). */
  relayCell: 70,
  /** A block or cell walked while looking for a group's border. */
  borderCell: 3,
} as const;

/** Blocks the search of componentsAfterBridge may visit before the whole model is recounted. */
const BRIDGE_CHECK_VISITS = 50_000;

export interface LayoutComponents {
  count: number;
  /** Root per brick id (-1 for removed bricks). */
  rootOf: Int32Array;
  /** Cells per root. */
  cellsByRoot: Map<number, number>;
}

export class BrickLayout {
  readonly nx: number;
  readonly ny: number;
  readonly nz: number;
  readonly layerSize: number;
  /** Palette index + 1 per cell; 0 = empty. */
  readonly cells: Uint8Array;
  /** Brick id per cell; -1 = not covered yet. */
  readonly owner: Int32Array;
  readonly bx: number[] = [];
  readonly by: number[] = [];
  readonly bz: number[] = [];
  readonly bsx: number[] = [];
  readonly bsy: number[] = [];
  readonly bcolour: number[] = [];
  readonly alive: boolean[] = [];
  /** Blocks added on empty cells to join loose groups (bridge-groups.ts), not part of the model. */
  readonly addedIds = new Set<number>();
  /**
   * Work done so far by the searches (cells and blocks visited, tiling-search nodes): a clock that
   * runs at the same rate on every machine, so budgets read from it give the same kit everywhere,
   * where a wall-clock budget would stop earlier on a slower or busier machine.
   */
  work = 0;
  /**
   * Blocks the check after a trial bridge may visit (componentsAfterBridge) before the whole model
   * is recounted instead; 0 always recounts. Either gives the same groups, so the same kit.
   */
  bridgeCheckVisits = BRIDGE_CHECK_VISITS;
  /** Whole-model recounts after a trial bridge that the check replaced. */
  bridgeChecks = 0;
  private uf: UnionFind;
  /**
   * Cells filled in the grid with a filled cell under them: the only cells where a block can be
   * pinned to the one below, so the only ones `components()` needs to visit (about a fifth of the
   * volume for a solid model at 256). A cell emptied later (trimmed) is skipped by its owner.
   */
  private readonly stacked: Int32Array;
  private readonly belowScratch: number[] = [];

  constructor(dims: readonly [number, number, number], cells: Uint8Array) {
    [this.nx, this.ny, this.nz] = dims;
    this.layerSize = this.nx * this.ny;
    this.cells = cells.slice();
    this.owner = new Int32Array(cells.length).fill(-1);
    let filled = 0;
    for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) filled++;
    this.uf = new UnionFind(Math.max(1, filled));
    let stacked = 0;
    for (let i = this.layerSize; i < cells.length; i++)
      if (cells[i] !== 0 && cells[i - this.layerSize] !== 0) stacked++;
    this.stacked = new Int32Array(stacked);
    for (let i = this.layerSize, k = 0; i < cells.length; i++)
      if (cells[i] !== 0 && cells[i - this.layerSize] !== 0) this.stacked[k++] = i;
  }

  /**
   * Lays every layer, trying up to `variants` layouts per layer (scan corner, direction, largest
   * first) and keeping the one with the fewest blocks.
   */
  layAll(variants: number, checkpoint?: () => void): void {
    for (let z = 0; z < this.nz; z++) {
      checkpoint?.();
      const preferY = z % 2 === 1;
      // Ordered by how much each tends to help; the first five keep the alternating direction.
      const layouts: (() => void)[] = [
        () => this.layCells(z, null, preferY),
        () => this.layLayerLargestFirst(z, preferY),
        () => this.layCells(z, null, preferY, true, true),
        () => this.layCells(z, null, preferY, true, false),
        () => this.layCells(z, null, preferY, false, true),
        () => this.layCells(z, null, !preferY),
        () => this.layLayerLargestFirst(z, !preferY),
        () => this.layCells(z, null, !preferY, true, true),
        () => this.layLayerLargestFirst(z, preferY, true, true),
        () => this.layLayerLargestFirst(z, preferY, true, false),
        () => this.layLayerLargestFirst(z, preferY, false, true),
        () => this.layCells(z, null, !preferY, true, false),
        () => this.layCells(z, null, !preferY, false, true),
        () => this.layLayerLargestFirst(z, !preferY, true, true),
        () => this.layLayerLargestFirst(z, !preferY, true, false),
        () => this.layLayerLargestFirst(z, !preferY, false, true),
      ];
      let bestCount = Infinity;
      let best: { x: number; y: number; sx: number; sy: number; colour: number }[] = [];
      // Trial layouts join sets in the incremental union-find; each is undone from a log of its
      // writes (not by recounting the whole model per trial, which cost O(volume) per layout tried:
      // most of the kit stage at 256). The sets after the undo are those before the trial, which
      // are the model's connectivity, so scores and layouts are unchanged.
      this.uf.record();
      for (let v = 0; v < Math.min(Math.max(1, variants), layouts.length); v++) {
        const firstId = this.bx.length;
        layouts[v]!();
        this.mergeLayer(z);
        let count = this.countFrom(firstId);
        // Layouts leaving blocks that can never be joined lose to any that avoid them.
        if (this.nz > 1) {
          for (let id = firstId; id < this.bx.length; id++) {
            if (this.alive[id] && this.dangling(this.bx[id]!, this.by[id]!, z, this.bsx[id]!, this.bsy[id]!))
              count += 1000;
          }
        }
        // The alternating direction interlocks layers; the others must win clearly.
        const offDirection = (v >= 5 && v <= 7) || v >= 11;
        const effective = offDirection ? count * OFF_DIRECTION_MARGIN : count;
        if (effective < bestCount) {
          bestCount = effective;
          best = this.snapshotFrom(firstId);
        }
        for (let id = firstId; id < this.bx.length; id++) if (this.alive[id]) this.remove(id);
        this.truncate(firstId);
        this.uf.rollback();
      }
      this.uf.stopRecording();
      for (const b of best) this.place(b.x, b.y, z, b.sx, b.sy, b.colour);
    }
  }

  /**
   * Largest-first layout of a layer: every position is tried for the biggest block before any
   * smaller one, which packs irregular regions tighter than growing from the first free cell.
   */
  layLayerLargestFirst(z: number, preferY: boolean, flipX = false, flipY = false): void {
    const { nx, ny } = this;
    const base = z * this.layerSize;
    const shapes = SHAPES.slice().sort(
      (a, b) =>
        b.area - a.area ||
        Number(b.longAxis === (preferY ? 1 : 0)) - Number(a.longAxis === (preferY ? 1 : 0)),
    );
    for (let pass = 0; pass < 2; pass++) {
      for (const shape of shapes) {
        for (let ys = 0; ys + shape.sy <= ny; ys++) {
          for (let xs = 0; xs + shape.sx <= nx; xs++) {
            const x = flipX ? nx - shape.sx - xs : xs;
            const y = flipY ? ny - shape.sy - ys : ys;
            const index = base + x + nx * y;
            const colour = this.cells[index]!;
            if (colour === 0 || this.owner[index] !== -1) continue;
            if (!this.fits(x, y, z, shape.sx, shape.sy, colour)) continue;
            // First pass: never stack exactly on an identical block, which would split the kit into columns.
            if (pass === 0 && z > 0 && shape.area > 1) {
              const below = this.owner[index - this.layerSize]!;
              if (
                below >= 0 &&
                this.bx[below] === x &&
                this.by[below] === y &&
                this.bsx[below] === shape.sx &&
                this.bsy[below] === shape.sy
              ) {
                continue;
              }
            }
            this.place(x, y, z, shape.sx, shape.sy, colour);
          }
        }
      }
    }
  }

  private countFrom(firstId: number): number {
    let count = 0;
    for (let id = firstId; id < this.bx.length; id++) if (this.alive[id]) count++;
    return count;
  }

  private snapshotFrom(firstId: number): { x: number; y: number; sx: number; sy: number; colour: number }[] {
    const out: { x: number; y: number; sx: number; sy: number; colour: number }[] = [];
    for (let id = firstId; id < this.bx.length; id++) {
      if (this.alive[id])
        out.push({
          x: this.bx[id]!,
          y: this.by[id]!,
          sx: this.bsx[id]!,
          sy: this.bsy[id]!,
          colour: this.bcolour[id]!,
        });
    }
    return out;
  }

  /** Covers the free cells of layer z (or only those listed) with blocks. */
  layCells(z: number, only: number[] | null, preferY = z % 2 === 1, flipX = false, flipY = false): void {
    const { nx, ny } = this;
    const base = z * this.layerSize;
    const visit = (xs: number, ys: number) => {
      const x = flipX ? nx - 1 - xs : xs;
      const y = flipY ? ny - 1 - ys : ys;
      const index = base + x + nx * y;
      if (this.cells[index] !== 0 && this.owner[index] === -1) this.placeBest(x, y, z, preferY, flipX, flipY);
    };
    if (only) {
      const sorted = only.slice().sort((a, b) => {
        const ax = a % nx;
        const ay = Math.floor(a / nx) % ny;
        const bxv = b % nx;
        const byv = Math.floor(b / nx) % ny;
        return preferY ? ax - bxv || ay - byv : ay - byv || ax - bxv;
      });
      for (const index of sorted) visit(index % nx, Math.floor(index / nx) % ny);
      return;
    }
    if (preferY) {
      for (let x = 0; x < nx; x++) for (let y = 0; y < ny; y++) visit(x, y);
    } else {
      for (let y = 0; y < ny; y++) for (let x = 0; x < nx; x++) visit(x, y);
    }
  }

  private fits(x: number, y: number, z: number, sx: number, sy: number, colour: number): boolean {
    if (x + sx > this.nx || y + sy > this.ny) return false;
    const base = z * this.layerSize;
    for (let j = 0; j < sy; j++) {
      let index = base + x + this.nx * (y + j);
      for (let i = 0; i < sx; i++, index++) {
        if (this.cells[index] !== colour || this.owner[index] !== -1) return false;
      }
    }
    return true;
  }

  /** Places the best block with the anchor cell at its first corner in scan order. */
  private placeBest(
    ax: number,
    ay: number,
    z: number,
    preferY: boolean,
    flipX: boolean,
    flipY: boolean,
  ): void {
    const colour = this.cells[z * this.layerSize + ax + this.nx * ay]!;
    let best: Shape | null = null;
    let bestX = ax;
    let bestY = ay;
    let bestScore = -Infinity;
    for (const shape of SHAPES) {
      // Areas only shrink from here; a smaller block cannot beat a score already out of reach.
      if (best && shape.area * AREA_WEIGHT + 2 * BRIDGE_BONUS * shape.area < bestScore) break;
      const x = flipX ? ax - shape.sx + 1 : ax;
      const y = flipY ? ay - shape.sy + 1 : ay;
      if (x < 0 || y < 0 || !this.fits(x, y, z, shape.sx, shape.sy, colour)) continue;
      const score = this.score(x, y, z, shape, preferY);
      if (score > bestScore) {
        bestScore = score;
        best = shape;
        bestX = x;
        bestY = y;
      }
    }
    // A 1×1 always fits the anchor cell, so best is never null here.
    const chosen = best ?? SHAPES[SHAPES.length - 1]!;
    this.place(bestX, bestY, z, chosen.sx, chosen.sy, colour);
  }

  /** Whether no cell of the footprint has a filled cell above or below it: such a block joins nothing. */
  private dangling(x: number, y: number, z: number, sx: number, sy: number): boolean {
    const { nx, layerSize, cells } = this;
    for (let j = 0; j < sy; j++) {
      for (let i = 0; i < sx; i++) {
        const index = z * layerSize + x + i + nx * (y + j);
        if ((z > 0 && cells[index - layerSize] !== 0) || (z + 1 < this.nz && cells[index + layerSize] !== 0))
          return false;
      }
    }
    return true;
  }

  private score(x: number, y: number, z: number, shape: Shape, preferY: boolean): number {
    let score = shape.area * AREA_WEIGHT;
    if (shape.longAxis === (preferY ? 1 : 0)) score += ORIENTATION_BONUS;
    if (this.nz > 1 && this.dangling(x, y, z, shape.sx, shape.sy)) score -= DANGLING_PENALTY;
    if (z === 0) return score;
    const below = this.belowScratch;
    below.length = 0;
    const base = (z - 1) * this.layerSize;
    for (let j = 0; j < shape.sy; j++) {
      for (let i = 0; i < shape.sx; i++) {
        const id = this.owner[base + x + i + this.nx * (y + j)]!;
        if (id >= 0 && !below.includes(id)) below.push(id);
      }
    }
    if (below.length === 0) return score;
    const roots: number[] = [];
    for (const id of below) {
      const root = this.uf.find(id);
      if (!roots.includes(root)) roots.push(root);
    }
    score += (roots.length - 1) * BRIDGE_BONUS + (below.length - 1) * OVERLAP_BONUS;
    if (below.length === 1) {
      const id = below[0]!;
      if (this.bx[id] === x && this.by[id] === y && this.bsx[id] === shape.sx && this.bsy[id] === shape.sy) {
        score -= EXACT_STACK_PENALTY;
      }
    }
    return score;
  }

  place(x: number, y: number, z: number, sx: number, sy: number, colour: number): number {
    const id = this.bx.length;
    this.uf.ensure(id + 1);
    this.bx.push(x);
    this.by.push(y);
    this.bz.push(z);
    this.bsx.push(sx);
    this.bsy.push(sy);
    this.bcolour.push(colour);
    this.alive.push(true);
    const base = z * this.layerSize;
    for (let j = 0; j < sy; j++) {
      for (let i = 0; i < sx; i++) {
        const index = base + x + i + this.nx * (y + j);
        this.owner[index] = id;
        if (z > 0) {
          const below = this.owner[index - this.layerSize]!;
          if (below >= 0) this.uf.union(below, id);
        }
        if (z + 1 < this.nz) {
          const above = this.owner[index + this.layerSize]!;
          if (above >= 0) this.uf.union(above, id);
        }
      }
    }
    return id;
  }

  /** Puts a removed brick back where it was, under its old id (its cells must still be free). */
  revive(id: number): void {
    const base = this.bz[id]! * this.layerSize;
    for (let j = 0; j < this.bsy[id]!; j++) {
      for (let i = 0; i < this.bsx[id]!; i++)
        this.owner[base + this.bx[id]! + i + this.nx * (this.by[id]! + j)] = id;
    }
    this.alive[id] = true;
  }

  remove(id: number): number[] {
    const freed: number[] = [];
    const base = this.bz[id]! * this.layerSize;
    for (let j = 0; j < this.bsy[id]!; j++) {
      for (let i = 0; i < this.bsx[id]!; i++) {
        const index = base + this.bx[id]! + i + this.nx * (this.by[id]! + j);
        this.owner[index] = -1;
        freed.push(index);
      }
    }
    this.alive[id] = false;
    return freed;
  }

  /** Joins neighbouring blocks of one colour whose union is itself a catalogue block. */
  mergeLayer(z: number): void {
    const { nx, ny } = this;
    const base = z * this.layerSize;
    let merged = true;
    while (merged) {
      merged = false;
      for (let y = 0; y < ny; y++) {
        for (let x = 0; x < nx; x++) {
          const id = this.owner[base + x + nx * y]!;
          if (id < 0 || this.bx[id] !== x || this.by[id] !== y) continue;
          const sx = this.bsx[id]!;
          const sy = this.bsy[id]!;
          const candidates: number[] = [];
          if (x + sx < nx) candidates.push(this.owner[base + x + sx + nx * y]!);
          if (y + sy < ny) candidates.push(this.owner[base + x + nx * (y + sy)]!);
          for (const other of candidates) {
            if (other < 0 || other === id || this.bcolour[other] !== this.bcolour[id]) continue;
            const horizontal = this.by[other] === y && this.bsy[other] === sy && this.bx[other] === x + sx;
            const vertical = this.bx[other] === x && this.bsx[other] === sx && this.by[other] === y + sy;
            if (!horizontal && !vertical) continue;
            const nsx = horizontal ? sx + this.bsx[other]! : sx;
            const nsy = vertical ? sy + this.bsy[other]! : sy;
            if (!FOOTPRINTS.has(`${nsx}x${nsy}`)) continue;
            const colour = this.bcolour[id]!;
            this.remove(other);
            this.remove(id);
            this.place(x, y, z, nsx, nsy, colour);
            merged = true;
            break;
          }
        }
      }
    }
  }

  components(): LayoutComponents {
    const count = this.bx.length;
    this.work += WORK_COSTS.recountCell * (this.owner.length + count);
    const uf = new UnionFind(Math.max(1, count));
    const { owner, layerSize, stacked } = this;
    // Same unions, in the same order, as visiting every cell of the volume (the work charged above
    // stays that of the whole volume, so budgets, and kits, are as before).
    // A run of cells along x usually repeats the pair just joined; joining it again changes no set
    // and no root, so it is skipped.
    let lastBelow = -1;
    let lastId = -1;
    for (let k = 0; k < stacked.length; k++) {
      const index = stacked[k]!;
      const id = owner[index]!;
      if (id < 0) continue;
      const below = owner[index - layerSize]!;
      if (below < 0 || (below === lastBelow && id === lastId)) continue;
      lastBelow = below;
      lastId = id;
      uf.union(below, id);
    }
    // Blocks added on empty cells (bridge-groups.ts) are joined through cells `stacked` (the
    // model's stacked cells) does not list: above and below each of their cells.
    for (const id of this.addedIds) {
      if (!this.alive[id]) continue;
      const z = this.bz[id]!;
      for (let j = 0; j < this.bsy[id]!; j++) {
        for (let i = 0; i < this.bsx[id]!; i++) {
          const index = z * layerSize + this.bx[id]! + i + this.nx * (this.by[id]! + j);
          if (z > 0 && owner[index - layerSize]! >= 0) uf.union(owner[index - layerSize]!, id);
          if (z + 1 < this.nz && owner[index + layerSize]! >= 0) uf.union(owner[index + layerSize]!, id);
        }
      }
    }
    const rootOf = new Int32Array(count).fill(-1);
    const cellsByRoot = new Map<number, number>();
    for (let id = 0; id < count; id++) {
      if (!this.alive[id]) continue;
      const root = uf.find(id);
      rootOf[id] = root;
      cellsByRoot.set(root, (cellsByRoot.get(root) ?? 0) + this.bsx[id]! * this.bsy[id]!);
    }
    // Keep the incremental sets in step for later placements.
    this.uf = uf;
    return { count: cellsByRoot.size, rootOf, cellsByRoot };
  }

  /**
   * Re-lays small regions around the borders of unconnected groups with a block spanning the
   * border, keeping a change only when it lowers the number of groups. Stops after `maxAttempts`
   * bridges tried or `workBudget` units of `work`, whichever comes first; `checkpoint` may only
   * throw (cancellation), never shorten the search. Returns the final count.
   */
  repair(maxAttempts: number, workBudget = Infinity, checkpoint?: () => void): number {
    const workStart = this.work;
    let attempts = 0;
    const spent = () => attempts >= maxAttempts || this.work - workStart >= workBudget;
    let state = this.components();
    while (state.count > 1 && !spent()) {
      checkpoint?.();
      let mainRoot = -1;
      let mainCells = -1;
      for (const [root, cellCount] of state.cellsByRoot) {
        if (cellCount > mainCells) {
          mainCells = cellCount;
          mainRoot = root;
        }
      }
      const groups = [...state.cellsByRoot.entries()]
        .filter(([root]) => root !== mainRoot)
        .sort((a, b) => a[1] - b[1]);
      let improved = false;
      for (const [root] of groups) {
        for (const [a, b] of this.borderPairs(state.rootOf, root, 24)) {
          attempts++;
          const next =
            this.tryBridge(a, b, state.count, state.rootOf, 3) ??
            this.tryBridge(a, b, state.count, state.rootOf, 7);
          if (next) {
            state = next;
            improved = true;
            break;
          }
          if (spent()) break;
        }
        if (improved || spent()) break;
      }
      if (!improved) break;
    }
    return state.count;
  }

  /** Same-layer, same-colour neighbouring cells where one side belongs to `root` and the other not. */
  private borderPairs(rootOf: Int32Array, root: number, limit: number): [number, number][] {
    const pairs: [number, number][] = [];
    const { nx, ny, layerSize } = this;
    let id = 0;
    for (; id < this.bx.length && pairs.length < limit; id++) {
      if (!this.alive[id] || rootOf[id] !== root) continue;
      this.work += WORK_COSTS.borderCell * this.bsx[id]! * this.bsy[id]!;
      const base = this.bz[id]! * layerSize;
      for (let j = 0; j < this.bsy[id]!; j++) {
        for (let i = 0; i < this.bsx[id]!; i++) {
          const x = this.bx[id]! + i;
          const y = this.by[id]! + j;
          const a = base + x + nx * y;
          const neighbours = [
            x > 0 ? a - 1 : -1,
            x + 1 < nx ? a + 1 : -1,
            y > 0 ? a - nx : -1,
            y + 1 < ny ? a + nx : -1,
          ];
          for (const b of neighbours) {
            if (b < 0) continue;
            const other = this.owner[b]!;
            if (other < 0 || rootOf[other] === root || this.cells[b] !== this.cells[a]) continue;
            pairs.push([a, b]);
          }
        }
      }
    }
    this.work += WORK_COSTS.borderCell * id;
    return pairs;
  }

  private tryBridge(
    a: number,
    b: number,
    currentCount: number,
    rootOf: Int32Array,
    window: number,
  ): LayoutComponents | null {
    const { nx, ny, layerSize } = this;
    const z = Math.floor(a / layerSize);
    const ax = a % nx;
    const ay = Math.floor(a / nx) % ny;
    const bxc = b % nx;
    const byc = Math.floor(b / nx) % ny;
    const colour = this.cells[a]!;
    // Trial placements join sets in the incremental union-find; a failed bridge undoes them from
    // the log of its writes (a recount inside the trial replaces `this.uf`, and leaves this one's
    // log intact) instead of recounting the whole model or copying the sets per attempt.
    const ufBefore = this.uf;
    ufBefore.record();
    // Free the two blocks at the border and their neighbours in a small window.
    const removed = new Set<number>();
    for (
      let y = Math.max(0, Math.min(ay, byc) - window);
      y <= Math.min(ny - 1, Math.max(ay, byc) + window);
      y++
    ) {
      for (
        let x = Math.max(0, Math.min(ax, bxc) - window);
        x <= Math.min(nx - 1, Math.max(ax, bxc) + window);
        x++
      ) {
        const id = this.owner[z * layerSize + x + nx * y]!;
        if (id >= 0) removed.add(id);
      }
    }
    const saved = [...removed].map((id) => ({
      id,
      x: this.bx[id]!,
      y: this.by[id]!,
      sx: this.bsx[id]!,
      sy: this.bsy[id]!,
      colour: this.bcolour[id]!,
    }));
    const groupsBefore = this.localGroups([...removed], rootOf);
    const freed: number[] = [];
    for (const id of removed) freed.push(...this.remove(id));
    const freedSet = new Set(freed);
    const firstNew = this.bx.length;
    this.work += WORK_COSTS.relayCell * freed.length;

    const candidates: { x: number; y: number; sx: number; sy: number }[] = [];
    for (const shape of SHAPES) {
      if (shape.area < 2) continue;
      for (let y0 = Math.max(ay, byc) - shape.sy + 1; y0 <= Math.min(ay, byc); y0++) {
        for (let x0 = Math.max(ax, bxc) - shape.sx + 1; x0 <= Math.min(ax, bxc); x0++) {
          if (x0 < 0 || y0 < 0 || x0 + shape.sx > nx || y0 + shape.sy > ny) continue;
          let ok = true;
          for (let j = 0; j < shape.sy && ok; j++) {
            for (let i = 0; i < shape.sx && ok; i++) {
              const index = z * layerSize + x0 + i + nx * (y0 + j);
              if (!freedSet.has(index) || this.cells[index] !== colour) ok = false;
            }
          }
          if (ok) candidates.push({ x: x0, y: y0, sx: shape.sx, sy: shape.sy });
        }
      }
    }
    for (const candidate of candidates.slice(0, 12)) {
      this.work += WORK_COSTS.relayCell * freed.length;
      this.place(candidate.x, candidate.y, z, candidate.sx, candidate.sy, colour);
      this.layCells(z, freed);
      // Cheap local estimate first: only when the new blocks join the groups around them into fewer
      // pieces than the old blocks did is the whole-model recount worth doing.
      const added: number[] = [];
      for (let id = firstNew; id < this.bx.length; id++) if (this.alive[id]) added.push(id);
      if (this.localGroups(added, rootOf) >= groupsBefore) {
        for (let id = firstNew; id < this.bx.length; id++) if (this.alive[id]) this.remove(id);
        this.truncate(firstNew);
        continue;
      }
      const state =
        (this.bridgeCheckVisits > 0 ? this.componentsAfterBridge(z, saved, firstNew, rootOf) : null) ??
        this.components();
      if (state.count < currentCount) {
        ufBefore.stopRecording();
        return state;
      }
      for (let id = firstNew; id < this.bx.length; id++) if (this.alive[id]) this.remove(id);
      this.truncate(firstNew);
    }
    for (const brick of saved) {
      this.alive[brick.id] = true;
      const base = z * layerSize;
      for (let j = 0; j < brick.sy; j++) {
        for (let i = 0; i < brick.sx; i++) this.owner[base + brick.x + i + nx * (brick.y + j)] = brick.id;
      }
    }
    ufBefore.rollback();
    ufBefore.stopRecording();
    this.uf = ufBefore;
    return null;
  }

  /**
   * `components()` after a trial in tryBridge, derived from the components before it instead of
   * recounting the whole model, or null when that cannot be shown (then the caller recounts).
   * The trial took the blocks `removed` (layer z) out and laid new blocks (ids from `firstNew`) on
   * cells they freed. Connections between the other blocks are unchanged, so a group without a
   * removed block is still one group; in a group with removed blocks, every other block is joined,
   * without them, to one of their neighbours above or below (the path from it to the nearest
   * removed block ends at one), so the group stays one piece exactly when those neighbours are
   * still joined to each other without the removed blocks: a search from each, side by side,
   * until they have all met (bounded: BRIDGE_CHECK_VISITS; a search that ends before meeting the
   * others means the group split, and the caller recounts). The new blocks touch only those
   * neighbours (they lie on the freed cells). Same partition as `components()`, the same count
   * and order of groups (by their lowest block id), and the same work charged.
   */
  private componentsAfterBridge(
    z: number,
    removed: readonly { id: number; x: number; y: number; sx: number; sy: number }[],
    firstNew: number,
    rootOf: Int32Array,
  ): LayoutComponents | null {
    if (rootOf.length !== firstNew || z <= 0 || z + 1 >= this.nz) return null;
    const { nx, layerSize, owner, alive } = this;
    const count = this.bx.length;
    // The neighbours above and below the removed blocks, by group.
    const neighbours: number[] = [];
    const seen = new Set<number>();
    for (const r of removed) {
      const base = z * layerSize;
      for (let j = 0; j < r.sy; j++) {
        for (let i = 0; i < r.sx; i++) {
          const cell = base + r.x + i + nx * (r.y + j);
          for (const other of [owner[cell - layerSize]!, owner[cell + layerSize]!]) {
            if (other < 0 || other >= firstNew || !alive[other] || seen.has(other)) continue;
            seen.add(other);
            neighbours.push(other);
          }
        }
      }
    }
    // Per group with removed blocks, its neighbours must all meet without the removed blocks.
    const groupOf = new Map<number, number[]>();
    for (const n of neighbours) {
      const list = groupOf.get(rootOf[n]!);
      if (list) list.push(n);
      else groupOf.set(rootOf[n]!, [n]);
    }
    // Old blocks in pieces their group split into, each piece with a label of its own; the rest
    // of each group keeps the group's.
    const pieceLabel = new Map<number, number>();
    let pieces = 0;
    let visits = 0;
    for (const list of groupOf.values()) {
      if (list.length < 2) continue;
      const split = this.neighbourPieces(list, firstNew, this.bridgeCheckVisits - visits);
      if (split === null) return null;
      visits += split.visits;
      for (const piece of split.closed) {
        pieces++;
        for (const id of piece) pieceLabel.set(id, -1 - count - pieces);
      }
    }
    const oldLabel = (id: number) => pieceLabel.get(id) ?? rootOf[id]!;
    // Groups before the trial, by label, joined through the new blocks to the neighbours they lie on.
    const labelParent = new Map<number, number>();
    const findLabel = (label: number): number => {
      let root = label;
      while (labelParent.has(root) && labelParent.get(root) !== root) root = labelParent.get(root)!;
      return root;
    };
    const newLabel = (id: number) => -1 - id; // new blocks: labels of their own
    for (let id = firstNew; id < count; id++) {
      if (!alive[id]) continue;
      labelParent.set(newLabel(id), newLabel(id));
      const base = this.bz[id]! * layerSize;
      for (let j = 0; j < this.bsy[id]!; j++) {
        for (let i = 0; i < this.bsx[id]!; i++) {
          const cell = base + this.bx[id]! + i + nx * (this.by[id]! + j);
          for (const other of [owner[cell - layerSize]!, owner[cell + layerSize]!]) {
            if (other < 0 || !alive[other]) continue;
            // A new block's neighbours are neighbours of the removed blocks (old blocks).
            if (other >= firstNew || !seen.has(other)) return null;
            const a = findLabel(newLabel(id));
            const b = findLabel(oldLabel(other));
            if (a !== b) labelParent.set(a, b);
          }
        }
      }
    }
    // Label every live block, the groups in order of their lowest block id (as components()). A
    // group's representative is its lowest live block; looked up once per label before the trial
    // (an array), through the labels' joins otherwise (a few labels).
    const uf = new UnionFind(Math.max(1, count));
    const next = new Int32Array(count).fill(-1);
    const repOf = new Map<number, number>();
    const repOfOldLabel = new Int32Array(firstNew).fill(-1);
    const cells = new Float64Array(count);
    const reps: number[] = [];
    for (let id = 0; id < count; id++) {
      if (!alive[id]) continue;
      if (id < firstNew && rootOf[id]! < 0) return null;
      const label = id < firstNew ? oldLabel(id) : newLabel(id);
      let rep = label >= 0 ? repOfOldLabel[label]! : -1;
      if (rep < 0) {
        const root = findLabel(label);
        rep = repOf.get(root) ?? -1;
        if (rep < 0) {
          rep = id;
          repOf.set(root, rep);
          reps.push(rep);
        }
        if (label >= 0) repOfOldLabel[label] = rep;
      }
      if (rep !== id) uf.union(rep, id);
      next[id] = rep;
      cells[rep] = cells[rep]! + this.bsx[id]! * this.bsy[id]!;
    }
    const cellsByRoot = new Map<number, number>();
    for (const rep of reps) cellsByRoot.set(rep, cells[rep]!);
    this.work += WORK_COSTS.recountCell * (owner.length + count);
    this.uf = uf;
    this.bridgeChecks++;
    return { count: cellsByRoot.size, rootOf: next, cellsByRoot };
  }

  /**
   * How the old blocks `from` (ids below `firstNew`) fall apart into pieces joined through live old
   * blocks: searches from each side by side, merged where they meet, until at most one is still
   * open. Returns the blocks of every closed piece (a search that ran out: all of its piece is
   * known) by piece, and the blocks visited; the one piece still open, if any, holds every other
   * block joined to `from`. Null when the visits would exceed `budget`.
   */
  private neighbourPieces(
    from: readonly number[],
    firstNew: number,
    budget: number,
  ): { visits: number; closed: number[][] } | null {
    const { nx, layerSize, owner, alive } = this;
    const searchOf = new Map<number, number>();
    // Searches that met are one (their union); a search is named by its root.
    const searches = new UnionFind(from.length);
    const find = (k: number) => searches.find(k);
    const queue: number[] = [];
    from.forEach((id, k) => {
      searchOf.set(id, k);
      queue.push(id);
    });
    // Blocks queued and not yet searched from, per search (merged searches share theirs).
    const open = from.map(() => 1);
    let live = from.length;
    let head = 0;
    while (live > 1 && head < queue.length) {
      if (head >= budget) return null;
      const id = queue[head++]!;
      const search = find(searchOf.get(id)!);
      open[search]!--;
      const base = this.bz[id]! * layerSize;
      for (let j = 0; j < this.bsy[id]!; j++) {
        for (let i = 0; i < this.bsx[id]!; i++) {
          const cell = base + this.bx[id]! + i + nx * (this.by[id]! + j);
          for (const other of [
            cell >= layerSize ? owner[cell - layerSize]! : -1,
            cell + layerSize < owner.length ? owner[cell + layerSize]! : -1,
          ]) {
            if (other < 0 || other >= firstNew || !alive[other]) continue;
            const there = searchOf.get(other);
            if (there === undefined) {
              searchOf.set(other, search);
              queue.push(other);
              open[search]!++;
              continue;
            }
            const b = find(there);
            if (b === search) continue;
            // Two open searches meet (a closed one has met every block it can reach).
            searches.union(search, b);
            open[search]! += open[b]!;
            live--;
          }
        }
      }
      if (open[search] === 0) live--;
    }
    const closed = new Map<number, number[]>();
    for (const [id, k] of searchOf) {
      const search = find(k);
      if (open[search]! > 0) continue;
      const piece = closed.get(search);
      if (piece) piece.push(id);
      else closed.set(search, [id]);
    }
    return { visits: head, closed: [...closed.values()] };
  }

  /**
   * Pieces formed by some blocks of one layer together with the groups (by component label) of the
   * blocks directly above and below them.
   */
  private localGroups(ids: number[], rootOf: Int32Array): number {
    const region = new Set(ids);
    // Nodes: the region's blocks (0..ids.length-1), then one per neighbouring group label.
    const pieces = new UnionFind(ids.length);
    let nodes = ids.length;
    const rootNode = new Map<number, number>();
    const { nx, layerSize } = this;
    ids.forEach((id, k) => {
      const base = this.bz[id]! * layerSize;
      for (let j = 0; j < this.bsy[id]!; j++) {
        for (let i = 0; i < this.bsx[id]!; i++) {
          const cell = base + this.bx[id]! + i + nx * (this.by[id]! + j);
          for (const other of [cell - layerSize, cell + layerSize]) {
            if (other < 0 || other >= this.owner.length) continue;
            const neighbour = this.owner[other]!;
            if (
              neighbour < 0 ||
              region.has(neighbour) ||
              neighbour >= rootOf.length ||
              rootOf[neighbour]! < 0
            )
              continue;
            const label = rootOf[neighbour]!;
            let node = rootNode.get(label);
            if (node === undefined) {
              node = nodes++;
              pieces.ensure(nodes);
              rootNode.set(label, node);
            }
            pieces.union(node, k);
          }
        }
      }
    });
    let count = 0;
    for (let i = 0; i < nodes; i++) if (pieces.find(i) === i) count++;
    return count;
  }

  /** Drops bricks appended after `length` (all already removed) so ids stay dense. */
  private truncate(length: number): void {
    for (const list of [this.bx, this.by, this.bz, this.bsx, this.bsy, this.bcolour]) list.length = length;
    this.alive.length = length;
  }
}
