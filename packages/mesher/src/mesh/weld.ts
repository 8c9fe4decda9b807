// Turns parser output (a triangle soup or an indexed list) into a welded TriangleMesh: a model far
// from the origin is recentred in float64 before its positions become float32, and vertices at
// bit-identical positions are merged so edges can be matched for the manifold census and the
// voxeliser's watertight edge rule.

import { fail } from '../errors/error-codes';
import type { Axis, TriangleMesh } from './triangle-mesh';

export interface RawMesh {
  /**
   * xyz per vertex. Float64 where the file's numbers (text, or transformed by the reader) are
   * finer than float32; `weldMesh` recentres them before they become float32.
   */
  positions: Float32Array | Float64Array;
  /** null: every three consecutive vertices form a triangle. */
  indices: Uint32Array | null;
  triangleColours: Uint8Array | null;
  upAxis: Axis;
}

const EMPTY_SLOT = -1;

function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  h ^= Math.imul(b ^ (b >>> 13), 0xc2b2ae35);
  h ^= Math.imul(c ^ (c >>> 16), 0x27d4eb2f);
  h ^= h >>> 15;
  return h;
}

/**
 * A model whose centre lies farther from the origin than this many times its largest side is
 * moved to the origin (in float64) before its positions become float32. Float32 holds a coordinate
 * c to about c · 2⁻²⁴, so below this the error stays under 2⁻²⁰ of the model's size (1/4,000 of a
 * cell at size 256) and ordinary models keep their coordinates bit for bit; above it, a model
 * 1e6 or 1e7 units from the origin would lose its shape (a 1-unit model at 1e7 is on a 1-unit grid).
 */
export const RECENTRE_FACTOR = 16;

/**
 * The positions as float32, recentred on their bounding-box centre first (subtracting in float64)
 * when that centre is far from the origin relative to the model's size (RECENTRE_FACTOR).
 */
export function recentredFloat32(src: Float32Array | Float64Array): Float32Array {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i]!;
    const y = src[i + 1]!;
    const z = src[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const cz = (minZ + maxZ) / 2;
  const extent = Math.max(maxX - minX, maxY - minY, maxZ - minZ);
  const far = src.length > 0 && Math.max(Math.abs(cx), Math.abs(cy), Math.abs(cz)) > RECENTRE_FACTOR * extent;
  if (!far) return src instanceof Float32Array ? src : Float32Array.from(src);
  const out = new Float32Array(src.length);
  for (let i = 0; i < src.length; i += 3) {
    out[i] = src[i]! - cx;
    out[i + 1] = src[i + 1]! - cy;
    out[i + 2] = src[i + 2]! - cz;
  }
  return out;
}

/**
 * The first `count` vertices of `positions` that some triangle uses, with `indices` renumbered in
 * place. A vertex no face uses (a leftover point of an OBJ or PLY, a slicer's modifier volume
 * left out of a 3MF) is no part of the surface, as slicers read it, and would otherwise stretch the
 * bounds the voxeliser scales the model to.
 */
function referencedOnly(positions: Float32Array, count: number, indices: Uint32Array): Float32Array {
  const renumber = new Int32Array(count).fill(-1);
  for (let i = 0; i < indices.length; i++) renumber[indices[i]!] = 0;
  let used = 0;
  for (let v = 0; v < count; v++) if (renumber[v] === 0) renumber[v] = used++;
  if (used === count) return positions.slice(0, count * 3);
  const out = new Float32Array(used * 3);
  for (let v = 0; v < count; v++) {
    const to = renumber[v]!;
    if (to < 0) continue;
    out[to * 3] = positions[v * 3]!;
    out[to * 3 + 1] = positions[v * 3 + 1]!;
    out[to * 3 + 2] = positions[v * 3 + 2]!;
  }
  for (let i = 0; i < indices.length; i++) indices[i] = renumber[indices[i]!]!;
  return out;
}

export function weldMesh(raw: RawMesh): TriangleMesh {
  for (let i = 0; i < raw.positions.length; i++) {
    if (!Number.isFinite(raw.positions[i]!)) {
      fail('NON_FINITE_COORDINATES', undefined, {
        vertex: Math.floor(i / 3),
        value: String(raw.positions[i]),
      });
    }
  }
  const src = recentredFloat32(raw.positions);
  const vertexTotal = src.length / 3;
  // -0 and +0 must weld together, so normalise before reading the bit patterns.
  for (let i = 0; i < src.length; i++) if (src[i] === 0) src[i] = 0;
  const bits = new Uint32Array(src.buffer, src.byteOffset, src.length);

  let capacity = 16;
  while (capacity < vertexTotal * 2) capacity <<= 1;
  const mask = capacity - 1;
  const table = new Int32Array(capacity).fill(EMPTY_SLOT);
  const remap = new Uint32Array(vertexTotal);
  const unique = new Float32Array(src.length);
  const uniqueBits = new Uint32Array(unique.buffer);
  let uniqueCount = 0;
  for (let v = 0; v < vertexTotal; v++) {
    const a = bits[v * 3]!;
    const b = bits[v * 3 + 1]!;
    const c = bits[v * 3 + 2]!;
    let slot = mix(a, b, c) & mask;
    for (;;) {
      const existing = table[slot]!;
      if (existing === EMPTY_SLOT) {
        table[slot] = uniqueCount;
        unique[uniqueCount * 3] = src[v * 3]!;
        unique[uniqueCount * 3 + 1] = src[v * 3 + 1]!;
        unique[uniqueCount * 3 + 2] = src[v * 3 + 2]!;
        remap[v] = uniqueCount++;
        break;
      }
      const e = existing * 3;
      if (a === uniqueBits[e] && b === uniqueBits[e + 1] && c === uniqueBits[e + 2]) {
        remap[v] = existing;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }

  let indices: Uint32Array;
  if (raw.indices) {
    indices = new Uint32Array(raw.indices.length);
    for (let i = 0; i < raw.indices.length; i++) {
      const index = raw.indices[i]!;
      if (index >= vertexTotal)
        fail('INVALID_INDEX', undefined, { triangle: Math.floor(i / 3), index, vertexCount: vertexTotal });
      indices[i] = remap[index]!;
    }
  } else {
    indices = remap;
  }
  return {
    positions: referencedOnly(unique, uniqueCount, indices),
    indices,
    triangleColours: raw.triangleColours,
    upAxis: raw.upAxis,
  };
}
