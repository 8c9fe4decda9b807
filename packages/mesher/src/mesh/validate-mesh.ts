// Geometry census of a parsed mesh: counts, bounding box, degenerate triangles, open boundaries,
// non-manifold and inconsistently wound edges, and connected pieces. Open or non-manifold meshes
// are reported, not refused: the voxeliser degrades gracefully for them. The exception is a
// surface so open it cannot enclose anything (a share of open edges above
// `limits.maxOpenEdgeShare`): refused as NOT_ENCLOSED by default, only a finding with `strict: false`.

import { type MesherLimits, resolveLimits } from '../config/limits';
import { type MeshError, meshError, REPAIR_HINTS } from '../errors/error-codes';
import { holeCapArea, OPEN_SHEET_CAP_SHARE } from './hole-caps';
import { pieceVolumes } from './orientation';
import type { TriangleMesh } from './triangle-mesh';

export interface BoundingBox {
  min: [number, number, number];
  max: [number, number, number];
  size: [number, number, number];
}

export const MESH_FINDING_CODES = [
  'OPEN_BOUNDARIES',
  'NON_MANIFOLD_EDGES',
  'INCONSISTENT_WINDING',
  'DEGENERATE_TRIANGLES',
  'SEVERAL_COMPONENTS',
  'NOT_ENCLOSED',
  'OPEN_SHEET',
] as const;
export type MeshFindingCode = (typeof MESH_FINDING_CODES)[number];

export interface MeshFinding {
  code: MeshFindingCode;
  message: string;
}

export interface MeshReport {
  triangleCount: number;
  vertexCount: number;
  degenerateTriangles: number;
  boundingBox: BoundingBox;
  /** Distinct edges of the surface. */
  edges: number;
  /** Edges used by one triangle only: each is part of a hole's rim. */
  boundaryEdges: number;
  /** Edges shared by three or more triangles. */
  nonManifoldEdges: number;
  /** Edges whose two triangles run the same way along them (flipped normals). */
  inconsistentEdges: number;
  /**
   * Pieces of surface (connected by shared vertices) saved inside out: their windings agree along
   * every edge and they enclose a negative volume. `validateAndOrient` turns them outwards.
   */
  insideOutPieces: number;
  watertight: boolean;
  /**
   * The area of the caps that would close the surface's holes, over the surface's area (0 when
   * closed). Above OPEN_SHEET_CAP_SHARE the surface is an open sheet that encloses nothing (a cup,
   * a bowl) and is voxelised as walls of its own shape. Absent in reports made before issue 48.
   */
  holeCapShare?: number;
  components: number;
  hasColours: boolean;
  /** Non-blocking findings a person may want to fix. */
  findings: MeshFinding[];
  /** Problems that stop the pipeline; empty when the mesh can be voxelised. */
  problems: MeshError[];
}

export function computeBoundingBox(positions: Float32Array): BoundingBox {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  if (positions.length === 0) {
    return { min: [0, 0, 0], max: [0, 0, 0], size: [0, 0, 0] };
  }
  return { min, max, size: [max[0] - min[0], max[1] - min[1], max[2] - min[2]] };
}

function find(parent: Int32Array, i: number): number {
  while (parent[i] !== i) {
    const up = parent[parent[i]!]!;
    parent[i] = up;
    i = up;
  }
  return i;
}

export interface ValidateMeshOptions {
  limits?: Partial<MesherLimits>;
  /**
   * Default true: a surface too open to enclose anything is a blocking NOT_ENCLOSED problem
   * (`details.recoverable: true`). False: it is reported as a finding and may be voxelised.
   */
  strict?: boolean;
}

export function validateMesh(mesh: TriangleMesh, options: ValidateMeshOptions = {}): MeshReport {
  return census(mesh, options).report;
}

/**
 * validateMesh, and the pieces it finds inside out turned outwards in place (every triangle of
 * such a piece rewound), as slicers do; the report describes the mesh as it was given.
 */
export function validateAndOrient(mesh: TriangleMesh, options: ValidateMeshOptions = {}): MeshReport {
  const { report, pieceOf, turn } = census(mesh, options);
  if (report.insideOutPieces > 0) {
    const { indices } = mesh;
    for (let t = 0; t < indices.length; t += 3) {
      if (turn[pieceOf[indices[t]!]!] !== 1) continue;
      const b = indices[t + 1]!;
      indices[t + 1] = indices[t + 2]!;
      indices[t + 2] = b;
    }
  }
  return report;
}

/** The report, the piece (a root vertex) of each vertex, and which pieces are inside out. */
function census(
  mesh: TriangleMesh,
  options: ValidateMeshOptions,
): { report: MeshReport; pieceOf: Int32Array; turn: Uint8Array } {
  const limits = resolveLimits(options.limits);
  const { positions, indices } = mesh;
  const triangles = indices.length / 3;
  const vertices = positions.length / 3;
  const box = computeBoundingBox(positions);
  const extent = Math.max(box.size[0], box.size[1], box.size[2]);
  const areaEpsilon = (extent * 1e-7) ** 2;

  let capacity = 16;
  while (capacity < triangles * 4) capacity <<= 1;
  const mask = capacity - 1;
  const keyA = new Int32Array(capacity).fill(-1);
  const keyB = new Int32Array(capacity);
  const uses = new Uint8Array(capacity);
  const direction = new Int8Array(capacity);
  const inconsistent = new Uint8Array(capacity);
  const parent = new Int32Array(vertices);
  for (let i = 0; i < vertices; i++) parent[i] = i;

  let degenerate = 0;
  let surfaceArea = 0;
  for (let t = 0; t < triangles; t++) {
    const v0 = indices[t * 3]!;
    const v1 = indices[t * 3 + 1]!;
    const v2 = indices[t * 3 + 2]!;
    if (v0 === v1 || v1 === v2 || v0 === v2) {
      degenerate++;
      continue;
    }
    const ux = positions[v1 * 3]! - positions[v0 * 3]!;
    const uy = positions[v1 * 3 + 1]! - positions[v0 * 3 + 1]!;
    const uz = positions[v1 * 3 + 2]! - positions[v0 * 3 + 2]!;
    const wx = positions[v2 * 3]! - positions[v0 * 3]!;
    const wy = positions[v2 * 3 + 1]! - positions[v0 * 3 + 1]!;
    const wz = positions[v2 * 3 + 2]! - positions[v0 * 3 + 2]!;
    const cx = uy * wz - uz * wy;
    const cy = uz * wx - ux * wz;
    const cz = ux * wy - uy * wx;
    const doubleArea = cx * cx + cy * cy + cz * cz;
    if (doubleArea <= areaEpsilon * areaEpsilon) degenerate++;
    surfaceArea += Math.sqrt(doubleArea) / 2;
    const ra = find(parent, v0);
    const rb = find(parent, v1);
    const rc = find(parent, v2);
    parent[rb] = ra;
    parent[rc] = ra;
    for (let e = 0; e < 3; e++) {
      const from = indices[t * 3 + e]!;
      const to = indices[t * 3 + ((e + 1) % 3)]!;
      const a = Math.min(from, to);
      const b = Math.max(from, to);
      const dir = from < to ? 1 : -1;
      let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
      for (;;) {
        if (keyA[slot] === -1) {
          keyA[slot] = a;
          keyB[slot] = b;
          uses[slot] = 1;
          direction[slot] = dir;
          break;
        }
        if (keyA[slot] === a && keyB[slot] === b) {
          if (uses[slot]! < 255) uses[slot]!++;
          if (direction[slot] === dir) inconsistent[slot] = 1;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }

  let edges = 0;
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let inconsistentEdges = 0;
  // Pieces touched by an edge whose two triangles run the same way along it: mixed windings.
  const mixed = new Uint8Array(vertices);
  for (let s = 0; s < capacity; s++) {
    if (keyA[s] === -1) continue;
    edges++;
    if (uses[s] === 1) boundaryEdges++;
    else if (uses[s]! > 2) nonManifoldEdges++;
    else if (inconsistent[s]) {
      inconsistentEdges++;
      mixed[find(parent, keyA[s]!)] = 1;
    }
  }
  const roots = new Set<number>();
  for (let t = 0; t < triangles; t++) roots.add(find(parent, indices[t * 3]!));
  const components = roots.size;
  // Inside-out pieces: consistent windings (no inconsistent edge touches them) and a negative
  // signed volume, taken about the centre of the bounding box so an open piece is judged by its
  // own shape rather than by where it lies.
  const turn = new Uint8Array(vertices);
  let insideOutPieces = 0;
  let pieceOf = new Int32Array(0);
  if (triangles > 0) {
    pieceOf = new Int32Array(vertices);
    for (let v = 0; v < vertices; v++) pieceOf[v] = find(parent, v);
    const volume = pieceVolumes(positions, indices, box, pieceOf);
    for (const root of roots) {
      if (mixed[root] === 0 && volume[root]! < 0) {
        turn[root] = 1;
        insideOutPieces++;
      }
    }
  }

  // How much the holes' caps would add to the surface: an open sheet that encloses nothing (a cup)
  // is built as walls of its own shape, not filled (hole-caps.ts).
  const holeCapShare =
    boundaryEdges > 0 && surfaceArea > 0
      ? holeCapArea(positions, box.min, { keyA, keyB, uses, direction }, vertices) / surfaceArea
      : 0;
  const findings: MeshFinding[] = [];
  if (boundaryEdges > 0) {
    findings.push({
      code: 'OPEN_BOUNDARIES',
      message: `The surface has holes (${boundaryEdges} open edges); the inside is estimated by a three-axis vote.`,
    });
  }
  if (holeCapShare > OPEN_SHEET_CAP_SHARE) {
    findings.push({
      code: 'OPEN_SHEET',
      message: `The surface is open wide: closing its holes would add ${Math.round(holeCapShare * 100)}% to its area. Where it encloses nothing (a cup, a bowl) it is built as walls of its own shape; where its parts close it (a lid on a pot) it is filled.`,
    });
  }
  if (nonManifoldEdges > 0) {
    findings.push({
      code: 'NON_MANIFOLD_EDGES',
      message: `${nonManifoldEdges} edges are shared by more than two triangles.`,
    });
  }
  if (inconsistentEdges > 0) {
    findings.push({
      code: 'INCONSISTENT_WINDING',
      message: `${inconsistentEdges} edges join triangles facing opposite ways (flipped normals); this does not affect the kit.`,
    });
  }
  if (degenerate > 0) {
    findings.push({
      code: 'DEGENERATE_TRIANGLES',
      message: `${degenerate} triangles have no area and are ignored.`,
    });
  }
  if (components > 1) {
    findings.push({
      code: 'SEVERAL_COMPONENTS',
      message: `The model is made of ${components} separate pieces of surface.`,
    });
  }

  const problems: MeshError[] = [];
  const flat = Math.min(box.size[0], box.size[1], box.size[2]) <= extent * 1e-6;
  const openShare = edges > 0 ? boundaryEdges / edges : 0;
  // A flat model is refused as FLAT_MODEL already, which says more than NOT_ENCLOSED would.
  const notEnclosed = !flat && openShare > limits.maxOpenEdgeShare;
  const openPercent = Math.round(openShare * 1000) / 10;
  if (triangles > limits.maxTriangles) {
    problems.push(
      meshError(
        'TOO_MANY_TRIANGLES',
        `The model has ${triangles} triangles; the limit is ${limits.maxTriangles}, what the mesh's memory budget (${Math.round(limits.meshMemoryBudgetBytes / 2 ** 20)} MiB) allows.`,
      ),
    );
  }
  if (triangles === 0 || degenerate === triangles) {
    problems.push(meshError('NO_TRIANGLES', 'Every triangle of the model has zero area.'));
  } else if (flat) {
    problems.push(meshError('FLAT_MODEL'));
  }
  if (notEnclosed) {
    const what = `${boundaryEdges} of the surface's ${edges} edges (${openPercent}%) border a hole; at most ${Math.round(limits.maxOpenEdgeShare * 100)}% may for the surface to enclose an inside.`;
    if (options.strict === false) {
      findings.push({
        code: 'NOT_ENCLOSED',
        message: `${what} The inside is estimated from what the open surface suggests.`,
      });
    } else {
      problems.push(
        meshError(
          'NOT_ENCLOSED',
          `The surface is too open to enclose anything: ${what} ${REPAIR_HINTS.NOT_ENCLOSED}`,
          {
            recoverable: true,
            boundaryEdges,
            edges,
          },
        ),
      );
    }
  }
  const report: MeshReport = {
    triangleCount: triangles,
    vertexCount: vertices,
    degenerateTriangles: degenerate,
    boundingBox: box,
    edges,
    boundaryEdges,
    nonManifoldEdges,
    inconsistentEdges,
    insideOutPieces,
    watertight: boundaryEdges === 0 && nonManifoldEdges === 0,
    holeCapShare: Math.round(holeCapShare * 10000) / 10000,
    components,
    hasColours: mesh.triangleColours !== null,
    findings,
    problems,
  };
  return { report, pieceOf, turn };
}
