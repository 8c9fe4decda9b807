// The automatic pose: which of the six axis directions of a model points up when it is built. The
// model is voxelised once, coarsely (POSE_GRID_SIZE cells along its longest side, in the file's own
// frame), and each of the six resting poses is read off that one grid, turned: which cells touch the
// ground (the same tolerance as the stability check, groundToleranceMm), how far the pose can be
// tilted before its centre of mass leaves the convex hull of those cells (its tipping margin, as the
// validator measures it: tipping.ts), and how many cells have nothing under them (the material a
// builder must hold up). A turn does not change the scale (the longest side is the longest side in
// every pose), so the six are counted in the same cells.
//
// A pose stands when it can be tilted TIPPING.minimumDeg (5°) with its centre of mass half a coarse
// cell inside its base, and is fit to build when it holds at most POSE_SCORING.keepOverhang more of
// the model in the air than the pose with the least overhang. The file's own up (the format's
// convention) is kept whenever it stands and is fit to build, whatever another pose's base: a
// vehicle drawn y-up stands on its wheels, even though its roof is a wider contact (the count of
// touching cells decides nothing). Otherwise the other usual up (+z for y-up formats, +y for z-up
// ones: the mark of a file drawn in the other convention) when it stands and is fit to build, else
// the pose fit to build with the largest tipping margin. Everything is counted in whole cells from
// one deterministic voxelisation; there are no timers and no randomness.

import { convexHull, type Point, signedDistanceToHull } from '../build/convex-hull';
import { groundToleranceMm } from '../build/stability';
import { roundAngle, TIPPING, tippingAngleDeg } from '../build/tipping';
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
   * ... and it can be tilted this far (its tipping margin, degrees): the tilt below which the
   * validator fails a kit, so a pose that stands here is not one the validator fails for tipping.
   */
  standTiltDegrees: TIPPING.minimumDeg,
  /**
   * A pose that stands is fit to build when the share of its cells with nothing under them is at
   * most this much above the least share of any pose that stands: the upside-down lamp of the tests
   * stands on its shade (12.8°) but holds its whole foot in the air (15% of its cells against 3%).
   */
  keepOverhang: 0.1,
});

export type PoseReasonCode =
  /** The file's own up stands and is fit to build: kept. */
  | 'file-up'
  /**
   * The file's own up tips over or holds too much in the air, and the other usual up (z for a y-up
   * format, y for a z-up one) stands: the file was most likely drawn in the other convention.
   */
  | 'other-up'
  /** The file's own up tips over; the pose with the largest tipping margin was chosen. */
  | 'file-up-tips'
  /** The file's own up stands but holds much more of the model in the air than another pose. */
  | 'better-pose'
  /** No pose stands; the one whose centre of mass comes closest to its base was chosen. */
  | 'nothing-stands'
  /** The caller named the up direction. */
  | 'given';

export interface PoseCandidate {
  up: UpDirection;
  /** It can be tilted POSE_SCORING.standTiltDegrees, its centre of mass POSE_SCORING.standMarginCells inside its base. */
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
  /** Its tipping margin (degrees, to a tenth): how far it can be tilted before it tips over; negative when it tips. */
  tippingDeg: number;
  /** What poses are ranked by: the tipping margin (degrees), as `tippingDeg`. */
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
  const leastOverhang = Math.min(...standing.map((c) => c.overhangShare));
  const fit = (c: PoseCandidate | undefined) =>
    c?.stands === true && c.overhangShare <= leastOverhang + POSE_SCORING.keepOverhang + 1e-12;
  let up: UpDirection;
  let code: PoseReasonCode;
  if (standing.length === 0) {
    // Best first: the largest tipping margin, then UP_DIRECTIONS order (stable sort).
    up = candidates.slice().sort((a, b) => b.tippingDeg - a.tippingDeg || b.margin - a.margin)[0]!.up;
    code = 'nothing-stands';
  } else if (fit(file)) {
    up = fileUp;
    code = 'file-up';
  } else {
    const other = byUp.get(otherConventionalUp(fileUp));
    const best = standing.filter(fit).sort((a, b) => b.tippingDeg - a.tippingDeg || b.margin - a.margin)[0]!;
    up = fit(other) ? other!.up : best.up;
    code = up === other?.up ? 'other-up' : file.stands ? 'better-pose' : 'file-up-tips';
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

/** "tips at 12.5°, 3% overhang" (the tipping margin and the share held in the air). */
function describe(c: PoseCandidate): string {
  return `tips at ${c.tippingDeg.toFixed(1)}°, ${percent(c.overhangShare)} overhang`;
}

/** What the file's own up does: tips over (at what tilt), or stands holding how much in the air. */
function fileUpText(file: PoseCandidate, fileUp: UpDirection): string {
  return file.stands
    ? `the file's own up (${fileUp}) stands but holds ${percent(file.overhangShare)} of the model in the air`
    : file.tippingDeg > 0
      ? `the file's own up (${fileUp}) tips over at a tilt of ${file.tippingDeg.toFixed(1)}°`
      : `the file's own up (${fileUp}) tips over`;
}

function poseMessage(
  code: PoseReasonCode,
  chosen: PoseCandidate,
  file: PoseCandidate,
  fileUp: UpDirection,
): string {
  switch (code) {
    case 'file-up':
      return `the file's own up (${fileUp}) stands: ${describe(chosen)}`;
    case 'other-up':
      return `turned from the file's own up: ${fileUpText(file, fileUp)}; the other usual up (${chosen.up}) stands: ${describe(chosen)}`;
    case 'file-up-tips':
    case 'better-pose':
      return `turned from the file's own up: ${fileUpText(file, fileUp)}; up ${chosen.up} stands best: ${describe(chosen)}`;
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
    const tippingDeg = roundAngle(tippingAngleDeg(margin, mass > 0 ? mh / mass : 0));
    out.push({
      up,
      stands: margin >= requiredMargin - 1e-9,
      contactCells: contact,
      overhangCells: overhang,
      overhangShare: filled > 0 ? overhang / filled : 0,
      margin: Number.isFinite(margin) ? Math.round(margin * 1000) / 1000 : margin,
      requiredMargin: Math.round(requiredMargin * 1000) / 1000,
      tippingDeg,
      score: tippingDeg,
    });
  }
  return out;
}
