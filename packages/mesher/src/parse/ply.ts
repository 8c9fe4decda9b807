// PLY reader: our own header check (counts against caps and against the file size, so a lying
// header fails fast) in front of three's PLYLoader, which parses the body but would otherwise read
// past the end or stop early without saying so.

import { BufferAttribute } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import type { ParseWarning } from './parse-warning';

export interface PlyParse {
  raw: RawMesh;
  warnings: ParseWarning[];
}

const SCALAR_BYTES: Record<string, number> = {
  char: 1,
  uchar: 1,
  int8: 1,
  uint8: 1,
  short: 2,
  ushort: 2,
  int16: 2,
  uint16: 2,
  int: 4,
  uint: 4,
  int32: 4,
  uint32: 4,
  float: 4,
  float32: 4,
  double: 8,
  float64: 8,
};

interface PlyProperty {
  name: string;
  /** Bytes of a scalar property, or of the smallest legal list (its count plus three items). */
  minBytes: number;
  isList: boolean;
}

interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

export interface PlyHeader {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  elements: PlyElement[];
  headerBytes: number;
}

const MAX_HEADER_BYTES = 64 * 1024;

export function readPlyHeader(bytes: Uint8Array): PlyHeader {
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, limit));
  const match = /(^|\n|\r)end_header[ \t]*(\r\n|\n|\r)/.exec(head);
  if (!match) {
    return fail(
      bytes.length < MAX_HEADER_BYTES ? 'TRUNCATED_FILE' : 'MALFORMED_FILE',
      'The PLY header has no "end_header" line.',
    );
  }
  const headerBytes = match.index + match[0].length;
  const lines = head.slice(0, headerBytes).split(/\r\n|\n|\r/);
  let format: PlyHeader['format'] | null = null;
  const elements: PlyElement[] = [];
  for (const line of lines) {
    const parts = line.trim().split(/\s+/);
    if (parts[0] === 'format') {
      const name = parts[1];
      if (name !== 'ascii' && name !== 'binary_little_endian' && name !== 'binary_big_endian') {
        fail('MALFORMED_FILE', `Unknown PLY format "${name}".`);
      }
      format = name;
    } else if (parts[0] === 'element') {
      const count = Number(parts[2]);
      if (!Number.isSafeInteger(count) || count < 0)
        fail('MALFORMED_FILE', `The PLY element "${parts[1]}" has an invalid count.`);
      elements.push({ name: parts[1] ?? '', count, properties: [] });
    } else if (parts[0] === 'property') {
      const element = elements[elements.length - 1];
      if (!element) fail('MALFORMED_FILE', 'A PLY property appears before any element.');
      if (parts[1] === 'list') {
        const countBytes = SCALAR_BYTES[parts[2] ?? ''];
        const itemBytes = SCALAR_BYTES[parts[3] ?? ''];
        if (countBytes === undefined || itemBytes === undefined)
          fail('MALFORMED_FILE', `Unknown PLY list type in "${line}".`);
        element.properties.push({ name: parts[4] ?? '', minBytes: countBytes + 3 * itemBytes, isList: true });
      } else {
        const bytesOf = SCALAR_BYTES[parts[1] ?? ''];
        if (bytesOf === undefined) fail('MALFORMED_FILE', `Unknown PLY property type in "${line}".`);
        element.properties.push({ name: parts[2] ?? '', minBytes: bytesOf, isList: false });
      }
    }
  }
  if (!format) fail('MALFORMED_FILE', 'The PLY header has no "format" line.');
  return { format, elements, headerBytes };
}

function checkHeader(
  header: PlyHeader,
  bytes: Uint8Array,
  limits: MesherLimits,
): { vertices: number; faces: number } {
  const vertex = header.elements.find((e) => e.name === 'vertex');
  const face = header.elements.find((e) => e.name === 'face');
  if (!vertex || !['x', 'y', 'z'].every((axis) => vertex.properties.some((p) => p.name === axis))) {
    fail('MALFORMED_FILE', 'The PLY file has no vertex element with x, y and z.');
  }
  if (vertex.count > limits.maxVertices) {
    fail(
      'TOO_MANY_VERTICES',
      `The file announces ${vertex.count} vertices; the limit is ${limits.maxVertices}.`,
      {
        declared: vertex.count,
        limit: limits.maxVertices,
      },
    );
  }
  if (!face || face.count === 0) fail('NO_TRIANGLES', 'The PLY file has no faces (it may be a point cloud).');
  if (face.count > limits.maxTriangles) {
    fail(
      'TOO_MANY_TRIANGLES',
      `The file announces ${face.count} faces; the limit is ${limits.maxTriangles}.`,
      {
        declared: face.count,
        limit: limits.maxTriangles,
      },
    );
  }
  const body = bytes.length - header.headerBytes;
  if (header.format === 'ascii') {
    // Every element needs at least one line, so a short file is caught before parsing.
    const needed = header.elements.reduce((sum, e) => sum + e.count, 0);
    let lines = 0;
    let inLine = false;
    for (let i = header.headerBytes; i < bytes.length; i++) {
      const c = bytes[i];
      if (c === 10 || c === 13) {
        if (inLine) lines++;
        inLine = false;
      } else if (c !== 32 && c !== 9) inLine = true;
    }
    if (inLine) lines++;
    if (lines < needed) {
      fail('TRUNCATED_FILE', `The PLY header announces ${needed} data lines but the file has ${lines}.`, {
        needed,
        lines,
      });
    }
  } else {
    const minimum = header.elements.reduce(
      (sum, e) => sum + e.count * e.properties.reduce((s, p) => s + p.minBytes, 0),
      0,
    );
    if (body < minimum) {
      fail(
        'TRUNCATED_FILE',
        `The PLY header announces at least ${minimum} bytes of data but the file has ${body}.`,
        {
          needed: minimum,
          bytes: body,
        },
      );
    }
  }
  return { vertices: vertex.count, faces: face.count };
}

function srgbByte(linear: number): number {
  const c = Math.max(0, Math.min(1, linear));
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

export function parsePly(bytes: Uint8Array, limits: MesherLimits): PlyParse {
  const warnings: ParseWarning[] = [];
  const header = readPlyHeader(bytes);
  const counts = checkHeader(header, bytes, limits);
  const copy = bytes.slice().buffer;
  let geometry: ReturnType<PLYLoader['parse']>;
  try {
    geometry = new PLYLoader().parse(copy);
  } catch (error) {
    return fail('MALFORMED_FILE', `The PLY body could not be read: ${(error as Error).message}.`);
  }
  const position = geometry.getAttribute('position');
  if (!position || position.count !== counts.vertices) {
    fail(
      'TRUNCATED_FILE',
      `The PLY header announces ${counts.vertices} vertices but ${position?.count ?? 0} were read.`,
    );
  }
  const positions = Float32Array.from(position.array as ArrayLike<number>);
  const indexAttribute = geometry.getIndex();
  const indices: Uint32Array | null = indexAttribute
    ? Uint32Array.from(indexAttribute.array as ArrayLike<number>)
    : null;
  if (indices) {
    for (let i = 0; i < indices.length; i++) {
      const v = indices[i]!;
      if (v >= counts.vertices) {
        fail(
          'INVALID_INDEX',
          `Face ${Math.floor(i / 3) + 1} refers to vertex ${v}, but the file has ${counts.vertices}.`,
          {
            index: v,
            vertexCount: counts.vertices,
          },
        );
      }
    }
  }
  const triangles = indices ? indices.length / 3 : positions.length / 9;
  if (triangles === 0) fail('NO_TRIANGLES', 'The PLY faces held no triangles or quads.');
  if (triangles < counts.faces) {
    warnings.push({
      code: 'IGNORED_ELEMENTS',
      message: `${counts.faces - triangles} faces with more than four corners were skipped.`,
    });
  }
  let triangleColours: Uint8Array | null = null;
  const colour = geometry.getAttribute('color');
  if (colour instanceof BufferAttribute) {
    triangleColours = new Uint8Array(triangles * 3);
    // three stores colours in its linear working space; the palette is matched in sRGB.
    for (let t = 0; t < triangles; t++) {
      for (let channel = 0; channel < 3; channel++) {
        let sum = 0;
        for (let k = 0; k < 3; k++) {
          const v = indices ? indices[t * 3 + k]! : t * 3 + k;
          sum += colour.getComponent(v, channel);
        }
        triangleColours[t * 3 + channel] = srgbByte(sum / 3);
      }
    }
  }
  return { raw: { positions, indices, triangleColours, upAxis: 'y' }, warnings };
}
