// Meshes of the npm model packages (positions and triangles) as binary STL files, for the benches.

/** Binary STL with unit facet normals from the vertex order, as a careful exporter writes it. */
export function binaryStl(positions: number[][], cells: number[][]): Uint8Array {
  const bytes = new Uint8Array(84 + 50 * cells.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(80, cells.length, true);
  cells.forEach((cell, t) => {
    const [a, b, c] = [positions[cell[0]!]!, positions[cell[1]!]!, positions[cell[2]!]!];
    const u = [b[0]! - a[0]!, b[1]! - a[1]!, b[2]! - a[2]!];
    const w = [c[0]! - a[0]!, c[1]! - a[1]!, c[2]! - a[2]!];
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    for (let k = 0; k < 3; k++) view.setFloat32(84 + 50 * t + k * 4, n[k]! / length, true);
    cell.forEach((index, v) => {
      const p = positions[index]!;
      for (let k = 0; k < 3; k++) view.setFloat32(84 + 50 * t + 12 + v * 12 + k * 4, p[k]!, true);
    });
  });
  return bytes;
}
