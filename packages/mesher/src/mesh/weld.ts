// Turns parser output (a triangle soup or an indexed list) into a welded TriangleMesh: vertices at
// bit-identical positions are merged so edges can be matched for the manifold census and the
// voxeliser's watertight edge rule.

import { fail } from '../errors/error-codes';
import type { Axis, TriangleMesh } from './triangle-mesh';

export interface RawMesh {
  positions: Float32Array;
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

export function weldMesh(raw: RawMesh): TriangleMesh {
  const src = raw.positions;
  const vertexTotal = src.length / 3;
  for (let i = 0; i < src.length; i++) {
    if (!Number.isFinite(src[i]!)) {
      fail('NON_FINITE_COORDINATES', undefined, { vertex: Math.floor(i / 3), value: String(src[i]) });
    }
  }
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
    positions: unique.slice(0, uniqueCount * 3),
    indices,
    triangleColours: raw.triangleColours,
    upAxis: raw.upAxis,
  };
}
