// PLY reader, our own from header to body. The header is checked first (counts against caps and
// against the file size, so a lying header fails fast); the body is then walked once, element by
// element, for the vertices (x, y, z in float64 so `weldMesh` can recentre a model far from the
// origin before they become float32; colours), the faces (any number of corners: quads and
// n-gons, which Blender writes for a cylinder's caps, are triangulated as OBJ's polygons are;
// colours per face) and triangle strips (`element tristrips`). Three's PLYLoader, used before,
// dropped faces of more than four corners without a word (a hexagonal prism lost both caps and
// was read as an open tube) and refused a file whose faces carry colours as truncated, since it
// un-indexes such a mesh.
//
// Why one file of ~560 lines: one format's reader (header grammar, caps, ascii and binary bodies,
// faces and strips), whose checks refer to each other, as glb.ts is for glTF.

import { UNCOLOURED_RGB } from '../colour/palette';
import { meanOfThree } from '../colour/srgb';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import { GrowableUint32 } from './growable';
import { isNonFiniteToken, readNumberToken } from './number-token';
import type { ParseWarning } from './parse-warning';
import { triangulatePolygon } from './polygon';
import { quoteText } from './quote-text';
import { float32RoundingNote } from './stored-precision';

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
  /**
   * Bytes of a scalar property, or of the smallest legal list: its count alone (an empty list is
   * legal: an empty \`texcoord\`, a one-item \`material_ids\`, a face of too few corners, skipped).
   */
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
        fail('MALFORMED_FILE', `Unknown PLY format ${quoteText(name ?? '')}.`);
      }
      format = name;
    } else if (parts[0] === 'element') {
      const count = Number(parts[2]);
      if (!Number.isSafeInteger(count) || count < 0)
        fail('MALFORMED_FILE', `The PLY element ${quoteText(parts[1] ?? '')} has an invalid count.`);
      elements.push({ name: parts[1] ?? '', count, properties: [] });
    } else if (parts[0] === 'property') {
      const element = elements[elements.length - 1];
      if (!element) fail('MALFORMED_FILE', 'A PLY property appears before any element.');
      if (parts[1] === 'list') {
        const countBytes = SCALAR_BYTES[parts[2] ?? ''];
        const itemBytes = SCALAR_BYTES[parts[3] ?? ''];
        if (countBytes === undefined || itemBytes === undefined)
          fail('MALFORMED_FILE', `Unknown PLY list type in ${quoteText(line)}.`);
        element.properties.push({
          name: parts[4] ?? '',
          minBytes: countBytes,
          isList: true,
          type: parts[3] ?? '',
          countType: parts[2] ?? '',
        });
      } else {
        const bytesOf = SCALAR_BYTES[parts[1] ?? ''];
        if (bytesOf === undefined) fail('MALFORMED_FILE', `Unknown PLY property type in ${quoteText(line)}.`);
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
  if (!strips.properties.some((p) => p.isList && INDEX_LISTS.includes(p.name)))
    fail('MALFORMED_FILE', 'The PLY "tristrips" element has no vertex_indices list.');
  return strips;
}

const INDEX_LISTS = ['vertex_indices', 'vertex_index'];
// The spellings of a colour channel the exporters use, most common first (as three's loader reads them).
const CHANNEL_NAMES = [
  ['red', 'diffuse_red', 'r', 'diffuse_r'],
  ['green', 'diffuse_green', 'g', 'diffuse_g'],
  ['blue', 'diffuse_blue', 'b', 'diffuse_b'],
] as const;

// Bytes and DataView getter of each binary scalar type.
const BINARY_TYPES: Record<string, [number, (v: DataView, at: number, little: boolean) => number]> = {
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

/** What a colour channel of this type is multiplied by to become a byte (floats are 0 to 1). */
function channelScale(type: string): number {
  if (type.startsWith('float') || type === 'double') return 255;
  const bytes = SCALAR_BYTES[type] ?? 1;
  return bytes === 1 ? 1 : 255 / (2 ** (8 * bytes) - 1);
}

/** The values of the body, one at a time, in the file's encoding. */
interface PlyValues {
  /** Called before each element instance (a text file has one per line). */
  startInstance(): void;
  /** The function that reads the next value of this type (chosen once per property, not per value). */
  reader(type: string): () => number;
  /** Skips a list's `n` items. */
  skip(type: string, n: number): void;
}

function textValues(bytes: Uint8Array, header: PlyHeader): PlyValues {
  const text = new TextDecoder('latin1').decode(bytes.subarray(header.headerBytes));
  let at = 0;
  let lineEnd = 0;
  const lineNumber = () => {
    // Only for a message: the header's lines plus the data lines before this one.
    let n = new TextDecoder('latin1')
      .decode(bytes.subarray(0, header.headerBytes))
      .split(/\r\n|\n|\r/).length;
    for (let i = 0; i < at; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) n++;
    }
    return n;
  };
  const next = (): string => {
    while (at < lineEnd && text.charCodeAt(at) <= 32) at++;
    if (at >= lineEnd) {
      const line = lineNumber();
      fail('MALFORMED_FILE', `Line ${line} of the PLY file ends before its element's values do.`, { line });
    }
    const from = at;
    while (at < lineEnd && text.charCodeAt(at) > 32) at++;
    return text.slice(from, at);
  };
  const read = (): number => {
    const token = next();
    const value = readNumberToken(token);
    // "nan" and "inf" are numbers here (the mesh check names them); "abc" is not.
    if (Number.isNaN(value) && !isNonFiniteToken(token)) {
      const line = lineNumber();
      fail(
        'MALFORMED_FILE',
        `Line ${line} of the PLY file holds ${quoteText(token)}, which is not a number.`,
        {
          line,
        },
      );
    }
    return value;
  };
  return {
    startInstance() {
      at = lineEnd;
      while (at < text.length && text.charCodeAt(at) <= 32) at++;
      if (at >= text.length) fail('TRUNCATED_FILE', 'The PLY file ends inside its data.');
      lineEnd = at;
      while (lineEnd < text.length && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13)
        lineEnd++;
    },
    reader: () => read,
    skip(_type, n) {
      for (let k = 0; k < n; k++) next();
    },
  };
}

function binaryValues(bytes: Uint8Array, header: PlyHeader): PlyValues {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = header.format === 'binary_little_endian';
  const end = bytes.length;
  let at = header.headerBytes;
  const truncated = () => fail('TRUNCATED_FILE', 'The PLY file ends inside its data.');
  const sizeOf = (type: string) => {
    const known = BINARY_TYPES[type];
    return known ? known : fail('MALFORMED_FILE', `Unknown PLY type ${quoteText(type)}.`);
  };
  return {
    startInstance() {},
    reader(type) {
      const [size, get] = sizeOf(type);
      return () => {
        if (at + size > end) truncated();
        const value = get(view, at, little);
        at += size;
        return value;
      };
    },
    skip(type, n) {
      const [size] = sizeOf(type);
      if (at + n * size > end) truncated();
      at += n * size;
    },
  };
}

// What a property of an element is read for.
const SKIP = 0;
const POSITION = 1; // x, y, z: the axis is the property's slot
const COLOUR = 2; // red, green, blue: the channel is the slot
const FACE = 3;
const STRIP = 4;

interface PropertyRole {
  role: number;
  slot: number;
  scale: number;
}

function rolesOf(element: PlyElement): PropertyRole[] {
  const roles: PropertyRole[] = element.properties.map(() => ({ role: SKIP, slot: 0, scale: 1 }));
  const named = (names: readonly string[], list: boolean) => {
    for (const name of names) {
      const i = element.properties.findIndex((p) => p.name === name && p.isList === list);
      if (i >= 0) return i;
    }
    return -1;
  };
  if (element.name === 'vertex') {
    ['x', 'y', 'z'].forEach((axis, slot) => {
      const i = named([axis], false);
      if (i < 0) fail('MALFORMED_FILE', `The PLY vertex property "${axis}" is a list, not a number.`);
      roles[i] = { role: POSITION, slot, scale: 1 };
    });
  }
  if (element.name === 'vertex' || element.name === 'face') {
    const channels = CHANNEL_NAMES.map((names) => named(names, false));
    if (channels.every((i) => i >= 0)) {
      channels.forEach((i, slot) => {
        roles[i] = { role: COLOUR, slot, scale: channelScale(element.properties[i]!.type) };
      });
    }
  }
  if (element.name === 'face' || element.name === 'tristrips') {
    const list = named(INDEX_LISTS, true);
    if (list >= 0) roles[list] = { role: element.name === 'face' ? FACE : STRIP, slot: 0, scale: 1 };
  }
  return roles;
}

interface PlyBody {
  positions: Float64Array;
  /** r g b bytes per vertex, or null. */
  vertexColours: Uint8Array | null;
  /** Every face's corners, one after the other; `faceSizes` says how many each has. */
  faceCorners: GrowableUint32;
  faceSizes: GrowableUint32;
  /** r g b bytes per face, or null. */
  faceColours: Uint8Array | null;
  /** Triangles of the strips, three vertex numbers each. */
  stripTriangles: GrowableUint32;
}

function tooManyTriangles(limit: number): never {
  return fail('TOO_MANY_TRIANGLES', `The PLY file holds more than ${limit} triangles.`, { limit });
}

/** One walk through the body: every element, in the file's order, read or skipped by role. */
function readBody(
  bytes: Uint8Array,
  header: PlyHeader,
  counts: { vertices: number; faces: number },
  maxTriangles: number,
): PlyBody {
  const values = header.format === 'ascii' ? textValues(bytes, header) : binaryValues(bytes, header);
  const body: PlyBody = {
    positions: new Float64Array(counts.vertices * 3),
    vertexColours: null,
    faceCorners: new GrowableUint32(counts.faces * 3),
    faceSizes: new GrowableUint32(counts.faces),
    faceColours: null,
    stripTriangles: new GrowableUint32(),
  };
  const index = (value: number, what: () => string): number => {
    if (!Number.isInteger(value) || value < 0 || value >= counts.vertices) {
      fail('INVALID_INDEX', `${what()} refers to vertex ${value}, but the file has ${counts.vertices}.`, {
        index: value,
        vertexCount: counts.vertices,
      });
    }
    return value;
  };
  const strip: number[] = [];
  let vertexSeen = false;
  let faceSeen = false;
  for (const element of header.elements) {
    // An element without properties holds no data (and its count, up to 2⁵³, is no size check's
    // concern): nothing to walk.
    if (element.properties.length === 0) continue;
    // Only the first vertex and face elements are the mesh (the header check counted those).
    const isVertex = element.name === 'vertex' && !vertexSeen;
    const isFace = element.name === 'face' && !faceSeen;
    vertexSeen ||= element.name === 'vertex';
    faceSeen ||= element.name === 'face';
    const roles =
      isVertex || isFace || element.name === 'tristrips'
        ? rolesOf(element)
        : element.properties.map(() => ({ role: SKIP, slot: 0, scale: 1 }));
    const colours = roles.some((r) => r.role === COLOUR) ? new Uint8Array(element.count * 3) : null;
    const readers = element.properties.map((p) => values.reader(p.isList ? p.countType : p.type));
    const itemReaders = element.properties.map((p) => (p.isList ? values.reader(p.type) : readers[0]!));
    if (isVertex) body.vertexColours = colours;
    if (isFace) body.faceColours = colours;
    for (let i = 0; i < element.count; i++) {
      values.startInstance();
      for (let p = 0; p < element.properties.length; p++) {
        const property = element.properties[p]!;
        const role = roles[p]!;
        if (!property.isList) {
          const value = readers[p]!();
          if (role.role === POSITION) body.positions[i * 3 + role.slot] = value;
          else if (role.role === COLOUR && colours) {
            colours[i * 3 + role.slot] = Math.max(0, Math.min(255, Math.round(value * role.scale)));
          }
          continue;
        }
        const n = readers[p]!();
        const item = itemReaders[p]!;
        if (!Number.isInteger(n) || n < 0) fail('MALFORMED_FILE', `A PLY list has the length ${n}.`);
        if (role.role === FACE) {
          for (let k = 0; k < n; k++) body.faceCorners.push(index(item(), () => `Face ${i + 1}`));
          body.faceSizes.push(n);
        } else if (role.role === STRIP) {
          strip.length = 0;
          for (let k = 0; k < n; k++) strip.push(item());
          stripTriangles(strip, body.stripTriangles, (v) => index(v, () => 'A triangle strip'));
          // Checked as the strips are read: a file of long strips says so before it is all held.
          if (body.stripTriangles.length / 3 > maxTriangles) tooManyTriangles(maxTriangles);
        } else values.skip(property.type, n);
      }
    }
  }
  return body;
}

/**
 * The triangles of one `tristrips` list: -1 starts a new strip, and every triangle after a strip's
 * first is wound the other way round, so the strip's (a, b, c), (b, d, c)... keep one orientation.
 * Degenerate triangles (two equal corners, which exporters use to stitch strips) are dropped.
 */
function stripTriangles(list: readonly number[], out: GrowableUint32, index: (v: number) => number): void {
  let from = 0;
  for (let end = 0; end <= list.length; end++) {
    if (end < list.length && list[end] !== -1) continue;
    for (let k = from + 2; k < end; k++) {
      const odd = ((k - from) & 1) === 1;
      const a = index(list[odd ? k - 1 : k - 2]!);
      const b = index(list[odd ? k - 2 : k - 1]!);
      const c = index(list[k]!);
      if (a !== b && b !== c && a !== c) out.push3(a, b, c);
    }
    from = end + 1;
  }
}

export function parsePly(bytes: Uint8Array, limits: MesherLimits): PlyParse {
  const warnings: ParseWarning[] = [];
  const header = readPlyHeader(bytes);
  const counts = checkHeader(header, bytes, limits);
  const body = readBody(bytes, header, counts, limits.maxTriangles);
  const triangles = new GrowableUint32(Math.max(16, counts.faces * 3));
  // The face each triangle came from, for face colours.
  const faceOf = body.faceColours ? new GrowableUint32(Math.max(16, counts.faces)) : null;
  const corners: number[] = [];
  let short = 0;
  let at = 0;
  for (let f = 0; f < body.faceSizes.length; f++) {
    const n = body.faceSizes.data[f]!;
    if (n < 3) {
      short++;
      at += n;
      continue;
    }
    corners.length = 0;
    for (let k = 0; k < n; k++) corners.push(body.faceCorners.data[at + k]!);
    at += n;
    const before = triangles.length;
    triangulatePolygon(body.positions, corners, triangles);
    if (triangles.length / 3 > limits.maxTriangles) tooManyTriangles(limits.maxTriangles);
    if (faceOf) for (let t = before; t < triangles.length; t += 3) faceOf.push(f);
  }
  for (let t = 0; t < body.stripTriangles.length; t++) triangles.push(body.stripTriangles.data[t]!);
  if (triangles.length / 3 > limits.maxTriangles) tooManyTriangles(limits.maxTriangles);
  const indices = triangles.toArray();
  const triangleCount = indices.length / 3;
  if (triangleCount === 0) fail('NO_TRIANGLES', 'The PLY faces held no triangles.');
  if (short > 0) {
    warnings.push({
      code: 'IGNORED_ELEMENTS',
      message: `${short} ${short === 1 ? 'face with fewer than three corners was' : 'faces with fewer than three corners were'} skipped.`,
    });
  }
  let triangleColours: Uint8Array | null = null;
  if (body.faceColours || body.vertexColours) {
    triangleColours = new Uint8Array(triangleCount * 3);
    const faceColours = body.faceColours;
    const vertexColours = body.vertexColours;
    // Face colours win; the triangles of strips (which have none) and every triangle of a file
    // coloured per vertex take the mean of their corners' colours, in linear light (the palette
    // is matched in sRGB); strips in a file coloured only per face take the uncoloured grey.
    const faceTriangles = faceColours && faceOf ? faceOf.length : 0;
    for (let t = 0; t < triangleCount; t++) {
      if (t < faceTriangles) {
        const f = faceOf!.data[t]! * 3;
        triangleColours.set(faceColours!.subarray(f, f + 3), t * 3);
      } else if (vertexColours) {
        for (let channel = 0; channel < 3; channel++) {
          triangleColours[t * 3 + channel] = meanOfThree(
            vertexColours[indices[t * 3]! * 3 + channel]!,
            vertexColours[indices[t * 3 + 1]! * 3 + channel]!,
            vertexColours[indices[t * 3 + 2]! * 3 + channel]!,
          );
        }
      } else triangleColours.set(UNCOLOURED_RGB, t * 3);
    }
  }
  if (storesFloat32Positions(header)) {
    const rounding = float32RoundingNote(body.positions);
    if (rounding) warnings.push(rounding);
  }
  return { raw: { positions: body.positions, indices, triangleColours, upAxis: 'y' }, warnings };
}

/** A binary file whose x, y and z are 32-bit floats holds exactly float32 values (text holds digits). */
function storesFloat32Positions(header: PlyHeader): boolean {
  if (header.format === 'ascii') return false;
  const vertex = header.elements.find((e) => e.name === 'vertex');
  return ['x', 'y', 'z'].every((axis) => {
    const type = vertex?.properties.find((p) => p.name === axis && !p.isList)?.type;
    return type === 'float' || type === 'float32';
  });
}
