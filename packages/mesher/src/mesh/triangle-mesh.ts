// The in-memory mesh every parser produces: welded, indexed, flat typed arrays so later stages
// touch no per-vertex objects.

export type Axis = 'x' | 'y' | 'z';

/**
 * Which way of the model points up: an axis, or its negative (the model turned upside down). A
 * leading '+' is accepted by `parseUpDirection` and dropped.
 */
export type UpDirection = Axis | '-x' | '-y' | '-z';

export const UP_DIRECTIONS: readonly UpDirection[] = ['x', 'y', 'z', '-x', '-y', '-z'];

/** An up direction from text ("x", "+x", "-x", any case), or null. */
export function parseUpDirection(text: string): UpDirection | null {
  const t = text.trim().toLowerCase().replace(/^\+/, '');
  return (UP_DIRECTIONS as readonly string[]).includes(t) ? (t as UpDirection) : null;
}

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
