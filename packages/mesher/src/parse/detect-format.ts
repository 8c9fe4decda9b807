// Decides a model's format from its bytes alone (never its name), so an upload can be accepted or
// refused before it is parsed.

import { DEFAULT_MESHER_LIMITS } from '../config/limits';
import { MODEL_FORMATS, type ModelFormat } from '../constants';
import { MeshFailure } from '../errors/error-codes';
import { gltfEntries, looksLikeGltfJson } from './gltf';
import { looksLikeAsciiStl } from './stl';
import { isZip, readZipDirectory } from './zip-archive';

export { MODEL_FORMATS, type ModelFormat };

// Every statement of the OBJ specification (geometry, free-form, grouping, display and rendering),
// so a file written by a CAD tool is not mistaken for something else.
const OBJ_KEYWORDS = new Set([
  'v',
  'vn',
  'vt',
  'vp',
  'f',
  'fo',
  'o',
  'g',
  's',
  'l',
  'p',
  'mg',
  'mtllib',
  'usemtl',
  'maplib',
  'usemap',
  'cstype',
  'deg',
  'bmat',
  'step',
  'curv',
  'curv2',
  'surf',
  'parm',
  'trim',
  'hole',
  'scrv',
  'sp',
  'end',
  'con',
  'bevel',
  'c_interp',
  'd_interp',
  'lod',
  'shadow_obj',
  'trace_obj',
  'ctech',
  'stech',
  'call',
  'csh',
]);
const OTHER_MAGICS = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x25, 0x50, 0x44, 0x46], // PDF
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x1f, 0x8b], // gzip
];

export function isModelFormat(value: string): value is ModelFormat {
  return (MODEL_FORMATS as readonly string[]).includes(value);
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function isText(bytes: Uint8Array, limit: number): boolean {
  const end = Math.min(bytes.length, limit);
  for (let i = 0; i < end; i++) {
    const c = bytes[i]!;
    if (c === 0 || (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12)) return false;
  }
  return true;
}

/**
 * Text whose lines are OBJ statements: known keywords, with at most a few unknown ones (an
 * exporter's own, such as `vc`, which the reader skips with a note) among many known.
 */
function looksLikeObj(bytes: Uint8Array): boolean {
  const sample = new TextDecoder('utf-8').decode(bytes.subarray(0, 64 * 1024));
  const lines = sample.split(/\r\n|\n|\r/);
  // The last line of the sample may be cut in the middle.
  if (bytes.length > 64 * 1024) lines.pop();
  let geometry = 0;
  let known = 0;
  let unknown = 0;
  let continued = false;
  for (const raw of lines) {
    const line = raw.trim();
    // A line after one ending in a backslash continues that statement: it has no keyword.
    const continues = continued;
    continued = line.endsWith('\\');
    if (continues || line === '' || line.startsWith('#')) continue;
    const keyword = line.split(/\s+/, 1)[0] ?? '';
    if (OBJ_KEYWORDS.has(keyword)) known++;
    else if (/^[A-Za-z_][\w.-]{0,31}$/.test(keyword)) unknown++;
    else return false;
    if (keyword === 'v' || keyword === 'f') geometry++;
  }
  return geometry > 0 && unknown <= Math.max(2, known / 10);
}

function looksLikeBinaryStl(bytes: Uint8Array): boolean {
  if (bytes.length < 84) return false;
  if (OTHER_MAGICS.some((magic) => startsWith(bytes, magic))) return false;
  const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true);
  const declared = 84 + 50 * count;
  if (declared === bytes.length || (bytes.length - 84) % 50 === 0) return true;
  // A cut-off or padded upload: the header disagrees with the size, but not absurdly.
  return count > 0 && count <= DEFAULT_MESHER_LIMITS.maxTriangles;
}

export function detectModelFormat(bytes: Uint8Array): ModelFormat | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, [0x67, 0x6c, 0x54, 0x46])) return 'glb';
  if (isZip(bytes)) {
    try {
      const directory = readZipDirectory(bytes, DEFAULT_MESHER_LIMITS);
      if (directory.entries.some((e) => e.name.toLowerCase().endsWith('.model'))) return '3mf';
      return gltfEntries(directory.entries).length > 0 ? 'gltf' : null;
    } catch (error) {
      // A damaged or hostile archive is still a 3MF upload; parsing reports exactly why it fails.
      if (error instanceof MeshFailure) return '3mf';
      throw error;
    }
  }
  if (
    startsWith(bytes, [0x70, 0x6c, 0x79]) &&
    (bytes[3] === 0x0a || bytes[3] === 0x0d || bytes[3] === 0x20 || bytes[3] === 0x09)
  )
    return 'ply';
  if (looksLikeGltfJson(bytes)) return 'gltf';
  if (looksLikeAsciiStl(bytes)) return 'stl';
  if (isText(bytes, 4096)) {
    if (looksLikeObj(bytes)) return 'obj';
    return looksLikeBinaryStl(bytes) && bytes.length >= 84 && !isText(bytes, 84) ? 'stl' : null;
  }
  return looksLikeBinaryStl(bytes) ? 'stl' : null;
}
