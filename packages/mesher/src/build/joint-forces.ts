// Forces in the pin joints: every block's weight is carried down to the floor through the joints
// between stacked blocks, shared between the load paths, and each joint's pins are checked against
// the tension and bending the shared load puts on them.
//
// A joint is the interface between a lower and an upper block: the cells they share, which for two
// boxes on a grid is a rectangle of w × h cells, holding the kit's pins (its fastener entry's
// count: one for a single shared cell, two at the far corners of a larger overlap, more where the
// load needs them, reinforce-pins.ts). It carries compression
// anywhere on that rectangle without limit (rigid blocks bearing on each other) and tension only
// through its pins, each up to PIN_MODEL.pullOutN / PIN_MODEL.safetyFactor.
//
// Load paths, shared: for every cut between layer z − 1 and z, each connected piece of the layers
// above is a free body. Its weight, and the pull of the pieces that hang from it at that cut, must
// be held by its joints at the cut (those leading to the floor; all of them if none does), exactly
// in total force and moment whatever happens inside it: a deck held at both ends sends half its
// weight to each pier, a table top a quarter to each leg, a mast's arm levers the mast's pins.
// From the floor up, each piece of the layers below a cut that does not reach the floor hangs from
// its joints at that cut. (Kollsker & Malaguti 2021 route each brick's weight to the ground as a
// flow through connections of limited capacity; the cuts give the same sharing between paths and,
// in addition, where each share acts, which the moments need.) Two union-find sweeps, one down and
// one up: near-linear in joints and pins.
//
// Why one file of ~980 lines: the two sweeps share one set of cut pieces, joint tables and pin
// counts built once per kit, and the check of every partial build (at the end) re-solves them per
// step from the same tables; split, each part would rebuild or export those internals, and the
// statics above could no longer be read beside the code that carries them out.
//
// Sharing a piece's total between its joints at a cut (the one assumption): a rigid cap on an even
// bed, the pins' cells taking a linear distribution of stress (Navier's formula, as for a footing
// or a bolt group): force F at point c over cells with centroid c̄ gives each cell
// F/n + (q − c̄)·A⁻¹F(c − c̄), A the second moment of the cells. When that would pull a pin although
// the load lies over the contact, a share that pulls none is used instead (part spread evenly, the
// rest at the contact's edge): by the lower-bound theorem of plasticity the joints hold if any
// equilibrium share is within their strength. A load beyond the contact keeps the linear share, in
// which the pins at the back pull.
//
// A joint's pins: a rigid interface with vertical force N (compression positive) acting at offset e
// from the rectangle's centre, s = max(|eₓ|/(w/2), |e_y|/(h/2)) (1 on the rectangle's edge). With
// every pin pulling equally and the compression anywhere on the contact, equilibrium needs a total
// pin tension P = max(0, |N|·s − N): nothing while compression acts inside the contact, N(s − 1)
// once it acts beyond the edge (the joint tips about that edge and the pins hold it back), and
// T(1 + s) for a tension T (the pins carry it, and an offset load presses the far edge down and
// pulls the near pins harder). Utilisation = P / (pins × design force per pin).
//
// Luo et al. 2015 (Legolization) and Pun et al. 2025 (BrickGPT) judge brick structures the same way
// in spirit: forces per connection from equilibrium, each connection limited in what it can pull.

import { type BlockKit, blockIndexOf, pinsForOverlap, type StructuralVerdict } from '../kit/block-kit';
import { BLOCK_CATALOGUE, BLOCK_MODULE } from '../kit/catalogue';
import { hullIndices } from './convex-hull';
import type { KitStructure } from './kit-structure';

/**
 * The joint model's parameters (docs/decisions.md, "Forces in the pin joints" and "The joint
 * model's numbers"). Utilisation is a joint's pin tension over its design capacity (pins ×
 * PIN_DESIGN_FORCE_N): at or above `weakUtilisation` it is a weak point, above 1 it is past its
 * design load but still within what its pins hold (a weak point too: the safety factor is spent),
 * above `safetyFactor` the pins pull out and the kit fails.
 */
export const PIN_MODEL = Object.freeze({
  /**
   * Force (N) that pulls one pin out of its hole: an assumption, not a measurement of our pin (the
   * kit's pin has not been made; the friction pins of construction toys hold a few newtons).
   */
  pullOutN: 5,
  /** The pins are designed for pull-out / safetyFactor: a joint fails beyond this utilisation. */
  safetyFactor: 2,
  /** Standard gravity (m/s²). */
  gravity: 9.81,
  /** A joint at or above this share of its capacity is a weak point. */
  weakUtilisation: 0.5,
});

/** Whether a joint at utilisation `u` pulls its pins out (beyond PIN_MODEL.safetyFactor): it fails. */
export function pullsOut(u: number): boolean {
  return u > PIN_MODEL.safetyFactor + 1e-9;
}

/** Pin tension (N) one pin is designed for. */
export const PIN_DESIGN_FORCE_N = PIN_MODEL.pullOutN / PIN_MODEL.safetyFactor;

export type JointVerdict = StructuralVerdict;

export interface JointLoad {
  lowerBlockId: number;
  upperBlockId: number;
  /** The joint lies between `layer - 1` and `layer` (0-based layers). */
  layer: number;
  pins: number;
  /** Cell of the joint's centre (x, y). */
  at: { x: number; y: number };
  /** Vertical force through the joint (N): positive compression, negative tension. */
  forceN: number;
  /** Total pin tension the joint needs (N). */
  pinTensionN: number;
  /** What its pins are designed to hold together (N). */
  capacityN: number;
  /** pinTensionN / capacityN. */
  utilisation: number;
  /** Compression beyond the contact's edge (the joint tips), or tension (the lower block hangs). */
  mode: 'bending' | 'tension';
}

export interface JointForceReport {
  verdict: JointVerdict;
  jointCount: number;
  /** Joints at or above PIN_MODEL.weakUtilisation whose pins hold (up to PIN_MODEL.safetyFactor). */
  weakJointCount: number;
  /** Of those, joints past their design capacity (utilisation above 1): the safety factor spent. */
  overDesignJointCount: number;
  /** Joints whose pins pull out: utilisation above PIN_MODEL.safetyFactor. */
  overloadedJointCount: number;
  maxUtilisation: number;
  /** Up to JOINT_LIST_LIMIT of the weak and overloaded joints, the most loaded first (then in kit order). */
  joints: JointLoad[];
}

export const JOINT_LIST_LIMIT = 100;

/** Cells of the largest catalogue block: a bound on the joints under one block. */
const BLOCK_CATALOGUE_MAX_CELLS = Math.max(...BLOCK_CATALOGUE.map((p) => p.width * p.length));

export interface JointListOptions {
  /** List joints from this utilisation up (default PIN_MODEL.weakUtilisation). */
  minUtilisation?: number;
  /** At most this many (default JOINT_LIST_LIMIT). */
  limit?: number;
  /**
   * Called for every joint with its blocks (indices in kit.blocks), shared cells and the pin tension
   * (N) its load needs: how reinforce-pins.ts learns how many pins each pair must have.
   */
  onJoint?: (lower: number, upper: number, sharedCells: number, tensionN: number) => void;
  /**
   * The joint tables of this kit, built once and shared (`jointSolver`): the finished model is
   * solved only if the solver's last solve was not of the finished model (the loads do not depend
   * on the pins, which are read from the kit again).
   */
  solver?: JointSolver;
}

/**
 * The kit's pin count for each stacked pair, looked up by (lower, upper) block index: the fastener
 * pairs grouped by upper block (a pair missing from the kit has the fewest pins a pair may have).
 */
function kitPinLookup(kit: BlockKit): (lower: number, upper: number, sharedCells: number) => number {
  const count = kit.blocks.length;
  const start = new Int32Array(count + 1);
  const pairs = kit.pairs;
  for (let k = 0; k < pairs.count; k++) {
    const upper = pairs.upper[k]!;
    if (upper >= 0 && upper < count) start[upper + 1]!++;
  }
  for (let i = 0; i < count; i++) start[i + 1]! += start[i]!;
  const lowers = new Int32Array(start[count]!);
  const pins = new Int32Array(start[count]!);
  const fill = start.slice(0, count);
  for (let k = 0; k < pairs.count; k++) {
    const upper = pairs.upper[k]!;
    if (!(upper >= 0 && upper < count)) continue;
    const at = fill[upper]!++;
    lowers[at] = pairs.lower[k]!;
    pins[at] = pairs.pins[k]!;
  }
  return (lower, upper, sharedCells) => {
    for (let k = start[upper]!; k < start[upper + 1]!; k++) if (lowers[k] === lower) return pins[k]!;
    return pinsForOverlap(sharedCells);
  };
}

/**
 * The load in every joint of the kit and its verdict. Pieces that nothing joins to the floor are
 * loaded as if the rest held them (the stability check reports them as floating, and the kit fails
 * anyway); blocks outside the kit's layers carry nothing.
 */
export function analyseJointForces(
  kit: BlockKit,
  structure: KitStructure,
  contactTopLayer = 0,
  list: JointListOptions = {},
): JointForceReport {
  const listFrom = list.minUtilisation ?? PIN_MODEL.weakUtilisation;
  const listLimit = list.limit ?? JOINT_LIST_LIMIT;
  const shared = list.solver !== undefined && solverFits(list.solver, kit, structure, contactTopLayer);
  const model = shared ? list.solver!.model : jointModel(kit, structure, contactTopLayer);
  if (shared) model.readPins();
  const { jointCount, jLower, jUpper, jCells, jPins } = model;
  if (!model.finishedSolved()) model.solve(null, structure.dims[2] - 1);

  const weak: JointLoad[] = [];
  let weakJointCount = 0;
  let overDesignJointCount = 0;
  let overloadedJointCount = 0;
  let maxUtilisation = 0;
  const candidates: { m: number; u: number; tension: number }[] = [];
  for (let m = 0; m < jointCount; m++) {
    const tension = model.tension(m);
    list.onJoint?.(jLower[m]!, jUpper[m]!, jCells[m]!, tension);
    // The kit's pins, not its shared cells (two at the far corners of an overlap, or more where
    // reinforce-pins.ts added them, placed symmetrically): their resultant acts at the centre.
    const u = tension / (Math.max(1, jPins[m]!) * PIN_DESIGN_FORCE_N);
    if (u > maxUtilisation) maxUtilisation = u;
    if (pullsOut(u)) overloadedJointCount++;
    else if (u >= PIN_MODEL.weakUtilisation) {
      weakJointCount++;
      if (u > 1 + 1e-9) overDesignJointCount++;
    }
    if (u >= listFrom) candidates.push({ m, u, tension });
  }
  candidates.sort((a, b) => b.u - a.u || a.m - b.m);
  for (const { m, u, tension } of candidates.slice(0, listLimit)) weak.push(model.load(m, u, tension));
  return {
    verdict: overloadedJointCount > 0 ? 'fails' : weakJointCount > 0 ? 'stands_with_weak_points' : 'stands',
    jointCount,
    weakJointCount,
    overDesignJointCount,
    overloadedJointCount,
    maxUtilisation: Math.round(maxUtilisation * 1000) / 1000,
    joints: weak,
  };
}

/**
 * The joint tables of one kit, to share between its analyses (the partial builds, the pins'
 * reinforcement and the finished model: checkKit): building them costs about as much as a solve of
 * the finished model, and they hold ~70 bytes per joint (1.6 million joints for the bunny at 256).
 * Valid for this kit and structure while the kit's blocks are unchanged; its pins are read again
 * by each analysis.
 */
export interface JointSolver {
  readonly kit: BlockKit;
  readonly structure: KitStructure;
  readonly contactTopLayer: number;
  /** @internal */
  readonly model: JointModel;
}

export function jointSolver(kit: BlockKit, structure: KitStructure, contactTopLayer = 0): JointSolver {
  return { kit, structure, contactTopLayer, model: jointModel(kit, structure, contactTopLayer) };
}

function solverFits(solver: JointSolver, kit: BlockKit, structure: KitStructure, contactTopLayer: number) {
  return solver.kit === kit && solver.structure === structure && solver.contactTopLayer === contactTopLayer;
}

type JointModel = ReturnType<typeof jointModel>;

/**
 * The joints of a kit (tables built once) and a solver for the loads in any partial build of it:
 * `solve(present, top)` loads the joints between the blocks marked in `present` (all blocks when
 * null), none above layer `top`, and returns its work (blocks of layers 0..top visited).
 */
function jointModel(kit: BlockKit, structure: KitStructure, contactTopLayer: number) {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const { owner } = structure;
  const blocks = kit.blocks;
  const count = blocks.length;

  // Joints: one per stacked pair of blocks sharing cells, with the bounds of the shared rectangle,
  // numbered by upper block (so a block's joints below are a range), and those above each block.
  // Two passes: count the joints (distinct lower blocks under each block), then fill them in.
  const seen = new Int32Array(BLOCK_CATALOGUE_MAX_CELLS);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const block = blocks[i]!;
    if (block.layer <= 0 || block.layer >= nz) continue;
    let distinct = 0;
    for (let y = block.y; y < block.y + block.size.y; y++) {
      for (let x = block.x; x < block.x + block.size.x; x++) {
        const cell = block.layer * layerSize + x + nx * y;
        if (owner[cell] !== i) continue;
        const lower = owner[cell - layerSize]!;
        if (lower < 0) continue;
        let k = 0;
        while (k < distinct && seen[k] !== lower) k++;
        if (k === distinct) seen[distinct++] = lower;
      }
    }
    total += distinct;
  }
  const jLower = new Int32Array(total);
  const jUpper = new Int32Array(total);
  const jX0 = new Int16Array(total);
  const jX1 = new Int16Array(total);
  const jY0 = new Int16Array(total);
  const jY1 = new Int16Array(total);
  const jCells = new Uint8Array(total);
  const belowStart = new Int32Array(count + 1);
  let jointCount = 0;
  for (let i = 0; i < count; i++) {
    belowStart[i] = jointCount;
    const block = blocks[i]!;
    if (block.layer <= 0 || block.layer >= nz) continue;
    const first = jointCount;
    for (let y = block.y; y < block.y + block.size.y; y++) {
      for (let x = block.x; x < block.x + block.size.x; x++) {
        const cell = block.layer * layerSize + x + nx * y;
        if (owner[cell] !== i) continue;
        const lower = owner[cell - layerSize]!;
        if (lower < 0) continue;
        let joint = first;
        while (joint < jointCount && jLower[joint] !== lower) joint++;
        if (joint === jointCount) {
          jointCount++;
          jLower[joint] = lower;
          jUpper[joint] = i;
          jX0[joint] = x;
          jX1[joint] = x + 1;
          jY0[joint] = y;
          jY1[joint] = y + 1;
        }
        if (x < jX0[joint]!) jX0[joint] = x;
        if (x + 1 > jX1[joint]!) jX1[joint] = x + 1;
        if (y < jY0[joint]!) jY0[joint] = y;
        if (y + 1 > jY1[joint]!) jY1[joint] = y + 1;
        jCells[joint] = jCells[joint]! + 1;
      }
    }
  }
  belowStart[count] = jointCount;
  const aboveStart = new Int32Array(count + 1);
  for (let m = 0; m < jointCount; m++) aboveStart[jLower[m]! + 1] = aboveStart[jLower[m]! + 1]! + 1;
  for (let i = 0; i < count; i++) aboveStart[i + 1] = aboveStart[i + 1]! + aboveStart[i]!;
  const aboveList = new Int32Array(jointCount);
  {
    const fill = aboveStart.slice(0, count);
    for (let m = 0; m < jointCount; m++) aboveList[fill[jLower[m]!]!++] = m;
  }

  // Blocks by layer, and those that stand on the floor: the lowest layer, and blocks within the
  // ground contact's layers with nothing under them.
  const onFloor = new Uint8Array(count);
  const layerStart = new Int32Array(nz + 1);
  for (let i = 0; i < count; i++) {
    const layer = blocks[i]!.layer;
    if (layer >= 0 && layer < nz) layerStart[layer + 1] = layerStart[layer + 1]! + 1;
  }
  for (let z = 0; z < nz; z++) layerStart[z + 1] = layerStart[z + 1]! + layerStart[z]!;
  const byLayer = new Int32Array(layerStart[nz]!);
  {
    const fill = layerStart.slice(0, nz);
    for (let i = 0; i < count; i++) {
      const layer = blocks[i]!.layer;
      if (layer < 0 || layer >= nz) continue;
      byLayer[fill[layer]!++] = i;
      if (layer === 0 || (layer <= contactTopLayer && belowStart[i + 1] === belowStart[i])) onFloor[i] = 1;
    }
  }

  const weightPerCell = (BLOCK_MODULE.massPerCellG / 1000) * PIN_MODEL.gravity;
  const weight = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const b = blocks[i]!;
    weight[i] = b.size.x * b.size.y * weightPerCell;
  }
  const centreX = (i: number) => blocks[i]!.x + blocks[i]!.size.x / 2;
  const centreY = (i: number) => blocks[i]!.y + blocks[i]!.size.y / 2;

  const jForce = new Float64Array(jointCount); // compression positive
  const jMx = new Float64Array(jointCount); // moment about the joint's centre (N·cells)
  const jMy = new Float64Array(jointCount);
  const jHanging = new Uint8Array(jointCount); // its lower block hangs at this cut

  // Per row of the grid, the joints of one free body's contact that reach furthest left and right.
  const rowFirst = new Int32Array(ny).fill(-1);
  const rowLast = new Int32Array(ny).fill(-1);

  /** Adds force `s` acting at (x, y) to joint m (force, and moment about the joint's centre). */
  const apply = (m: number, s: number, x: number, y: number) => {
    jForce[m] = jForce[m]! + s;
    jMx[m] = jMx[m]! + s * (x - (jX0[m]! + jX1[m]!) * 0.5);
    jMy[m] = jMy[m]! + s * (y - (jY0[m]! + jY1[m]!) * 0.5);
  };

  /** Navier's linear share of `share` (below): base per cell, gradient (kx, ky) about (cx, cy). */
  const shareLinear = (
    list: Int32Array,
    from: number,
    to: number,
    sign: number,
    base: number,
    cx: number,
    cy: number,
    kx: number,
    ky: number,
  ) => {
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      const n = jCells[m]!;
      const w = jX1[m]! - jX0[m]!;
      const h = jY1[m]! - jY0[m]!;
      const dx = (jX0[m]! + jX1[m]!) * 0.5 - cx;
      const dy = (jY0[m]! + jY1[m]!) * 0.5 - cy;
      jForce[m] = jForce[m]! + sign * n * (base + dx * kx + dy * ky);
      jMx[m] = jMx[m]! + (sign * n * w * w * kx) / 12;
      jMy[m] = jMy[m]! + (sign * n * h * h * ky) / 12;
    }
  };

  /**
   * Shares a vertical load (force f, first moments fx, fy about the origin, in N and N·cells) over
   * the pins of the joints list[from..to), each shared cell a unit square of contact. `sign` −1
   * records the share as tension (a piece that hangs), +1 as compression (a piece that rests).
   *
   * Resting, with the load over the contact (inside the convex hull of the cells): a share in which
   * no pin pulls. Navier's linear share (a rigid cap on a uniform bed) when it has no pulling cell
   * (the load lies within the kern), else a part spread evenly over the cells and the rest at the
   * edge of the contact where the line from their centroid through the load leaves it. Either is
   * in equilibrium with the load, and the lower-bound theorem of plasticity says the joints hold
   * if any such share is within their strength. Otherwise (hanging, or the load beyond the contact)
   * Navier's linear share, in which the pins on the far side pull. A joint is a full rectangle of
   * cells, so its sums over cells have closed forms: the work is per joint, not per pin.
   */
  const share = (
    list: Int32Array,
    from: number,
    to: number,
    f: number,
    fx: number,
    fy: number,
    sign: number,
  ) => {
    let cells = 0;
    let sx = 0;
    let sy = 0;
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      const n = jCells[m]!;
      cells += n;
      sx += n * (jX0[m]! + jX1[m]!) * 0.5;
      sy += n * (jY0[m]! + jY1[m]!) * 0.5;
    }
    const cx = sx / cells;
    const cy = sy / cells;
    // Second moments of the cells (unit squares) about their centroid.
    let axx = 0;
    let ayy = 0;
    let axy = 0;
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      const n = jCells[m]!;
      const w = jX1[m]! - jX0[m]!;
      const h = jY1[m]! - jY0[m]!;
      const dx = (jX0[m]! + jX1[m]!) * 0.5 - cx;
      const dy = (jY0[m]! + jY1[m]!) * 0.5 - cy;
      axx += n * (dx * dx + (w * w) / 12);
      ayy += n * (dy * dy + (h * h) / 12);
      axy += n * dx * dy;
    }
    const mx = fx - f * cx;
    const my = fy - f * cy;
    const det = axx * ayy - axy * axy;
    const kx = (ayy * mx - axy * my) / det;
    const ky = (axx * my - axy * mx) / det;
    const base = f / cells;
    if (sign < 0 || f <= 0) {
      shareLinear(list, from, to, sign, base, cx, cy, kx, ky);
      return;
    }
    // The lowest stress anywhere on the contact, in the linear share (at a corner of a joint).
    let lowest = Infinity;
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      const dx = (jX0[m]! + jX1[m]!) * 0.5 - cx;
      const dy = (jY0[m]! + jY1[m]!) * 0.5 - cy;
      const low =
        base +
        dx * kx +
        dy * ky -
        (Math.abs(kx) * (jX1[m]! - jX0[m]!) + Math.abs(ky) * (jY1[m]! - jY0[m]!)) / 2;
      if (low < lowest) lowest = low;
    }
    if (lowest >= 0) {
      shareLinear(list, from, to, sign, base, cx, cy, kx, ky);
      return;
    }
    const edge = contactEdge(list, from, to, cx, cy, fx / f, fy / f);
    if (edge === null) {
      // The load lies beyond the contact: the linear share, with pins pulling.
      shareLinear(list, from, to, sign, base, cx, cy, kx, ky);
      return;
    }
    // load = λ·(centroid) + (1 − λ)·q, q on the contact's edge at parameter t ≥ 1 along the line.
    const spread = 1 - 1 / edge.t;
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      jForce[m] = jForce[m]! + (f * spread * jCells[m]!) / cells;
    }
    const atEdge = f - f * spread;
    apply(edge.jointA, atEdge * (1 - edge.u), edge.ax, edge.ay);
    apply(edge.jointB, atEdge * edge.u, edge.bx, edge.by);
  };

  /**
   * Where the line from the contact's centroid (cx, cy) through the load (lx, ly) leaves the convex
   * hull of the joints' cells: the hull edge, the joints its corners belong to, the position u
   * along the edge and t (the exit point is centroid + t·(load − centroid)); null when the load
   * lies beyond the hull.
   */
  const contactEdge = (
    list: Int32Array,
    from: number,
    to: number,
    cx: number,
    cy: number,
    lx: number,
    ly: number,
  ) => {
    const rows: number[] = [];
    for (let k = from; k < to; k++) {
      const m = list[k]!;
      for (let row = jY0[m]!; row < jY1[m]!; row++) {
        if (rowFirst[row]! < 0) {
          rows.push(row);
          rowFirst[row] = m;
          rowLast[row] = m;
        } else {
          if (jX0[m]! < jX0[rowFirst[row]!]!) rowFirst[row] = m;
          if (jX1[m]! > jX1[rowLast[row]!]!) rowLast[row] = m;
        }
      }
    }
    // Corner points of the rows' ends, with the joint each belongs to.
    const px: number[] = [];
    const py: number[] = [];
    const pj: number[] = [];
    for (const row of rows) {
      const a = rowFirst[row]!;
      const b = rowLast[row]!;
      px.push(jX0[a]!, jX0[a]!, jX1[b]!, jX1[b]!);
      py.push(row, row + 1, row, row + 1);
      pj.push(a, a, b, b);
      rowFirst[row] = -1;
      rowLast[row] = -1;
    }
    const hull = hullIndices(px, py);
    const dx = lx - cx;
    const dy = ly - cy;
    let best: {
      t: number;
      u: number;
      jointA: number;
      jointB: number;
      ax: number;
      ay: number;
      bx: number;
      by: number;
    } | null = null;
    let inside = hull.length >= 3;
    for (let k = 0; k < hull.length; k++) {
      const a = hull[k]!;
      const b = hull[(k + 1) % hull.length]!;
      const ex = px[b]! - px[a]!;
      const ey = py[b]! - py[a]!;
      if (ex * (ly - py[a]!) - ey * (lx - px[a]!) < -1e-9) inside = false;
      // Solve centroid + t·d = a + u·e.
      const denom = dx * ey - dy * ex;
      if (Math.abs(denom) < 1e-12) continue;
      const wx = px[a]! - cx;
      const wy = py[a]! - cy;
      const t = (wx * ey - wy * ex) / denom;
      const u = (wx * dy - wy * dx) / denom;
      if (t > 0 && u >= -1e-9 && u <= 1 + 1e-9 && (best === null || t > best.t)) {
        best = {
          t,
          u: Math.min(1, Math.max(0, u)),
          jointA: pj[a]!,
          jointB: pj[b]!,
          ax: px[a]!,
          ay: py[a]!,
          bx: px[b]!,
          by: py[b]!,
        };
      }
    }
    return inside && best !== null && best.t >= 1 ? best : null;
  };

  // Joints of one cut grouped by the piece they belong to, in order of first appearance. A cut
  // holds the joints under one layer's blocks (the same joints as those above the layer below),
  // so the buffers take the largest cut, not every joint.
  let largestCut = 0;
  for (let z = 1; z < nz; z++) {
    let cut = 0;
    for (let q = layerStart[z]!; q < layerStart[z + 1]!; q++)
      cut += belowStart[byLayer[q]! + 1]! - belowStart[byLayer[q]!]!;
    if (cut > largestCut) largestCut = cut;
  }
  const pairRoot = new Int32Array(largestCut);
  const pairJoint = new Int32Array(largestCut);
  const grouped = new Int32Array(largestCut);
  const slotOf = new Int32Array(count);
  const slotStamp = new Int32Array(count).fill(-1);
  const slotRoots: number[] = [];
  const slotStart: number[] = [];
  let pairs = 0;
  let stamp = 0;
  const group = () => {
    slotRoots.length = 0;
    slotStart.length = 0;
    stamp++;
    for (let k = 0; k < pairs; k++) {
      const root = pairRoot[k]!;
      if (slotStamp[root] !== stamp) {
        slotStamp[root] = stamp;
        slotOf[root] = slotRoots.length;
        slotRoots.push(root);
        slotStart.push(0);
      }
      slotStart[slotOf[root]!]!++;
    }
    let offset = 0;
    for (let g = 0; g < slotStart.length; g++) {
      const n = slotStart[g]!;
      slotStart[g] = offset;
      offset += n;
    }
    slotStart.push(offset);
    const fill = slotStart.slice();
    for (let k = 0; k < pairs; k++) grouped[fill[slotOf[pairRoot[k]!]!]!++] = pairJoint[k]!;
    pairs = 0;
  };

  // The kit's pins per joint, looked up once.
  const jPins = new Int32Array(jointCount);
  /** Reads the kit's pin count for every joint (again after reinforce-pins.ts added some). */
  const readPins = () => {
    const pinsOf = kitPinLookup(kit);
    for (let m = 0; m < jointCount; m++) jPins[m] = pinsOf(jLower[m]!, jUpper[m]!, jCells[m]!);
  };
  readPins();

  // Union-find parents and piece sums of the two sweeps, reset per solve for the blocks it visits.
  const upParent = new Int32Array(count);
  const downParent = new Int32Array(count);
  const find = (parent: Int32Array, i: number) => {
    while (parent[i] !== i) {
      const up = parent[parent[i]!]!;
      parent[i] = up;
      i = up;
    }
    return i;
  };
  const upGrounded = new Uint8Array(count);
  const upF = new Float64Array(count);
  const upFx = new Float64Array(count);
  const upFy = new Float64Array(count);
  const downF = new Float64Array(count);
  const downFx = new Float64Array(count);
  const downFy = new Float64Array(count);
  const mark = new Int32Array(count); // cut at which a piece bears on a grounded joint
  const onFloorAt = new Int32Array(count); // cut at which a piece touches the floor
  const bearing = new Int32Array(largestCut);
  // Whether the loads in jForce, jMx, jMy are the finished model's (the last solve was of all blocks).
  let finished = false;

  const solve = (present: Uint8Array | null, top: number): number => {
    const last = Math.min(top, nz - 1);
    finished = present === null && last === nz - 1;
    if (last < 0) return 0;
    for (let q = 0; q < layerStart[last + 1]!; q++) {
      const i = byLayer[q]!;
      upParent[i] = i;
      downParent[i] = i;
      mark[i] = -1;
      onFloorAt[i] = -1;
      for (let m = belowStart[i]!; m < belowStart[i + 1]!; m++) {
        jForce[m] = 0;
        jMx[m] = 0;
        jMy[m] = 0;
        jHanging[m] = 0;
      }
    }
    const absent = (i: number) => present !== null && present[i] !== 1;

    // Hanging pieces, from the floor up: after adding layer z − 1, a piece of layers below z that
    // does not reach the floor hangs from its joints into layer z, which hold all of its weight.
    {
      const f = upF;
      const fx = upFx;
      const fy = upFy;
      const grounded = upGrounded;
      for (let z = 0; z < last; z++) {
        for (let q = layerStart[z]!; q < layerStart[z + 1]!; q++) {
          const i = byLayer[q]!;
          if (absent(i)) continue;
          f[i] = weight[i]!;
          fx[i] = weight[i]! * centreX(i);
          fy[i] = weight[i]! * centreY(i);
          grounded[i] = onFloor[i]!;
          for (let m = belowStart[i]!; m < belowStart[i + 1]!; m++) {
            if (absent(jLower[m]!)) continue;
            const a = find(upParent, i);
            const b = find(upParent, jLower[m]!);
            if (a === b) continue;
            upParent[b] = a;
            f[a] = f[a]! + f[b]!;
            fx[a] = fx[a]! + fx[b]!;
            fy[a] = fy[a]! + fy[b]!;
            grounded[a] = grounded[a]! | grounded[b]!;
          }
        }
        for (let q = layerStart[z]!; q < layerStart[z + 1]!; q++) {
          const i = byLayer[q]!;
          if (absent(i)) continue;
          const root = find(upParent, i);
          if (grounded[root]) continue;
          for (let k = aboveStart[i]!; k < aboveStart[i + 1]!; k++) {
            const m = aboveList[k]!;
            if (absent(jUpper[m]!)) continue;
            jHanging[m] = 1;
            pairRoot[pairs] = root;
            pairJoint[pairs++] = m;
          }
        }
        group();
        for (let g = 0; g < slotRoots.length; g++) {
          const root = slotRoots[g]!;
          share(grouped, slotStart[g]!, slotStart[g + 1]!, f[root]!, fx[root]!, fy[root]!, -1);
        }
      }
    }

    // From the top down: after adding layer z, each piece of layers z and above rests on its joints
    // into layer z − 1 that lead to the floor (all of its joints there if none does) and they hold
    // all of its weight, wherever it lies: a free body, exact in total force and moment; how the
    // total is shared between several joints follows the rigid cap above.
    {
      const f = downF;
      const fx = downFx;
      const fy = downFy;
      for (let z = last; z >= 1; z--) {
        for (let q = layerStart[z]!; q < layerStart[z + 1]!; q++) {
          const i = byLayer[q]!;
          if (absent(i)) continue;
          f[i] = weight[i]!;
          fx[i] = weight[i]! * centreX(i);
          fy[i] = weight[i]! * centreY(i);
          for (let k = aboveStart[i]!; k < aboveStart[i + 1]!; k++) {
            if (absent(jUpper[aboveList[k]!]!)) continue;
            const a = find(downParent, i);
            const b = find(downParent, jUpper[aboveList[k]!]!);
            if (a === b) continue;
            downParent[b] = a;
            f[a] = f[a]! + f[b]!;
            fx[a] = fx[a]! + fx[b]!;
            fy[a] = fy[a]! + fy[b]!;
          }
        }
        if (z <= contactTopLayer) {
          for (let q = layerStart[z]!; q < layerStart[contactTopLayer + 1]!; q++) {
            const i = byLayer[q]!;
            if (onFloor[i] && !absent(i)) onFloorAt[find(downParent, i)] = z;
          }
        }
        for (let q = layerStart[z]!; q < layerStart[z + 1]!; q++) {
          const i = byLayer[q]!;
          if (absent(i)) continue;
          const root = find(downParent, i);
          for (let m = belowStart[i]!; m < belowStart[i + 1]!; m++) {
            if (absent(jLower[m]!)) continue;
            pairRoot[pairs] = root;
            pairJoint[pairs++] = m;
            if (!jHanging[m]) mark[root] = z;
          }
        }
        group();
        for (let g = 0; g < slotRoots.length; g++) {
          const root = slotRoots[g]!;
          // A piece that touches the floor itself rests on it as well (cuts within the contact's layers).
          if (onFloorAt[root] === z) continue;
          // The piece carries its own weight and the pieces that hang from it at this cut.
          let load = f[root]!;
          let loadX = fx[root]!;
          let loadY = fy[root]!;
          let n = 0;
          const grounded = mark[root] === z;
          for (let k = slotStart[g]!; k < slotStart[g + 1]!; k++) {
            const m = grouped[k]!;
            if (jHanging[m]) {
              load -= jForce[m]!;
              loadX -= jMx[m]! + jForce[m]! * (jX0[m]! + jX1[m]!) * 0.5;
              loadY -= jMy[m]! + jForce[m]! * (jY0[m]! + jY1[m]!) * 0.5;
              if (grounded) continue;
            }
            bearing[n++] = m;
          }
          share(bearing, 0, n, load, loadX, loadY, 1);
        }
      }
    }
    return layerStart[last + 1]!;
  };

  /** The pin tension (N) joint m needs in the last solve. */
  const tension = (m: number) => {
    const halfW = (jX1[m]! - jX0[m]!) / 2;
    const halfH = (jY1[m]! - jY0[m]!) / 2;
    const eccentric = Math.max(Math.abs(jMx[m]!) / halfW, Math.abs(jMy[m]!) / halfH);
    return Math.max(0, eccentric - jForce[m]!);
  };

  /** Vertical force (N) through joint m in the last solve (compression positive). */
  const force = (m: number) => jForce[m]!;

  /** Joint m as reported, with utilisation u and tension (N) from the last solve. */
  const load = (m: number, u: number, tensionN: number): JointLoad => {
    const pins = jPins[m]!;
    return {
      lowerBlockId: blocks[jLower[m]!]!.id,
      upperBlockId: blocks[jUpper[m]!]!.id,
      layer: blocks[jUpper[m]!]!.layer,
      pins,
      at: { x: (jX0[m]! + jX1[m]!) / 2, y: (jY0[m]! + jY1[m]!) / 2 },
      forceN: round(jForce[m]!),
      pinTensionN: round(tensionN),
      capacityN: round(pins * PIN_DESIGN_FORCE_N),
      utilisation: Math.round(u * 1000) / 1000,
      mode: jForce[m]! < 0 ? 'tension' : 'bending',
    };
  };

  return {
    jointCount,
    jLower,
    jUpper,
    jCells,
    jPins,
    belowStart,
    layerStart,
    byLayer,
    solve,
    tension,
    force,
    jX0,
    jX1,
    jY0,
    jY1,
    readPins,
    finishedSolved: () => finished,
    load,
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

// Joint loads during the build. A partial build is a structure of its own: an arm built out before
// the counterweight or the support that later relieves it levers its joints harder than the
// finished model does. After every step, the blocks placed so far are loaded exactly as above
// (same free bodies, same sharing, on the floor contact they already have); a joint over its
// capacity at a step the finished model does not overload must be propped until the step after
// which no joint is overloaded any more (`BuildStep.supportUntilStep`), or the kit fails.
//
// Cost: one solve per step over the blocks of the layers built so far (the joint tables are built
// once), so Σ over steps of the blocks in layers 0..top: about steps × blocks / 2. Work is counted
// in those block visits and bounded by a budget (PARTIAL_BUILD_MODEL.workPerBlock × blocks): when the steps
// would cost more, the steps that leave a layer part built are checked first, then every s-th of
// the others within what is left; the report says how many were checked. Deterministic: a count,
// not a clock.

/** Parameters of the during-build check (BENCHMARK.md, "Joint loads during the build"). */
export const PARTIAL_BUILD_MODEL = Object.freeze({
  /**
   * Block visits (one block of a solved partial build) allowed for all the steps together, per
   * block of the kit: the cost of this many solves of the finished model.
   */
  workPerBlock: 32,
  /** And at most this many in all (2.3 s at load 9 for the 69k bunny at 256, whose steps cost ~150 million). */
  maxWork: 2_000_000,
});

/**
 * An overloaded joint after a step of the build: its pins pull out (utilisation above
 * PIN_MODEL.safetyFactor, `pullsOut`), as a finished model's joint fails.
 */
export interface StepJointLoad extends JointLoad {
  /** The step (1-based) after which the partial build overloads it. */
  step: number;
}

export interface BuildJointReport {
  /** Steps of the kit, and how many of them were solved (all unless the work budget bound). */
  steps: number;
  stepsChecked: number;
  /** Block visits spent. */
  work: number;
  /** Per step (by index): overloaded joints after it (0 for steps not checked). */
  overloaded: number[];
  /** Per step (by index): whether it was checked. */
  checked: boolean[];
  /** Per step (by index): the upper blocks (ids) of its overloaded joints, the most loaded first, at most 8. */
  worstUpperBlockIds: number[][];
  /** Highest utilisation of any joint in any checked partial build before the last step. */
  maxUtilisation: number;
  /** Up to JOINT_LIST_LIMIT overloaded joints, each at the step it is worst, the most loaded first. */
  joints: StepJointLoad[];
  /** The loads found, to judge them again with other pin counts (rejudgeJointsDuringBuild). */
  raw: BuildJointRaw;
}

export interface BuildJointOptions {
  /** Block visits allowed (default PARTIAL_BUILD_MODEL.workPerBlock × the kit's blocks, at most maxWork). */
  workBudget?: number;
  /**
   * Called once per joint present in any checked partial build (before the last step) with the
   * highest pin tension (N) it needs there: how reinforce-pins.ts adds pins for the build too.
   */
  onJoint?: (lower: number, upper: number, sharedCells: number, tensionN: number) => void;
  /** The kit's joint tables when already built (`jointSolver`): shared instead of built again. */
  solver?: JointSolver;
}

/**
 * Joint loads of every partial build of the kit's steps (after step 1, 2, …, all but the last,
 * which is the finished model that analyseJointForces judges).
 */
export function analyseJointsDuringBuild(
  kit: BlockKit,
  structure: KitStructure,
  contactTopLayer = 0,
  options: BuildJointOptions = {},
): BuildJointReport {
  const shared = options.solver !== undefined && solverFits(options.solver, kit, structure, contactTopLayer);
  const model = shared ? options.solver!.model : jointModel(kit, structure, contactTopLayer);
  if (shared) model.readPins();
  const { jointCount, jLower, jUpper, jCells, jPins, belowStart, layerStart, byLayer } = model;
  const nz = structure.dims[2];
  const blocks = kit.blocks;
  const steps = kit.steps;
  const indexOf = blockIndexOf(blocks);

  // The top layer after each step, and the cost of solving it.
  const stepTop = new Int32Array(steps.length);
  const cost = new Float64Array(steps.length);
  let top = -1;
  let total = 0;
  for (let k = 0; k < steps.length; k++) {
    for (const id of steps[k]!.blockIds) {
      const i = indexOf(id);
      if (i !== undefined && blocks[i]!.layer < nz && blocks[i]!.layer > top) top = blocks[i]!.layer;
    }
    stepTop[k] = top;
    cost[k] = top >= 0 ? layerStart[top + 1]! : 0;
    if (k < steps.length - 1) total += cost[k]!;
  }
  // Which steps to solve. All of them when the budget allows; otherwise first the steps that leave
  // a layer part built (a hanging step, the steps just before and after one, a step out of layer
  // order: where the half-built model reaches out before what holds it; on the 69k bunny at 64 and
  // 128 every overloaded step is such), in order while the budget lasts, then every s-th of the rest.
  const budget =
    options.workBudget ??
    Math.min(PARTIAL_BUILD_MODEL.maxWork, PARTIAL_BUILD_MODEL.workPerBlock * Math.max(1, blocks.length));
  const solveAt = new Uint8Array(steps.length);
  if (total <= budget) solveAt.fill(1);
  else {
    let left = budget;
    let rest = 0;
    const partial = (k: number) =>
      steps[k]!.hanging === true ||
      steps[k + 1]?.hanging === true ||
      (k > 0 && steps[k - 1]!.hanging === true) ||
      (k > 0 && steps[k]!.layer !== steps[k - 1]!.layer + 1) ||
      (k + 1 < steps.length && steps[k + 1]!.layer !== steps[k]!.layer + 1);
    for (let k = 0; k < steps.length - 1; k++) {
      if (partial(k) && cost[k]! <= left) {
        solveAt[k] = 1;
        left -= cost[k]!;
      } else rest += cost[k]!;
    }
    const stride = rest <= left ? 1 : Math.ceil(rest / Math.max(1, left));
    let seen = 0;
    for (let k = 0; k < steps.length - 1; k++) {
      if (solveAt[k] || cost[k]! > left) continue;
      if (++seen % stride === 0) {
        solveAt[k] = 1;
        left -= cost[k]!;
      }
    }
  }

  const present = new Uint8Array(blocks.length);
  const maxTension = new Float64Array(jointCount).fill(-1);
  const checked: boolean[] = new Array(steps.length).fill(false);
  let work = 0;
  let stepsChecked = 0;
  // Joints that some pin count could leave overloaded (tension above one pin's design force), per
  // checked step, with their loads: enough to judge the steps again with other pin counts.
  const candStep: number[] = [];
  const candJoint: number[] = [];
  const candTension: number[] = [];
  const candForce: number[] = [];
  for (let k = 0; k < steps.length - 1; k++) {
    for (const id of steps[k]!.blockIds) {
      const i = indexOf(id);
      if (i !== undefined) present[i] = 1;
    }
    if (!solveAt[k] || stepTop[k]! < 0) continue;
    work += model.solve(present, stepTop[k]!);
    checked[k] = true;
    stepsChecked++;
    const last = Math.min(stepTop[k]!, nz - 1);
    for (let q = layerStart[1]!; q < layerStart[last + 1]!; q++) {
      const i = byLayer[q]!;
      if (present[i] !== 1) continue;
      for (let m = belowStart[i]!; m < belowStart[i + 1]!; m++) {
        if (present[jLower[m]!] !== 1) continue;
        const tension = model.tension(m);
        if (tension > maxTension[m]!) maxTension[m] = tension;
        if (tension > PIN_DESIGN_FORCE_N * (1 + 1e-9)) {
          candStep.push(k);
          candJoint.push(m);
          candTension.push(tension);
          candForce.push(model.force(m));
        }
      }
    }
  }
  if (options.onJoint)
    for (let m = 0; m < jointCount; m++)
      if (maxTension[m]! >= 0) options.onJoint(jLower[m]!, jUpper[m]!, jCells[m]!, maxTension[m]!);
  const raw: BuildJointRaw = {
    steps: steps.length,
    stepsChecked,
    work,
    checked,
    stepNumber: steps.map((st) => st.step),
    jLower,
    jUpper,
    jCells,
    jX0: model.jX0,
    jX1: model.jX1,
    jY0: model.jY0,
    jY1: model.jY1,
    maxTension,
    candStep: Int32Array.from(candStep),
    candJoint: Int32Array.from(candJoint),
    candTension: Float64Array.from(candTension),
    candForce: Float64Array.from(candForce),
  };
  return judgeBuildJoints(raw, kit, jPins);
}

/** What the solves of analyseJointsDuringBuild found, before the kit's pin counts judge it. */
interface BuildJointRaw {
  steps: number;
  stepsChecked: number;
  work: number;
  checked: boolean[];
  stepNumber: number[];
  jLower: Int32Array;
  jUpper: Int32Array;
  jCells: Uint8Array;
  /** The bounds of each joint's shared rectangle (its centre is reported). */
  jX0: Int16Array;
  jX1: Int16Array;
  jY0: Int16Array;
  jY1: Int16Array;
  /** Highest tension (N) per joint over the checked steps (−1: in none). */
  maxTension: Float64Array;
  candStep: Int32Array;
  candJoint: Int32Array;
  candTension: Float64Array;
  candForce: Float64Array;
}

/** The pin count of every joint of `raw` in `kit`. */
function jointPins(raw: BuildJointRaw, kit: BlockKit): Int32Array {
  const pinsOf = kitPinLookup(kit);
  const pins = new Int32Array(raw.jLower.length);
  for (let m = 0; m < pins.length; m++) pins[m] = pinsOf(raw.jLower[m]!, raw.jUpper[m]!, raw.jCells[m]!);
  return pins;
}

function judgeBuildJoints(raw: BuildJointRaw, kit: BlockKit, pins: Int32Array): BuildJointReport {
  const blocks = kit.blocks;
  const n = raw.steps;
  const overloaded: number[] = new Array(n).fill(0);
  const worstUpperBlockIds: number[][] = Array.from({ length: n }, () => []);
  const capacity = (m: number) => Math.max(1, pins[m]!) * PIN_DESIGN_FORCE_N;
  let maxUtilisation = 0;
  for (let m = 0; m < pins.length; m++)
    if (raw.maxTension[m]! > 0) maxUtilisation = Math.max(maxUtilisation, raw.maxTension[m]! / capacity(m));
  // Per joint, its worst overloaded step (the first of equals), and per step its overloaded joints.
  const worst = new Map<number, number>(); // joint → candidate index
  let from = 0;
  while (from < raw.candStep.length) {
    const k = raw.candStep[from]!;
    let to = from;
    const found: { m: number; u: number }[] = [];
    for (; to < raw.candStep.length && raw.candStep[to] === k; to++) {
      const m = raw.candJoint[to]!;
      const u = raw.candTension[to]! / capacity(m);
      if (!pullsOut(u)) continue;
      found.push({ m, u });
      const best = worst.get(m);
      if (best === undefined || u > raw.candTension[best]! / capacity(m)) worst.set(m, to);
    }
    overloaded[k] = found.length;
    found.sort((a, b) => b.u - a.u || a.m - b.m);
    worstUpperBlockIds[k] = found.slice(0, 8).map(({ m }) => blocks[raw.jUpper[m]!]!.id);
    from = to;
  }
  const list = [...worst].map(([m, c]) => ({
    m,
    c,
    u: raw.candTension[c]! / capacity(m),
    k: raw.candStep[c]!,
  }));
  list.sort((a, b) => b.u - a.u || a.k - b.k || a.m - b.m);
  const joints: StepJointLoad[] = list.slice(0, JOINT_LIST_LIMIT).map(({ m, c, u, k }) => {
    const force = raw.candForce[c]!;
    return {
      lowerBlockId: blocks[raw.jLower[m]!]!.id,
      upperBlockId: blocks[raw.jUpper[m]!]!.id,
      layer: blocks[raw.jUpper[m]!]!.layer,
      pins: pins[m]!,
      at: { x: (raw.jX0[m]! + raw.jX1[m]!) / 2, y: (raw.jY0[m]! + raw.jY1[m]!) / 2 },
      forceN: round(force),
      pinTensionN: round(raw.candTension[c]!),
      capacityN: round(pins[m]! * PIN_DESIGN_FORCE_N),
      utilisation: Math.round(u * 1000) / 1000,
      mode: force < 0 ? 'tension' : 'bending',
      step: raw.stepNumber[k]!,
    };
  });
  return {
    steps: raw.steps,
    stepsChecked: raw.stepsChecked,
    work: raw.work,
    overloaded,
    checked: raw.checked,
    worstUpperBlockIds,
    maxUtilisation: Math.round(maxUtilisation * 1000) / 1000,
    joints,
    raw,
  };
}

/**
 * The same report judged with the kit's pin counts now (after reinforce-pins.ts added some): the
 * loads do not depend on the pins, so nothing is solved again.
 */
export function rejudgeJointsDuringBuild(report: BuildJointReport, kit: BlockKit): BuildJointReport {
  return judgeBuildJoints(report.raw, kit, jointPins(report.raw, kit));
}

/**
 * For each step (by index), the 1-based step until which the part resting on its overloaded joints
 * must be propped (the first later checked step after which no joint is overloaded), or null where
 * nothing needs propping. Unchecked steps between two overloaded checked steps are propped too. A
 * run that lasts to the last step is propped until the last step: if the finished model is
 * overloaded too, analyseJointForces fails it, which no prop during the build hides.
 */
export function supportUntilSteps(report: BuildJointReport): (number | null)[] {
  const n = report.steps;
  const out: (number | null)[] = new Array(n).fill(null);
  let k = 0;
  while (k < n - 1) {
    if (!(report.checked[k] && report.overloaded[k]! > 0)) {
      k++;
      continue;
    }
    let j = k + 1;
    while (j < n - 1 && !(report.checked[j] && report.overloaded[j] === 0)) j++;
    // j is the first checked step without an overload, or the last step (the finished model).
    for (let s = k; s < j; s++) out[s] = j + 1;
    k = j;
  }
  return out;
}
