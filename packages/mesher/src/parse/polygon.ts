// Polygon faces (OBJ's "f" with four or more corners) into triangles. A convex polygon becomes a fan
// from its first corner, as before; a concave one (an L-shaped cap, a letter's outline) is cut into
// ears in its own plane (three's Earcut, the mapbox algorithm), because a fan from a corner that
// cannot see the whole polygon covers ground outside it: the voxels of its surface then spill into
// the notch (a 6-corner L prism at 16 gained 37 cells on its base). Every triangle keeps the
// polygon's winding, so the surface's orientation is unchanged.

import { ShapeUtils, Vector2 } from 'three';

/**
 * Appends the triangles of the polygon whose corners are `corners` (vertex numbers into
 * `positions`, x y z per vertex) to `out`, three vertex numbers each.
 */
export function triangulatePolygon(
  positions: ArrayLike<number>,
  corners: readonly number[],
  out: { push3(a: number, b: number, c: number): void },
): void {
  const n = corners.length;
  if (n > 3) {
    const concave = concaveOutline(positions, corners);
    if (concave) {
      const faces = ShapeUtils.triangulateShape(
        concave.points.map(([u, v]) => new Vector2(u, v)),
        [],
      );
      if (faces.length === n - 2) {
        for (const [a, b, c] of faces) {
          const [au, av] = concave.points[a!]!;
          const [bu, bv] = concave.points[b!]!;
          const [cu, cv] = concave.points[c!]!;
          const area = (bu - au) * (cv - av) - (bv - av) * (cu - au);
          // Earcut does not promise a winding; each triangle takes the polygon's own.
          if (area * concave.winding >= 0) out.push3(corners[a!]!, corners[b!]!, corners[c!]!);
          else out.push3(corners[a!]!, corners[c!]!, corners[b!]!);
        }
        return;
      }
      // Earcut could not cut it into n − 2 ears (a self-touching outline): the fan, as before.
    }
  }
  for (let i = 1; i + 1 < n; i++) out.push3(corners[0]!, corners[i]!, corners[i + 1]!);
}

/**
 * The polygon in its own plane (the two axes the Newell normal leans on least) with the sign of
 * its area there, when it is concave; null when it is convex or has no area (both take the fan).
 */
function concaveOutline(
  positions: ArrayLike<number>,
  corners: readonly number[],
): { points: [number, number][]; winding: number } | null {
  const n = corners.length;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < n; i++) {
    const a = corners[i]! * 3;
    const b = corners[(i + 1) % n]! * 3;
    nx += (positions[a + 1]! - positions[b + 1]!) * (positions[a + 2]! + positions[b + 2]!);
    ny += (positions[a + 2]! - positions[b + 2]!) * (positions[a]! + positions[b]!);
    nz += (positions[a]! - positions[b]!) * (positions[a + 1]! + positions[b + 1]!);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  if (ax === 0 && ay === 0 && az === 0) return null;
  const [iu, iv] = az >= ax && az >= ay ? [0, 1] : ax >= ay ? [1, 2] : [2, 0];
  const points = corners.map((c): [number, number] => [positions[c * 3 + iu]!, positions[c * 3 + iv]!]);
  let area = 0;
  for (let i = 0; i < n; i++) {
    const [pu, pv] = points[i]!;
    const [qu, qv] = points[(i + 1) % n]!;
    area += pu * qv - qu * pv;
  }
  if (area === 0) return null;
  const winding = area > 0 ? 1 : -1;
  for (let i = 0; i < n; i++) {
    const [pu, pv] = points[i]!;
    const [qu, qv] = points[(i + 1) % n]!;
    const [ru, rv] = points[(i + 2) % n]!;
    const turn = (qu - pu) * (rv - qv) - (qv - pv) * (ru - qu);
    if (turn * winding < 0) return { points, winding };
  }
  return null;
}
