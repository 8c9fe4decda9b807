// 2D convex hull and signed distance to it, for "is the centre of mass over its support".

export type Point = [number, number];

/**
 * Andrew's monotone chain over points (xs[i], ys[i]): the hull's indices, counter-clockwise,
 * without repeating the first (ties in x and y keep the points' order).
 */
export function hullIndices(xs: readonly number[], ys: readonly number[]): number[] {
  const order = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]! || a - b);
  if (order.length < 3) return order;
  const cross = (o: number, a: number, b: number) =>
    (xs[a]! - xs[o]!) * (ys[b]! - ys[o]!) - (ys[a]! - ys[o]!) * (xs[b]! - xs[o]!);
  const lower: number[] = [];
  for (const p of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: number[] = [];
  for (let i = order.length - 1; i >= 0; i--) {
    const p = order[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** The hull of points, counter-clockwise without repeating the first point. */
export function convexHull(points: Point[]): Point[] {
  return hullIndices(
    points.map((p) => p[0]),
    points.map((p) => p[1]),
  ).map((i) => points[i]!);
}

/** Distance from p to the hull's boundary: positive inside, negative outside. */
export function signedDistanceToHull(hull: Point[], p: Point): number {
  if (hull.length === 0) return -Infinity;
  let inside = hull.length >= 3;
  let nearest = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const ex = b[0] - a[0];
    const ey = b[1] - a[1];
    if (ex * (p[1] - a[1]) - ey * (p[0] - a[0]) < 0) inside = false;
    const length2 = ex * ex + ey * ey;
    const t =
      length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2));
    const dx = a[0] + t * ex - p[0];
    const dy = a[1] + t * ey - p[1];
    nearest = Math.min(nearest, Math.hypot(dx, dy));
  }
  return inside ? nearest : -nearest;
}
