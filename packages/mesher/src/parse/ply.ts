// PLY reader: our own header check (counts against caps and against the file size, so a lying
// header fails fast) in front of three's PLYLoader, which parses the body but would otherwise read
// past the end or stop early without saying so. Triangle strips (`element tristrips`), which the
// loader skips, are read here; text positions reach weldMesh in float64.
//
// Why one file of ~440 lines: one format's reader (header grammar, caps, ascii and binary bodies,
// strips), whose checks refer to each other, as glb.ts is for glTF.

import { BufferAttribute } from 'three';
import { PLYLoader } from 'three/examples/jsm/loaders/PLYLoader.js';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import { readNumberToken } from './number-token';
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
  /** The scalar type, or a list's item type. */
  type: string;
  /** A list's count type ('' for a scalar). */
  countType: string;
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
        element.properties.push({
          name: parts[4] ?? '',
          minBytes: countBytes + 3 * itemBytes,
          isList: true,
          type: parts[3] ?? '',
          countType: parts[2] ?? '',
        });
      } else {
        const bytesOf = SCALAR_BYTES[parts[1] ?? ''];
        if (bytesOf === undefined) fail('MALFORMED_FILE', `Unknown PLY property type in "${line}".`);
        element.properties.push({
          name: parts[2] ?? '',
          minBytes: bytesOf,
          isList: false,
          type: parts[1] ?? '',
          countType: '',
        });
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
  const strips = triangleStrips(header);
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
  if ((!face || face.count === 0) && (!strips || strips.count === 0))
    fail('NO_TRIANGLES', 'The PLY file has no faces or triangle strips (it may be a point cloud).');
  if (face && face.count > limits.maxTriangles) {
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
  return { vertices: vertex.count, faces: face?.count ?? 0 };
}

/** The `tristrips` element with its index list, when the file has one. */
function triangleStrips(header: PlyHeader): PlyElement | null {
  const strips = header.elements.find((e) => e.name === 'tristrips');
  if (!strips) return null;
  if (!strips.properties.some((p) => p.isList && (p.name === 'vertex_indices' || p.name === 'vertex_index')))
    fail('MALFORMED_FILE', 'The PLY "tristrips" element has no vertex_indices list.');
  return strips;
}

const BINARY_READERS: Record<string, [number, (v: DataView, at: number, little: boolean) => number]> = {
  char: [1, (v, at) => v.getInt8(at)],
  int8: [1, (v, at) => v.getInt8(at)],
  uchar: [1, (v, at) => v.getUint8(at)],
  uint8: [1, (v, at) => v.getUint8(at)],
  short: [2, (v, at, le) => v.getInt16(at, le)],
  int16: [2, (v, at, le) => v.getInt16(at, le)],
  ushort: [2, (v, at, le) => v.getUint16(at, le)],
  uint16: [2, (v, at, le) => v.getUint16(at, le)],
  int: [4, (v, at, le) => v.getInt32(at, le)],
  int32: [4, (v, at, le) => v.getInt32(at, le)],
  uint: [4, (v, at, le) => v.getUint32(at, le)],
  uint32: [4, (v, at, le) => v.getUint32(at, le)],
  float: [4, (v, at, le) => v.getFloat32(at, le)],
  float32: [4, (v, at, le) => v.getFloat32(at, le)],
  double: [8, (v, at, le) => v.getFloat64(at, le)],
  float64: [8, (v, at, le) => v.getFloat64(at, le)],
};

/**
 * The triangles of the `tristrips` element: each list is a strip in which -1 starts a new one,
 * and every triangle after a strip's first is wound the other way round, so the strip's
 * (a, b, c), (b, d, c)... keep one orientation. Degenerate triangles (two equal corners, which
 * exporters use to stitch strips) are dropped. Three's PLYLoader reads only `face` elements, so
 * this walks the body itself, skipping the elements before it.
 */
function readTriangleStrips(bytes: Uint8Array, header: PlyHeader, limits: MesherLimits): number[] {
  const triangles: number[] = [];
  const addStrip = (strip: number[]) => {
    let run: number[] = [];
    const flush = () => {
      for (let k = 2; k < run.length; k++) {
        const a = (k & 1) === 0 ? run[k - 2]! : run[k - 1]!;
        const b = (k & 1) === 0 ? run[k - 1]! : run[k - 2]!;
        const c = run[k]!;
        if (a === b || b === c || a === c) continue;
        triangles.push(a, b, c);
        if (triangles.length / 3 > limits.maxTriangles) {
          fail(
            'TOO_MANY_TRIANGLES',
            `The PLY triangle strips hold more than ${limits.maxTriangles} triangles.`,
            {
              limit: limits.maxTriangles,
            },
          );
        }
      }
      run = [];
    };
    for (const index of strip) {
      if (index === -1) flush();
      else if (!Number.isInteger(index) || index < 0)
        fail('INVALID_INDEX', `A PLY triangle strip holds the index ${index}.`, { index });
      else run.push(index);
    }
    flush();
  };
  const isStripList = (e: PlyElement, p: PlyProperty) =>
    e.name === 'tristrips' && p.isList && (p.name === 'vertex_indices' || p.name === 'vertex_index');

  if (header.format === 'ascii') {
    const text = new TextDecoder('latin1').decode(bytes.subarray(header.headerBytes));
    const tokens = text.split(/\s+/).filter((t) => t !== '');
    let at = 0;
    const next = (): number => {
      if (at >= tokens.length) fail('TRUNCATED_FILE', 'The PLY file ends inside its data.');
      return readNumberToken(tokens[at++]!);
    };
    for (const element of header.elements) {
      for (let i = 0; i < element.count; i++) {
        for (const property of element.properties) {
          if (!property.isList) {
            next();
            continue;
          }
          const n = next();
          if (!Number.isInteger(n) || n < 0) fail('MALFORMED_FILE', `A PLY list has the length ${n}.`);
          if (isStripList(element, property)) {
            const strip: number[] = [];
            for (let k = 0; k < n; k++) strip.push(next());
            addStrip(strip);
          } else at += n;
        }
      }
      if (element.name === 'tristrips') break;
    }
    return triangles;
  }

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = header.format === 'binary_little_endian';
  let at = header.headerBytes;
  const read = (type: string): number => {
    const reader = BINARY_READERS[type];
    if (!reader) return fail('MALFORMED_FILE', `Unknown PLY type "${type}".`);
    if (at + reader[0] > bytes.length) fail('TRUNCATED_FILE', 'The PLY file ends inside its data.');
    const value = reader[1](view, at, little);
    at += reader[0];
    return value;
  };
  for (const element of header.elements) {
    for (let i = 0; i < element.count; i++) {
      for (const property of element.properties) {
        if (!property.isList) {
          read(property.type);
          continue;
        }
        const n = read(property.countType);
        if (n < 0) fail('MALFORMED_FILE', `A PLY list has the length ${n}.`);
        if (isStripList(element, property)) {
          const strip: number[] = [];
          for (let k = 0; k < n; k++) strip.push(read(property.type));
          addStrip(strip);
        } else {
          const size = BINARY_READERS[property.type]?.[0] ?? 0;
          if (at + n * size > bytes.length) fail('TRUNCATED_FILE', 'The PLY file ends inside its data.');
          at += n * size;
        }
      }
    }
    if (element.name === 'tristrips') break;
  }
  return triangles;
}

/**
 * The bytes three's loader is given: for a text file, x, y and z are declared double, so its
 * numbers reach us in float64 (through a custom attribute) and `weldMesh` can recentre a model far
 * from the origin before they become float32. In a binary file the declared type is the stored one.
 */
function withDoublePositions(bytes: Uint8Array, header: PlyHeader): Uint8Array {
  if (header.format !== 'ascii') return bytes.slice();
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, header.headerBytes));
  const rewritten = head.replace(/^(property[ \t]+)(float|float32)([ \t]+[xyz][ \t]*)$/gm, '$1double$3');
  const start = new Uint8Array(rewritten.length);
  for (let i = 0; i < rewritten.length; i++) start[i] = rewritten.charCodeAt(i);
  const out = new Uint8Array(start.length + bytes.length - header.headerBytes);
  out.set(start);
  out.set(bytes.subarray(header.headerBytes), start.length);
  return out;
}

/** The custom attribute that carries x, y and z as the file stores them (see withDoublePositions). */
const EXACT_POSITION = 'kitwrightPosition';

function srgbByte(linear: number): number {
  const c = Math.max(0, Math.min(1, linear));
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

export function parsePly(bytes: Uint8Array, limits: MesherLimits): PlyParse {
  const warnings: ParseWarning[] = [];
  const header = readPlyHeader(bytes);
  const counts = checkHeader(header, bytes, limits);
  const strips = triangleStrips(header);
  const copy = withDoublePositions(bytes, header).buffer as ArrayBuffer;
  let geometry: ReturnType<PLYLoader['parse']>;
  try {
    const loader = new PLYLoader();
    loader.setCustomPropertyNameMapping({ [EXACT_POSITION]: ['x', 'y', 'z'] });
    geometry = loader.parse(copy);
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
  const exact = geometry.getAttribute(EXACT_POSITION);
  const positions =
    exact && exact.count === position.count
      ? Float64Array.from(exact.array as ArrayLike<number>)
      : Float32Array.from(position.array as ArrayLike<number>);
  const indexAttribute = geometry.getIndex();
  let indices: Uint32Array | null = indexAttribute
    ? Uint32Array.from(indexAttribute.array as ArrayLike<number>)
    : null;
  if (strips && strips.count > 0) {
    if (!indices && counts.faces > 0) {
      // Three un-indexes a file whose faces carry colours, so strip indices would not match.
      fail('UNSUPPORTED_FEATURE', 'PLY triangle strips together with coloured faces are not supported.');
    }
    const stripTriangles = readTriangleStrips(bytes, header, limits);
    const merged = new Uint32Array((indices?.length ?? 0) + stripTriangles.length);
    if (indices) merged.set(indices);
    merged.set(stripTriangles, indices?.length ?? 0);
    indices = merged;
    if (merged.length / 3 > limits.maxTriangles) {
      fail('TOO_MANY_TRIANGLES', `The PLY file holds more than ${limits.maxTriangles} triangles.`, {
        limit: limits.maxTriangles,
      });
    }
  }
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
  if (triangles < counts.faces && !(strips && strips.count > 0)) {
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
