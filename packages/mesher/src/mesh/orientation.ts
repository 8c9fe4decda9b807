// A surface saved inside out (every face wound clockwise seen from outside: a mirrored export, a
// CAD tool's flipped normals) encloses a negative volume. Its shape reads the same to the
// voxeliser's fill, which does not look at winding, but two things do: a face lying exactly on a
// grid plane marks the cell behind it, and the colours of such faces land in the cells outside;
// measured, a red slab saved inside out came out 60 of 85 blocks grey. Slicers turn such a surface
// outwards (admesh's stl_fix_normal_directions), and so do we, piece by piece (validateAndOrient):
// a piece whose windings agree along every edge and whose signed volume is negative is rewound.
// A piece of mixed windings is left as it is: its sign says only which part outweighs the other.

import type { BoundingBox } from './validate-mesh';

/**
 * Six times the signed volume each piece encloses, by the piece of each vertex (`pieceOf`, a
 * root vertex per vertex), taken about the centre of `box`.
 */
export function pieceVolumes(
  positions: Float32Array,
  indices: Uint32Array,
  box: BoundingBox,
  pieceOf: Int32Array,
): Float64Array {
  const cx = (box.min[0] + box.max[0]) / 2;
  const cy = (box.min[1] + box.max[1]) / 2;
  const cz = (box.min[2] + box.max[2]) / 2;
  const volume = new Float64Array(positions.length / 3);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t]! * 3;
    const b = indices[t + 1]! * 3;
    const c = indices[t + 2]! * 3;
    const ax = positions[a]! - cx;
    const ay = positions[a + 1]! - cy;
    const az = positions[a + 2]! - cz;
    const bx = positions[b]! - cx;
    const by = positions[b + 1]! - cy;
    const bz = positions[b + 2]! - cz;
    const qx = positions[c]! - cx;
    const qy = positions[c + 1]! - cy;
    const qz = positions[c + 2]! - cz;
    volume[pieceOf[indices[t]!]!]! +=
      ax * (by * qz - bz * qy) + ay * (bz * qx - bx * qz) + az * (bx * qy - by * qx);
  }
  return volume;
}
