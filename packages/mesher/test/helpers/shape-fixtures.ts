// Shapes of issue 48 built in memory: a cone (to balance on its tip), a vehicle drawn y-up like
// the Cesium milk truck (its roof wider than what its wheels touch), an open cup made of a single
// sheet, and a vehicle glTF written with @gltf-transform/core.

import { Document, WebIO } from '@gltf-transform/core';
import { box, type IndexedMesh, merge } from './model-fixtures';

/**
 * A closed cone, z-up: apex at (0, 0, 0) and a base disc of `radius` at z = `height` (an inverted
 * cone, balanced on its tip) or, `upright`, the base on z = 0 and the apex at z = `height`.
 */
export function cone(radius: number, height: number, segments = 32, upright = false): IndexedMesh {
  const apexZ = upright ? height : 0;
  const baseZ = upright ? 0 : height;
  const positions: number[] = [0, 0, apexZ, 0, 0, baseZ];
  for (let i = 0; i < segments; i++) {
    const a = (2 * Math.PI * i) / segments;
    positions.push(radius * Math.cos(a), radius * Math.sin(a), baseZ);
  }
  const indices: number[] = [];
  for (let i = 0; i < segments; i++) {
    const a = 2 + i;
    const b = 2 + ((i + 1) % segments);
    // Outward: the side seen from outside and the base disc facing away from the apex.
    if (upright) indices.push(0, a, b, 1, b, a);
    else indices.push(0, b, a, 1, a, b);
  }
  return { positions, indices };
}

/**
 * A closed cylinder along `axis` from `from` to `to` (coordinates along that axis), centred at
 * (cu, cv) on the other two axes in x, y, z order, wound outwards.
 */
export function cylinder(
  axis: 'x' | 'y' | 'z',
  cu: number,
  cv: number,
  radius: number,
  from: number,
  to: number,
  segments = 16,
): IndexedMesh {
  const at = (u: number, v: number, w: number): [number, number, number] =>
    axis === 'z' ? [u, v, w] : axis === 'y' ? [v, w, u] : [w, u, v];
  const positions: number[] = [...at(cu, cv, from), ...at(cu, cv, to)];
  for (const w of [from, to])
    for (let i = 0; i < segments; i++) {
      const a = (2 * Math.PI * i) / segments;
      positions.push(...at(cu + radius * Math.cos(a), cv + radius * Math.sin(a), w));
    }
  const indices: number[] = [];
  for (let i = 0; i < segments; i++) {
    const j = (i + 1) % segments;
    const lo = (k: number) => 2 + k;
    const hi = (k: number) => 2 + segments + k;
    indices.push(0, lo(j), lo(i), 1, hi(i), hi(j), lo(i), lo(j), hi(j), lo(i), hi(j), hi(i));
  }
  // (u, v, w) → the axis order above is a rotation of (x, y, z), so the winding stays outward.
  return { positions, indices };
}

/**
 * A delivery van drawn as glTF draws vehicles, y up, x forward, z across: a cargo box (x 0–9,
 * y 2.4–8, z 0.4–5.6) and a lower cab in front (x 9–13, y 2.4–6.5), on four wheels (radius 1.2,
 * 0.8 wide) under the corners. Upside down it lies on its flat cargo roof, 9 × 5.2 units, far more
 * than the four tyre patches touch; the wheels still span almost the whole footprint.
 */
export function van(): IndexedMesh {
  const wheels = [
    [2.2, 0],
    [2.2, 5.2],
    [10.8, 0],
    [10.8, 5.2],
  ].map(([x, z]) => cylinder('z', x!, 1.2, 1.2, z!, z! + 0.8));
  return merge(box([0, 2.4, 0.4], [9, 8, 5.6]), box([9, 2.4, 0.4], [13, 6.5, 5.6]), ...wheels);
}

/** `mesh` as a GLB (y-up by the glTF convention), written by @gltf-transform/core. */
export async function glbOf(mesh: IndexedMesh): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const position = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array(mesh.positions))
    .setBuffer(buffer);
  const indices = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Uint32Array(mesh.indices))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', position).setIndices(indices);
  document
    .createScene()
    .addChild(document.createNode().setMesh(document.createMesh().addPrimitive(primitive)));
  return new WebIO().writeBinary(document);
}

/**
 * An open cup made of a single sheet (no thickness), z-up: a disc of `radius` at z = 0 and a wall
 * up to z = `height`, open at the top, as a surface modeller leaves it before "solidify".
 */
export function openCup(radius: number, height: number, segments = 48, rings = 8): IndexedMesh {
  const positions: number[] = [0, 0, 0];
  for (let r = 0; r <= rings; r++)
    for (let i = 0; i < segments; i++) {
      const a = (2 * Math.PI * i) / segments;
      positions.push(radius * Math.cos(a), radius * Math.sin(a), (height * r) / rings);
    }
  const ring = (r: number, i: number) => 1 + r * segments + (i % segments);
  const indices: number[] = [];
  // The bottom disc faces down, the wall outwards.
  for (let i = 0; i < segments; i++) indices.push(0, ring(0, i + 1), ring(0, i));
  for (let r = 0; r < rings; r++)
    for (let i = 0; i < segments; i++)
      indices.push(
        ring(r, i),
        ring(r, i + 1),
        ring(r + 1, i + 1),
        ring(r, i),
        ring(r + 1, i + 1),
        ring(r + 1, i),
      );
  return { positions, indices };
}
