// The automatic pose: which of the six axis directions of a model points up when it is built. The
// model is voxelised once, coarsely (POSE_GRID_SIZE cells along its longest side, in the file's own
// frame), and each of the six resting poses is read off that one grid, turned: which cells touch the
// ground (the same tolerance as the stability check, groundToleranceMm), whether the centre of mass
// lies over their convex hull with a margin, and how many cells have nothing under them (the
// material a builder must hold up). A turn does not change the scale (the longest side is the
// longest side in every pose), so the six are counted in the same cells.
//
// The pose chosen is the one that stands with the best score, contact minus overhang, except that
// the file's own up (the format's convention) is kept when it stands and scores within
// POSE_SCORING.keepMargin of the best, and after it the other usual up (+z for y-up formats, +y for
// z-up ones; within crossOverMargin when the file's own up tips over, the mark of a file drawn in
// the other convention), so a model authored upright keeps its pose and a near tie goes to the way
// models are drawn, not to a side or the head. Everything is counted in whole cells from one
// deterministic voxelisation; there are no timers and no randomness.

import { convexHull, type Point, signedDistanceToHull } from '../build/convex-hull';
import { groundToleranceMm } from '../build/stability';
import { BLOCK_MODULE } from '../constants';
import { type TriangleMesh, UP_DIRECTIONS, type UpDirection } from '../mesh/triangle-mesh';
import { voxelise } from '../voxel/voxelise';

/** How poses are scored and compared. */
export const POSE_SCORING = Object.freeze({
  /** Cells along the model's longest side in the scoring grid (the kit's own size when smaller). */
  gridSize: 32,
  /**
   * A pose stands when its centre of mass lies inside the convex hull of its ground contact by at
   * least this many scoring cells (half a coarse cell: a quantisation-proof "with margin") ...
   */
  standMarginCells: 0.5,
  /**
   * ... and by at least tan(this angle) × the centre of mass's height, so it survives being tilted
   * this far (a nudge): a model balanced on a point with its centre of mass just above it does not
   * count as standing.
   */
  standTiltDegrees: 5,
  /**
   * The file's own up that stands is kept when its score is at least the best score minus this
   * (scores are (contact − overhang) over the largest silhouette, about −1 to 1); when it is worse,
   * the other usual up is taken within the same margin, else the best pose.
   */
  keepMargin: 0.25,
  /**
   * When the file's own up tips over, the file was most likely drawn in the other convention (a
   * z-up model saved as OBJ, a y-up one as STL), so the other usual up is taken when it stands and
   * the best pose does not beat it by more than this, most of the score range: an animal on four
   * legs has its whole belly as overhang and scores well below lying on its side (0.72 for the toy
   * quadruped of bench/mesher/pose.ts), but it was drawn standing.
   */
  crossOverMargin: 0.8,
});

export type PoseReasonCode =
  /** The file's own up stands and is about as good as any pose: kept. */
  | 'file-up'
  /**
   * The file's own up tips over or is clearly worse, and the other usual up (z for a y-up format,
   * y for a z-up one) stands: the file was most likely drawn in the other convention.
   */
  | 'other-up'
  /** The file's own up tips over; the best pose that stands was chosen. */
  | 'file-up-tips'
  /** The file's own up stands, but another pose has a clearly wider base or less overhang. */
  | 'better-pose'
  /** No pose stands; the one whose centre of mass comes closest to its base was chosen. */
  | 'nothing-stands'
  /** The caller named the up direction. */
  | 'given';

export interface PoseCandidate {
  up: UpDirection;
  /** The centre of mass lies over the ground contact with the margin (POSE_SCORING.standMarginCells). */
  stands: boolean;
  /** Columns of the scoring grid that touch the ground (the base). */
  contactCells: number;
  /** Filled cells above the ground contact with nothing directly under them. */
  overhangCells: number;
  /** overhangCells over all filled cells, 0 to 1. */
  overhangShare: number;
  /** Distance (scoring cells) from the centre of mass to the edge of the contact's hull; negative outside. */
  margin: number;
  /** The margin it needs to stand (scoring cells): standMarginCells, or more for a high centre of mass. */
  requiredMargin: number;
  /** (contactCells − overhangCells) over the largest silhouette of the model: higher is better. */
  score: number;
}

export interface PoseChoice {
  up: UpDirection;
  chosen: 'auto' | 'given';
  /** The format's convention for this file (what `up` used to default to). */
  fileUp: UpDirection;
  reason: { code: PoseReasonCode; message: string };
  /** The six poses in UP_DIRECTIONS order (empty when the pose was given and not scored). */
  candidates: PoseCandidate[];
  /** Cells along the longest side of the scoring grid. */
  gridSize: number;
}

export interface ChoosePoseOptions {
  /** The kit's size in blocks (longest side): sets the ground-contact tolerance and caps the grid. */
  size: number;
  /** Whether the mesh is closed (validateMesh), as for voxelise. */
  watertight?: boolean;
}

const AXIS_NAMES = ['x', 'y', 'z'] as const;

/** The other usual up: glTF, OBJ and PLY are drawn y-up, STL and 3MF z-up, and files cross over. */
function otherConventionalUp(fileUp: UpDirection): UpDirection {
  return fileUp === 'y' ? 'z' : fileUp === 'z' ? 'y' : 'z';
}

/**
 * Scores the six axis poses of `mesh` and picks one (see the file comment). The candidates come in
 * UP_DIRECTIONS order; the result depends on the mesh and options only.
 */
export function choosePose(mesh: TriangleMesh, options: ChoosePoseOptions): PoseChoice {
  const gridSize = Math.max(1, Math.min(Math.floor(options.size), POSE_SCORING.gridSize));
  const grid = voxelise(mesh, {
    size: gridSize,
    up: 'z',
    watertight: options.watertight,
    colour: 'white',
  });
  const candidates = scorePoses(grid.dims, grid.cells, gridSize, options.size);
  const fileUp: UpDirection = mesh.upAxis;
  const byUp = new Map(candidates.map((c) => [c.up, c]));
  const file = byUp.get(fileUp)!;
  const standing = candidates.filter((c) => c.stands);
  // Best first: higher score, then a larger margin, then UP_DIRECTIONS order (stable sort).
  const ranked = standing.slice().sort((a, b) => b.score - a.score || b.margin - a.margin);
  let up: UpDirection;
  let code: PoseReasonCode;
  if (ranked.length === 0) {
    const closest = candidates.slice().sort((a, b) => b.margin - a.margin || b.score - a.score)[0]!;
    up = closest.up;
    code = 'nothing-stands';
  } else {
    const best = ranked[0]!;
    const near = (c: PoseCandidate | undefined, margin: number) =>
      c?.stands === true && c.score >= best.score - margin - 1e-12;
    const other = byUp.get(otherConventionalUp(fileUp));
    if (near(file, POSE_SCORING.keepMargin)) {
      up = fileUp;
      code = 'file-up';
    } else {
      const margin = file.stands ? POSE_SCORING.keepMargin : POSE_SCORING.crossOverMargin;
      up = near(other, margin) ? other!.up : best.up;
      code = up !== best.up ? 'other-up' : file.stands ? 'better-pose' : 'file-up-tips';
    }
  }
  const chosen = byUp.get(up)!;
  return {
    up,
    chosen: 'auto',
    fileUp,
    reason: { code, message: poseMessage(code, chosen, file, fileUp) },
    candidates,
    gridSize,
  };
}

/** The choice for an up direction the caller named: obeyed as given, nothing scored. */
export function givenPose(up: UpDirection, fileUp: UpDirection): PoseChoice {
  return {
    up,
    chosen: 'given',
    fileUp,
    reason: { code: 'given', message: `the up direction ${up} was given` },
    candidates: [],
    gridSize: 0,
  };
}

/** The side a pose stands on: the opposite of its up direction (up z stands on -z). */
export function standingSide(up: UpDirection): UpDirection {
  return (up.startsWith('-') ? up.slice(1) : `-${up}`) as UpDirection;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

function describe(c: PoseCandidate): string {
  return `${c.contactCells} cells, ${percent(c.overhangShare)} overhang`;
}

function poseMessage(
  code: PoseReasonCode,
  chosen: PoseCandidate,
  file: PoseCandidate,
  fileUp: UpDirection,
): string {
  const own = file.stands
    ? `the file's own up (${fileUp}) has ${describe(file)}`
    : `the file's own up (${fileUp}) tips over`;
  switch (code) {
    case 'file-up':
      return `the file's own up (${fileUp}) stands: ${describe(chosen)}, about as good as any pose`;
    case 'other-up':
      return `the other usual up (${chosen.up}) stands: ${describe(chosen)}; ${own}`;
    case 'file-up-tips':
    case 'better-pose':
      return `widest base: ${describe(chosen)}; ${own}`;
    case 'nothing-stands':
      return `no pose stands; up ${chosen.up} comes closest (${describe(chosen)})`;
    default:
      return `up ${chosen.up} was given`;
  }
}

/**
 * The six poses of a grid in the file's frame (cell (x, y, z) at x + nx·(y + ny·z)). For up = ±a the
 * layers run along axis a (from the low side for +a, the high side for −a) and the ground plane is
 * spanned by the other two axes.
 */
export function scorePoses(
  dims: readonly [number, number, number],
  cells: Uint8Array,
  gridSize: number,
  kitSize: number,
): PoseCandidate[] {
  const [nx, ny] = dims;
  const stride = [1, nx, nx * ny];
  let filled = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) filled++;
  const silhouettes = [0, 1, 2].map((a) => silhouette(dims, cells, a));
  const largestSilhouette = Math.max(1, ...silhouettes);
  const out: PoseCandidate[] = [];
  for (const up of UP_DIRECTIONS) {
    const a = AXIS_NAMES.indexOf(up.replace('-', '') as 'x' | 'y' | 'z');
    const sign = up.startsWith('-') ? -1 : 1;
    const [u, v] = a === 0 ? [1, 2] : a === 1 ? [0, 2] : [0, 1];
    const na = dims[a]!;
    const nu = dims[u]!;
    const nv = dims[v]!;
    // Ground contact in scoring cells: the kit's tolerance (mm) over the kit's cell edge in mm.
    const kitLayers = Math.max(1, Math.round((na * kitSize) / gridSize));
    const toleranceCells = (groundToleranceMm(kitLayers) / BLOCK_MODULE.layerHeightMm) * (gridSize / kitSize);
    const lastContactLayer = Math.max(0, Math.floor(toleranceCells + 1e-9));
    const at = (layer: number, i: number, j: number) => {
      const c = sign > 0 ? layer : na - 1 - layer;
      return cells[c * stride[a]! + i * stride[u]! + j * stride[v]!] !== 0;
    };
    let contact = 0;
    let overhang = 0;
    let mass = 0;
    let mu = 0;
    let mv = 0;
    let mh = 0;
    const rowMin = new Int32Array(nv).fill(-1);
    const rowMax = new Int32Array(nv).fill(-1);
    for (let j = 0; j < nv; j++) {
      for (let i = 0; i < nu; i++) {
        let touches = false;
        for (let layer = 0; layer < na; layer++) {
          if (!at(layer, i, j)) continue;
          mass++;
          mu += i + 0.5;
          mv += j + 0.5;
          mh += layer + 0.5;
          if (layer <= lastContactLayer) touches = true;
          else if (!at(layer - 1, i, j)) overhang++;
        }
        if (touches) {
          contact++;
          if (rowMin[j]! < 0) rowMin[j] = i;
          rowMax[j] = i;
        }
      }
    }
    const points: Point[] = [];
    for (let j = 0; j < nv; j++) {
      if (rowMin[j]! < 0) continue;
      points.push([rowMin[j]!, j], [rowMin[j]!, j + 1], [rowMax[j]! + 1, j], [rowMax[j]! + 1, j + 1]);
    }
    const margin = mass > 0 ? signedDistanceToHull(convexHull(points), [mu / mass, mv / mass]) : -Infinity;
    const tilt = Math.tan((POSE_SCORING.standTiltDegrees * Math.PI) / 180);
    const requiredMargin = Math.max(POSE_SCORING.standMarginCells, mass > 0 ? tilt * (mh / mass) : 0);
    out.push({
      up,
      stands: margin >= requiredMargin - 1e-9,
      contactCells: contact,
      overhangCells: overhang,
      overhangShare: filled > 0 ? overhang / filled : 0,
      margin: Number.isFinite(margin) ? Math.round(margin * 1000) / 1000 : margin,
      requiredMargin: Math.round(requiredMargin * 1000) / 1000,
      score: Math.round(((contact - overhang) / largestSilhouette) * 10000) / 10000,
    });
  }
  return out;
}

/** Columns along axis a with any filled cell: the model's shadow on the plane across a. */
function silhouette(dims: readonly [number, number, number], cells: Uint8Array, a: number): number {
  const [nx, ny, nz] = dims;
  const shadow = new Uint8Array(a === 0 ? ny * nz : a === 1 ? nx * nz : nx * ny);
  for (let z = 0; z < nz; z++)
    for (let y = 0; y < ny; y++)
      for (let x = 0; x < nx; x++) {
        if (cells[x + nx * (y + ny * z)] === 0) continue;
        shadow[a === 0 ? y + ny * z : a === 1 ? x + nx * z : x + nx * y] = 1;
      }
  let count = 0;
  for (let i = 0; i < shadow.length; i++) count += shadow[i]!;
  return count;
}
