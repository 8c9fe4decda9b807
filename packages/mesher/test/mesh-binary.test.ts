// The stored-mesh format: every mesh comes back exactly, and bytes that are cut off, damaged,
// forged or of another version are refused with a typed error, never read into a wrong mesh.

import { describe, expect, it } from 'vitest';
import { type Axis, decodeMesh, encodeMesh, MeshFailure, type TriangleMesh } from '../src/index';
import { cube } from './helpers/model-fixtures';
import { createRandom, randomInt } from './helpers/prng';

const AXES: Axis[] = ['x', 'y', 'z'];

/** Awkward floats included: negative zero, subnormals, the largest float32, values that round. */
function randomMesh(seed: number): TriangleMesh {
  const random = createRandom(seed);
  const vertices = randomInt(random, 1, 300);
  const triangles = randomInt(random, 0, 500);
  const positions = new Float32Array(3 * vertices);
  const special = [-0, 1.4e-45, -1.17549435e-38, 3.4028234663852886e38, 0.1, -123456.789];
  for (let i = 0; i < positions.length; i++) {
    positions[i] =
      random() < 0.05 ? special[randomInt(random, 0, special.length - 1)]! : (random() - 0.5) * 1e4;
  }
  const indices = new Uint32Array(3 * triangles);
  for (let i = 0; i < indices.length; i++) indices[i] = randomInt(random, 0, vertices - 1);
  let triangleColours: Uint8Array | null = null;
  if (random() < 0.5) {
    triangleColours = new Uint8Array(3 * triangles);
    for (let i = 0; i < triangleColours.length; i++) triangleColours[i] = randomInt(random, 0, 255);
  }
  return { positions, indices, triangleColours, upAxis: AXES[randomInt(random, 0, 2)]! };
}

/** A cube with a colour per triangle: 8 vertices, 12 triangles. */
function colouredCube(): TriangleMesh {
  const { positions, indices } = cube(2, [-1, 0.5, 3]);
  const triangleColours = new Uint8Array(indices.length).map((_, i) => (i * 37) % 256);
  return {
    positions: new Float32Array(positions),
    indices: new Uint32Array(indices),
    triangleColours,
    upAxis: 'z',
  };
}

function failure(bytes: Uint8Array, options?: Parameters<typeof decodeMesh>[1]): MeshFailure {
  try {
    decodeMesh(bytes, options);
  } catch (error) {
    if (error instanceof MeshFailure) return error;
    throw error;
  }
  throw new Error('decodeMesh accepted the bytes');
}

/** Rewrites the checksum after a deliberate change, so the check behind it is reached. */
function reseal(bytes: Uint8Array): Uint8Array {
  const crc = (data: Uint8Array, start = 0xffffffff) => {
    let c = start;
    for (const byte of data) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    return c;
  };
  const sum = (crc(bytes.subarray(20), crc(bytes.subarray(0, 16))) ^ 0xffffffff) >>> 0;
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(16, sum, true);
  return bytes;
}

const bits = (values: Float32Array) =>
  Array.from(new Uint32Array(values.buffer, values.byteOffset, values.length));

describe('encodeMesh / decodeMesh', () => {
  it('gives back every random mesh exactly, bit for bit', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const mesh = randomMesh(seed);
      const bytes = encodeMesh(mesh);
      const back = decodeMesh(bytes);
      expect(bits(back.positions), `seed ${seed}`).toEqual(bits(mesh.positions));
      expect(Array.from(back.indices), `seed ${seed}`).toEqual(Array.from(mesh.indices));
      expect(back.triangleColours && Array.from(back.triangleColours)).toEqual(
        mesh.triangleColours && Array.from(mesh.triangleColours),
      );
      expect(back.upAxis).toBe(mesh.upAxis);
      expect(encodeMesh(back)).toEqual(bytes);
    }
  });

  it('reads a mesh from any offset of a larger buffer and shares no memory with it', () => {
    const bytes = encodeMesh(randomMesh(7));
    const host = new Uint8Array(bytes.length + 3);
    host.set(bytes, 3);
    const back = decodeMesh(host.subarray(3));
    expect(encodeMesh(back)).toEqual(bytes);
    host.fill(0);
    expect(encodeMesh(back)).toEqual(bytes);
  });

  it('is compact: a header of 20 bytes, then 12 per vertex, 12 per triangle and 3 per colour', () => {
    const mesh = randomMesh(3);
    const colours = mesh.triangleColours ? mesh.indices.length : 0;
    expect(encodeMesh(mesh).length).toBe(20 + 4 * mesh.positions.length + 4 * mesh.indices.length + colours);
  });

  it('refuses every cut-off copy', () => {
    const bytes = encodeMesh({
      ...randomMesh(11),
      triangleColours: new Uint8Array(0),
      indices: new Uint32Array(0),
    });
    const full = encodeMesh(randomMesh(12));
    for (const source of [bytes, full]) {
      for (let length = 0; length < source.length; length++) {
        const error = failure(source.slice(0, length));
        expect(error.error.code, `length ${length}`).toBe('MALFORMED_FILE');
        expect(error.error.details?.storedMesh).toBe(true);
      }
    }
  });

  it('refuses damaged, forged and foreign headers with the reason', () => {
    const mesh = colouredCube();
    const cases: [string, (bytes: Uint8Array, view: DataView) => void][] = [
      ['magic', (b) => b.set([0x73, 0x6f, 0x6c, 0x69], 0)], // "soli", an STL
      ['version', (_, v) => v.setUint16(4, 2, true)],
      ['flags', (_, v) => v.setUint8(6, 0x81)],
      ['up-axis', (_, v) => v.setUint8(7, 3)],
      ['truncated', (_, v) => v.setUint32(8, v.getUint32(8, true) + 1, true)],
      ['length', (_, v) => v.setUint32(12, v.getUint32(12, true) - 1, true)],
      ['checksum', (b) => (b[b.length - 1]! ^= 1)],
      ['checksum', (_, v) => v.setUint32(16, v.getUint32(16, true) ^ 0x100, true)],
    ];
    for (const [reason, damage] of cases) {
      const bytes = encodeMesh(mesh);
      damage(bytes, new DataView(bytes.buffer));
      const error = failure(bytes);
      expect(error.error.code, reason).toBe('MALFORMED_FILE');
      expect(error.error.details?.reason, reason).toBe(reason);
    }
  });

  it('refuses counts over the limits before reading further, and a lying count without allocating it', () => {
    const bytes = encodeMesh(colouredCube());
    const view = new DataView(bytes.buffer);
    view.setUint32(12, 0xffffffff, true);
    expect(failure(bytes).error.code).toBe('TOO_MANY_TRIANGLES');
    view.setUint32(8, 0xffffffff, true);
    expect(failure(bytes).error.code).toBe('TOO_MANY_VERTICES');
    // With the limits lifted, the header announces ~100 GB: refused on length, since the data is
    // shorter than announced (allocating first would throw a RangeError, not a MeshFailure).
    const error = failure(bytes, { limits: { maxVertices: Infinity, maxTriangles: Infinity } });
    expect(error.error.details?.reason).toBe('truncated');
    const small = encodeMesh(colouredCube());
    const triangles = 12;
    expect(failure(small, { limits: { maxTriangles: triangles - 1 } }).error.code).toBe('TOO_MANY_TRIANGLES');
    expect(decodeMesh(small, { limits: { maxTriangles: triangles } }).indices.length).toBe(3 * triangles);
  });

  it('refuses coordinates that are not numbers and indices past the last vertex, even with a valid checksum', () => {
    const mesh = colouredCube();
    const nan = encodeMesh(mesh);
    new DataView(nan.buffer).setFloat32(20 + 4 * 7, Number.NaN, true);
    expect(failure(reseal(nan)).error.details).toMatchObject({ reason: 'non-finite', vertex: 2 });
    const infinite = encodeMesh(mesh);
    new DataView(infinite.buffer).setFloat32(20, -Infinity, true);
    expect(failure(reseal(infinite)).error.details?.reason).toBe('non-finite');
    const index = encodeMesh(mesh);
    // Triangle 5, second corner: vertex 8 of a mesh of 8.
    new DataView(index.buffer).setUint32(20 + 12 * 8 + 4 * 16, 8, true);
    expect(failure(reseal(index)).error.details).toMatchObject({ reason: 'index', triangle: 5 });
    // The same edits without resealing are caught by the checksum first.
    new DataView(index.buffer).setUint32(20 + 12 * 8 + 4 * 16, 7, true);
    expect(failure(index).error.details?.reason).toBe('checksum');
    expect(decodeMesh(reseal(index)).indices[16]).toBe(7);
  });

  it('never throws anything but a MeshFailure on randomly damaged bytes', () => {
    const random = createRandom(99);
    for (let round = 0; round < 300; round++) {
      const bytes = encodeMesh(randomMesh(round % 20));
      // Distinct bits, so no two flips undo each other.
      const flipped = new Set<number>();
      const flips = randomInt(random, 1, 4);
      while (flipped.size < flips) flipped.add(randomInt(random, 0, 8 * bytes.length - 1));
      for (const bit of flipped) bytes[bit >> 3]! ^= 1 << (bit & 7);
      expect(failure(bytes)).toBeInstanceOf(MeshFailure);
    }
  });

  it('will not encode arrays that do not make a mesh', () => {
    const mesh = randomMesh(4);
    expect(() => encodeMesh({ ...mesh, positions: new Float32Array(4) })).toThrow(RangeError);
    expect(() => encodeMesh({ ...mesh, indices: new Uint32Array(4) })).toThrow(RangeError);
    expect(() => encodeMesh({ ...mesh, triangleColours: new Uint8Array(mesh.indices.length + 3) })).toThrow(
      RangeError,
    );
    expect(() => encodeMesh({ ...mesh, upAxis: 'w' as Axis })).toThrow(RangeError);
  });
});
