// How open a surface is, by area: the caps that would close its holes against the surface itself.
// A solid with a few holes (a scan's missing patches, the 69k bunny's underside) needs small caps
// and is filled as a solid, its inside estimated by the voxeliser's vote. A single sheet that
// encloses nothing (a cup or a bowl modelled without thickness, an open box) needs a cap as large
// as its opening, a fifth or more of its area: filling it would put a lid on the cup (issue 48: a
// single-sheet cup came out as a closed drum of 15,488 cells), so it is built as walls of its own
// shape instead (voxelise's `solid: 'surface'`).
//
// The cap of a hole is measured by the vector area of its rim: ½ Σ a × b over the rim's edges, the
// area of the smallest cap for a flat rim and of its shadow for a bent one. Rims are found as the
// groups of boundary edges that share vertices; each group's vector area is taken on its own, so
// the two ends of an open pipe add up instead of cancelling.

/**
 * Above this share the surface is an open sheet (walls, not filled). An open cylinder cup as deep as
 * it is wide has 20% (πr² over πr² + 2πr·2r), a cube without its top 20%, a bowl 50%, a vase five
 * times as deep as wide 9%, a head scan open at the neck 5–10%, the test meshes with holes
 * (bunnies, teapot) under 2%: chosen between the deep vase and the cup.
 */
export const OPEN_SHEET_CAP_SHARE = 0.15;

/** The edge table of validate-mesh's census: open addressing by (a, b), a < b. */
export interface EdgeTable {
  keyA: Int32Array;
  keyB: Int32Array;
  /** Triangles using the edge (1: a boundary edge). */
  uses: Uint8Array;
  /** 1 when the edge's first triangle runs from a to b, −1 from b to a. */
  direction: Int8Array;
}

/** The summed area of the caps that would close every hole of the surface (see the file comment). */
export function holeCapArea(
  positions: Float32Array,
  origin: readonly [number, number, number],
  edges: EdgeTable,
  vertices: number,
): number {
  const { keyA, keyB, uses, direction } = edges;
  const parent = new Int32Array(vertices).fill(-1);
  const find = (v: number) => {
    let root = v;
    while (parent[root]! >= 0 && parent[root] !== root) root = parent[root]!;
    let at = v;
    while (parent[at]! >= 0 && parent[at] !== root) {
      const next = parent[at]!;
      parent[at] = root;
      at = next;
    }
    return root;
  };
  for (let s = 0; s < keyA.length; s++) {
    if (keyA[s] === -1 || uses[s] !== 1) continue;
    const a = keyA[s]!;
    const b = keyB[s]!;
    if (parent[a] === -1) parent[a] = a;
    if (parent[b] === -1) parent[b] = b;
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[rb] = ra;
  }
  // Per rim, ½ Σ a × b (positions taken from the bounding box's corner, for precision).
  const sums = new Map<number, [number, number, number]>();
  const [ox, oy, oz] = origin;
  for (let s = 0; s < keyA.length; s++) {
    if (keyA[s] === -1 || uses[s] !== 1) continue;
    const from = direction[s] === 1 ? keyA[s]! : keyB[s]!;
    const to = direction[s] === 1 ? keyB[s]! : keyA[s]!;
    const ax = positions[from * 3]! - ox;
    const ay = positions[from * 3 + 1]! - oy;
    const az = positions[from * 3 + 2]! - oz;
    const bx = positions[to * 3]! - ox;
    const by = positions[to * 3 + 1]! - oy;
    const bz = positions[to * 3 + 2]! - oz;
    const root = find(from);
    let sum = sums.get(root);
    if (!sum) {
      sum = [0, 0, 0];
      sums.set(root, sum);
    }
    sum[0] += ay * bz - az * by;
    sum[1] += az * bx - ax * bz;
    sum[2] += ax * by - ay * bx;
  }
  let area = 0;
  for (const [x, y, z] of sums.values()) area += Math.hypot(x, y, z) / 2;
  return area;
}
