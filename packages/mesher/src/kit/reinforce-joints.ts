// Joints the pins alone cannot hold, reinforced by the layout. reinforce-pins.ts gives a joint one
// pin per shared cell at most, so a joint past its design capacity with every cell pinned (a block
// resting on one or two cells of the block under it, at the back of a cantilevered neck) can only be
// made stronger by sharing more cells: a block over the joint that overlaps the lower block further,
// or a block under it that reaches further under the upper one. For each such joint, worst first,
// the layer is re-tiled around it: a catalogue block covering the shared cells and more of the other
// block is placed, the blocks it displaces taken out and their other cells laid again. The kit is
// written and judged again (the same checks as any kit) and the change is kept only when the kit is
// better: no more pieces, then fewer joints pulled out, fewer steps to prop, fewer joints past their
// design load, less load past it; else the blocks are put back. Cells never move, so the centre of
// mass, the ground contact and the tipping margin stay what they were.
//
// The search is bounded by work, not time: REINFORCE_WORK blocks judged (2 to 24 kits, each as
// costly as the kit's own check), and kits of more than MAX_BLOCKS blocks are left as they are. The
// same kit comes out on every machine.

import type { StabilityReport } from '../build/stability';
import { PALETTE } from '../colour/palette';
import type { VoxelGrid } from '../voxel/voxel-grid';
import type { BlockKit, KitBlock } from './block-kit';
import { BrickLayout, SHAPES } from './brick-layout';
import { checkAndAnalyseKit, writeKit } from './build-block-kit';

/**
 * Work allowed, in blocks judged: a kit of n blocks gets REINFORCE_WORK / n checks (each costs about
 * as much as the kit's own check: 0.2 s for the npm bunny at 32, 1.2 s for the 69k bunny at 64 at
 * load 14), from MIN_CHECKS to MAX_CHECKS; so at most about ten times the kit's own check.
 */
export const REINFORCE_WORK = 60_000;
export const MIN_CHECKS = 2;
export const MAX_CHECKS = 24;
/** Re-tilings tried per joint (the most overlap first, over and under it). */
const CANDIDATES_PER_JOINT = 3;
/** Blocks a kit may gain per reinforced joint. */
const BLOCK_SLACK = 2;
/** Kits with more blocks are not reinforced (a check of the 69k bunny at 128, 39,000 blocks, costs about a second). */
export const MAX_BLOCKS = 60_000;

export interface JointReinforcement {
  /** The kit, reinforced or as it was, with its stability report. */
  kit: BlockKit;
  stability: StabilityReport;
  /** Kits judged, and re-tilings kept. */
  checks: number;
  kept: number;
}

/** What the kit is judged on, most important first: lower is better. */
function badness(kit: BlockKit, s: StabilityReport): number[] {
  let excess = 0;
  for (const j of s.joints.joints) if (j.utilisation > 1) excess += j.utilisation - 1;
  for (const j of s.buildJoints.joints) excess += j.utilisation - 1;
  return [
    kit.metrics.components,
    s.buildOrder.ok ? 0 : 1,
    s.joints.overloadedJointCount,
    (s.buildJoints.overloadedAtStep === null ? 0 : 1) + s.buildJoints.supportedSteps.length,
    s.joints.overDesignJointCount,
    Math.round(excess * 1000),
  ];
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** A joint to reinforce: its blocks (indices in kit.blocks) and their shared rectangle. */
interface Target {
  lower: KitBlock;
  upper: KitBlock;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The joints past their design capacity (finished) or pulled out during the build, worst first. */
function targets(kit: BlockKit, s: StabilityReport): Target[] {
  const byId = new Map(kit.blocks.map((b) => [b.id, b]));
  const loads = [...s.joints.joints.filter((j) => j.utilisation > 1), ...s.buildJoints.joints].sort(
    (a, b) => b.utilisation - a.utilisation,
  );
  const out: Target[] = [];
  const seen = new Set<string>();
  for (const j of loads) {
    const key = `${j.lowerBlockId}/${j.upperBlockId}`;
    const lower = byId.get(j.lowerBlockId);
    const upper = byId.get(j.upperBlockId);
    if (seen.has(key) || !lower || !upper || lower.added || upper.added) continue;
    seen.add(key);
    const x0 = Math.max(lower.x, upper.x);
    const x1 = Math.min(lower.x + lower.size.x, upper.x + upper.size.x);
    const y0 = Math.max(lower.y, upper.y);
    const y1 = Math.min(lower.y + lower.size.y, upper.y + upper.size.y);
    if (x1 > x0 && y1 > y0) out.push({ lower, upper, x0, x1, y0, y1 });
  }
  return out;
}

/** The layout a kit was written from: its blocks placed again on the grid (added ones marked). */
function layoutOf(kit: BlockKit, grid: VoxelGrid): BrickLayout {
  const layout = new BrickLayout(grid.dims, grid.cells);
  const colourIndex = new Map(PALETTE.map((c, i) => [c.id as string, i + 1]));
  for (const b of kit.blocks) {
    const id = layout.place(b.x, b.y, b.layer, b.size.x, b.size.y, colourIndex.get(b.colour)!);
    if (b.added) layout.addedIds.add(id);
  }
  return layout;
}

interface Placement {
  x: number;
  y: number;
  z: number;
  sx: number;
  sy: number;
  colour: number;
  /** Cells it shares with the other block of the joint. */
  overlap: number;
  /** Blocks of its layer it displaces. */
  displaced: number[];
}

/**
 * Catalogue blocks on layer z covering the rectangle [x0, x1) × [y0, y1) on cells of one colour
 * (none of them an added block's), that share more than `current` cells with `other` (a block on the
 * layer above or below): the most shared first, then the fewest blocks displaced, then the largest.
 */
function placements(
  layout: BrickLayout,
  t: Target,
  z: number,
  other: KitBlock,
  current: number,
): Placement[] {
  const { nx, ny, layerSize, owner, cells } = layout;
  const base = z * layerSize;
  const colour = cells[base + t.x0 + nx * t.y0]!;
  const out: Placement[] = [];
  for (const shape of SHAPES) {
    for (let y = Math.max(0, t.y1 - shape.sy); y <= Math.min(t.y0, ny - shape.sy); y++) {
      for (let x = Math.max(0, t.x1 - shape.sx); x <= Math.min(t.x0, nx - shape.sx); x++) {
        const ox = Math.min(x + shape.sx, other.x + other.size.x) - Math.max(x, other.x);
        const oy = Math.min(y + shape.sy, other.y + other.size.y) - Math.max(y, other.y);
        const overlap = ox > 0 && oy > 0 ? ox * oy : 0;
        if (overlap <= current) continue;
        const displaced: number[] = [];
        let fits = true;
        for (let j = 0; j < shape.sy && fits; j++) {
          for (let i = 0; i < shape.sx; i++) {
            const cell = base + x + i + nx * (y + j);
            const id = owner[cell]!;
            if (cells[cell] !== colour || id < 0 || layout.addedIds.has(id)) {
              fits = false;
              break;
            }
            if (!displaced.includes(id)) displaced.push(id);
          }
        }
        if (fits) out.push({ x, y, z, sx: shape.sx, sy: shape.sy, colour, overlap, displaced });
      }
    }
  }
  return out.sort(
    (a, b) =>
      b.overlap - a.overlap ||
      a.displaced.length - b.displaced.length ||
      b.sx * b.sy - a.sx * a.sy ||
      a.y - b.y ||
      a.x - b.x,
  );
}

/** Places `p`, lays the displaced blocks' other cells again; returns how to undo it, or null if it splits the kit. */
function apply(layout: BrickLayout, p: Placement, groups: number): (() => void) | null {
  const first = layout.bx.length;
  const freed: number[] = [];
  for (const id of p.displaced) freed.push(...layout.remove(id));
  layout.place(p.x, p.y, p.z, p.sx, p.sy, p.colour);
  const rest = freed.filter((cell) => layout.owner[cell] === -1);
  if (rest.length > 0) layout.layCells(p.z, rest);
  const undo = () => {
    for (let id = first; id < layout.bx.length; id++) if (layout.alive[id]) layout.remove(id);
    for (const id of p.displaced) layout.revive(id);
  };
  if (layout.components().count > groups) {
    undo();
    return null;
  }
  return undo;
}

/**
 * Re-tiles around the kit's joints that pins cannot hold (see the file comment) and returns the
 * best kit judged. `kit` must be checked (checkKit) against `grid`; `stability` is its report.
 */
export function reinforceJoints(
  kit: BlockKit,
  stability: StabilityReport,
  grid: VoxelGrid,
): JointReinforcement {
  let best = { kit, stability, score: badness(kit, stability) };
  let checks = 0;
  let kept = 0;
  const initial = targets(kit, stability);
  if (initial.length === 0 || kit.blocks.length > MAX_BLOCKS) return { kit, stability, checks, kept };
  const allowed = Math.max(MIN_CHECKS, Math.min(MAX_CHECKS, Math.floor(REINFORCE_WORK / kit.blocks.length)));
  const layout = layoutOf(kit, grid);
  let groups = layout.components().count;
  const tried = new Set<string>();
  let queue = initial;
  while (queue.length > 0 && checks < allowed) {
    const t = queue.shift()!;
    const key = `${t.lower.x},${t.lower.y},${t.lower.layer}/${t.upper.x},${t.upper.y},${t.upper.layer}`;
    if (tried.has(key)) continue;
    tried.add(key);
    const current = (t.x1 - t.x0) * (t.y1 - t.y0);
    // Over the joint (the upper layer, sharing more with the lower block), and under it.
    const over = placements(layout, t, t.upper.layer, t.lower, current);
    const under = placements(layout, t, t.lower.layer, t.upper, current);
    const candidates = [...over.slice(0, CANDIDATES_PER_JOINT), ...under.slice(0, CANDIDATES_PER_JOINT)].sort(
      (a, b) => b.overlap - a.overlap || a.displaced.length - b.displaced.length,
    );
    for (const p of candidates.slice(0, CANDIDATES_PER_JOINT)) {
      if (checks >= allowed) break;
      const undo = apply(layout, p, groups);
      if (!undo) continue;
      checks++;
      const next = checkAndAnalyseKit(writeKit(layout, grid), grid);
      const score = badness(next.kit, next.stability);
      if (next.kit.blocks.length <= best.kit.blocks.length + BLOCK_SLACK && better(score, best.score)) {
        best = { kit: next.kit, stability: next.stability, score };
        kept++;
        groups = layout.components().count;
        // The loads moved: judge the joints left from the new kit.
        queue = targets(next.kit, next.stability);
        break;
      }
      undo();
    }
  }
  return { kit: best.kit, stability: best.stability, checks, kept };
}
