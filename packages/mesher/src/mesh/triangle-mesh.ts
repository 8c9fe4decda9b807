// The in-memory mesh every parser produces: welded, indexed, flat typed arrays so later stages
// touch no per-vertex objects.

export type Axis = 'x' | 'y' | 'z';

export interface TriangleMesh {
  /** xyz per vertex; vertices at identical positions are merged. */
  positions: Float32Array;
  /** Three vertex indices per triangle, in the file's winding order. */
  indices: Uint32Array;
  /** sRGB colour per triangle (r, g, b bytes) when the file carries colours, else null. */
  triangleColours: Uint8Array | null;
  /** The up axis the source format conventionally uses (STL and 3MF: z; OBJ, PLY, glTF: y). */
  upAxis: Axis;
}

export function triangleCount(mesh: TriangleMesh): number {
  return mesh.indices.length / 3;
}

export function vertexCount(mesh: TriangleMesh): number {
  return mesh.positions.length / 3;
}
