// A compact binary form of a parsed mesh, so a server can keep an upload's validated mesh and run
// later jobs from it instead of parsing the file again. Little-endian, versioned:
//
//   offset  size      field
//   0       4         magic "KWMS"
//   4       2         version (1)
//   6       1         flags: bit 0 = triangle colours present; other bits 0
//   7       1         up axis: 0 x, 1 y, 2 z
//   8       4         vertex count V
//   12      4         triangle count T
//   16      4         CRC-32 (IEEE) of every other byte: the header before it and the body after it
//   20      12 V      positions, float32 x y z per vertex
//   …       12 T      indices, uint32 × 3 per triangle
//   …       3 T       sRGB colour per triangle (only with flag bit 0)
//
// The stored bytes come back from a database, a cache or a disk, so decodeMesh trusts nothing: the
// header is checked against the limits and against the exact length before anything is allocated,
// the checksum catches damage, and coordinates and indices are checked as parseModel would, so a
// damaged or forged blob fails with a typed error instead of reaching the voxeliser.

import { type MesherLimits, resolveLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { Axis, TriangleMesh } from './triangle-mesh';

export const MESH_BINARY_VERSION = 1;
const MAGIC = [0x4b, 0x57, 0x4d, 0x53]; // "KWMS"
const HEADER_BYTES = 20;
const CRC_OFFSET = 16;
const FLAG_COLOURS = 1;
const AXES: readonly Axis[] = ['x', 'y', 'z'];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array, crc = 0xffffffff): number {
  let c = crc;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return c;
}

/** CRC of everything but the CRC field itself, so damage to the header is caught too. */
function meshChecksum(bytes: Uint8Array): number {
  const head = crc32(bytes.subarray(0, CRC_OFFSET));
  return (crc32(bytes.subarray(HEADER_BYTES), head) ^ 0xffffffff) >>> 0;
}

/** Typed arrays share the host's byte order; on the rare big-endian host every value is swapped. */
const LITTLE_ENDIAN_HOST = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function writeWords(out: Uint8Array, offset: number, words: Float32Array | Uint32Array): void {
  if (LITTLE_ENDIAN_HOST) {
    out.set(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), offset);
    return;
  }
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < words.length; i++) {
    if (words instanceof Float32Array) view.setFloat32(offset + 4 * i, words[i]!, true);
    else view.setUint32(offset + 4 * i, words[i]!, true);
  }
}

function readWords<T extends Float32Array | Uint32Array>(bytes: Uint8Array, offset: number, into: T): T {
  if (LITTLE_ENDIAN_HOST) {
    // A copy, not a view: the source may be unaligned, and the mesh must not share its buffer.
    new Uint8Array(into.buffer).set(bytes.subarray(offset, offset + into.byteLength));
    return into;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < into.length; i++) {
    into[i] =
      into instanceof Float32Array
        ? view.getFloat32(offset + 4 * i, true)
        : view.getUint32(offset + 4 * i, true);
  }
  return into;
}

function bodyBytes(vertices: number, triangles: number, colours: boolean): number {
  return 12 * vertices + 12 * triangles + (colours ? 3 * triangles : 0);
}

/** The mesh in the binary form above. Throws a RangeError on a mesh whose arrays do not fit together. */
export function encodeMesh(mesh: TriangleMesh): Uint8Array {
  const { positions, indices, triangleColours, upAxis } = mesh;
  if (positions.length % 3 !== 0 || indices.length % 3 !== 0) {
    throw new RangeError('A mesh needs three coordinates per vertex and three indices per triangle.');
  }
  if (triangleColours && triangleColours.length !== indices.length) {
    throw new RangeError('A mesh needs three colour bytes per triangle.');
  }
  const axis = AXES.indexOf(upAxis);
  if (axis < 0) throw new RangeError(`Unknown up axis ${String(upAxis)}.`);
  const vertices = positions.length / 3;
  const triangles = indices.length / 3;
  const out = new Uint8Array(HEADER_BYTES + bodyBytes(vertices, triangles, triangleColours !== null));
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint16(4, MESH_BINARY_VERSION, true);
  view.setUint8(6, triangleColours ? FLAG_COLOURS : 0);
  view.setUint8(7, axis);
  view.setUint32(8, vertices, true);
  view.setUint32(12, triangles, true);
  writeWords(out, HEADER_BYTES, positions);
  writeWords(out, HEADER_BYTES + 12 * vertices, indices);
  if (triangleColours) out.set(triangleColours, HEADER_BYTES + 12 * vertices + 12 * triangles);
  view.setUint32(CRC_OFFSET, meshChecksum(out), true);
  return out;
}

export interface DecodeMeshOptions {
  /** `maxVertices` and `maxTriangles` bound what a header may announce. */
  limits?: Partial<MesherLimits>;
}

/**
 * MALFORMED_FILE rather than a code of its own: every code needs a sentence in each app language,
 * and a caller treats this like an unreadable file anyway (it reads the original upload again).
 * `details.storedMesh` tells the two apart.
 */
function invalid(reason: string, message: string, details: Record<string, number> = {}): never {
  fail('MALFORMED_FILE', `${message} Read the original upload again.`, {
    storedMesh: true,
    reason,
    ...details,
  });
}

/**
 * Reads what encodeMesh wrote. Throws a MeshFailure (`error.code`): MALFORMED_FILE with
 * `details.storedMesh: true` and `details.reason` ('truncated', 'magic', 'version', 'flags',
 * 'up-axis', 'length', 'checksum', 'non-finite', 'index') for bytes that are not an intact mesh of
 * this version; TOO_MANY_VERTICES or TOO_MANY_TRIANGLES for counts over the limits. Nothing is
 * allocated before the header has been checked against the limits and the length, so a lying
 * header cannot make it allocate.
 */
export function decodeMesh(bytes: Uint8Array, options: DecodeMeshOptions = {}): TriangleMesh {
  const limits = resolveLimits(options.limits);
  if (bytes.length < HEADER_BYTES) {
    invalid(
      'truncated',
      `The mesh data is ${bytes.length} bytes, shorter than its ${HEADER_BYTES}-byte header.`,
      {
        bytes: bytes.length,
      },
    );
  }
  if (MAGIC.some((byte, i) => bytes[i] !== byte)) invalid('magic', 'The data is not a stored mesh.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== MESH_BINARY_VERSION) {
    invalid(
      'version',
      `The mesh data has version ${version}; this mesher reads version ${MESH_BINARY_VERSION}.`,
      {
        version,
      },
    );
  }
  const flags = view.getUint8(6);
  if ((flags & ~FLAG_COLOURS) !== 0)
    invalid('flags', 'The mesh data sets flags this version does not define.', { flags });
  const upAxis = AXES[view.getUint8(7)];
  if (!upAxis) invalid('up-axis', 'The mesh data names no known up axis.', { axis: view.getUint8(7) });
  const vertices = view.getUint32(8, true);
  const triangles = view.getUint32(12, true);
  if (vertices > limits.maxVertices) {
    fail(
      'TOO_MANY_VERTICES',
      `The stored mesh has ${vertices} vertices; the limit is ${limits.maxVertices}.`,
      {
        vertices,
        limit: limits.maxVertices,
      },
    );
  }
  if (triangles > limits.maxTriangles) {
    fail(
      'TOO_MANY_TRIANGLES',
      `The stored mesh has ${triangles} triangles; the limit is ${limits.maxTriangles}.`,
      {
        triangles,
        limit: limits.maxTriangles,
      },
    );
  }
  const hasColours = (flags & FLAG_COLOURS) !== 0;
  const expected = HEADER_BYTES + bodyBytes(vertices, triangles, hasColours);
  if (bytes.length < expected) {
    invalid('truncated', `The mesh data is ${bytes.length} bytes; its header announces ${expected}.`, {
      bytes: bytes.length,
      expected,
    });
  }
  if (bytes.length > expected) {
    invalid('length', `The mesh data is ${bytes.length} bytes; its header announces ${expected}.`, {
      bytes: bytes.length,
      expected,
    });
  }
  if (meshChecksum(bytes) !== view.getUint32(CRC_OFFSET, true)) {
    invalid('checksum', 'The mesh data is damaged (its checksum does not match).');
  }

  const positions = readWords(bytes, HEADER_BYTES, new Float32Array(3 * vertices));
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]!)) {
      invalid('non-finite', 'The mesh data holds a coordinate that is not a number.', {
        vertex: Math.floor(i / 3),
      });
    }
  }
  const indices = readWords(bytes, HEADER_BYTES + 12 * vertices, new Uint32Array(3 * triangles));
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= vertices) {
      invalid('index', 'A triangle of the mesh data refers to a vertex that does not exist.', {
        triangle: Math.floor(i / 3),
      });
    }
  }
  const colourStart = HEADER_BYTES + 12 * vertices + 12 * triangles;
  const triangleColours = hasColours ? bytes.slice(colourStart, colourStart + 3 * triangles) : null;
  return { positions, indices, triangleColours, upAxis };
}
