// STL reader (binary and ASCII). Written here rather than borrowed because three's STLLoader logs
// to the console and accepts what we must refuse: lying face counters, cut-off files, facets with
// two or four vertices and NaN coordinates. What it can read around (a "solid" header on a binary
// file, a missing "endsolid", trailing bytes) it reports as format violations, which `parseModel`
// refuses unless the caller asked for recovery; stored normals it never uses, and only notes when
// they are missing, invalid, zero or contradicting.

import type { MesherLimits } from '../config/limits';
import { fail, MESH_ERROR_MESSAGES } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import type { FormatViolation } from './format-violation';
import { GrowableFloat64 } from './growable';
import { isNonFiniteToken, readNumberToken } from './number-token';
import type { ParseWarning } from './parse-warning';
import { quoteText } from './quote-text';
import { StlNormalCensus } from './stl-normal-census';
import { float32RoundingNote } from './stored-precision';

const HEADER_BYTES = 80;
const PREAMBLE_BYTES = 84;
const RECORD_BYTES = 50;

export interface StlParse {
  raw: RawMesh;
  warnings: ParseWarning[];
  violations: FormatViolation[];
}

/** Where the text starts: past a UTF-8 byte-order mark, which some Windows exporters write. */
function textStart(bytes: Uint8Array): number {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** Whether `bytes` at `at` spell `word` (lower case) in any case, as slicers read STL keywords. */
function spellsAt(bytes: Uint8Array, at: number, word: string): boolean {
  for (let j = 0; j < word.length; j++) if ((bytes[at + j]! | 0x20) !== word.charCodeAt(j)) return false;
  return true;
}

function startsWithSolid(bytes: Uint8Array): boolean {
  let i = textStart(bytes);
  const end = i + 64;
  while (
    i < bytes.length &&
    i < end &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  return i + 5 <= bytes.length && spellsAt(bytes, i, 'solid');
}

function declaredBinarySize(bytes: Uint8Array): number {
  if (bytes.length < PREAMBLE_BYTES) return -1;
  const count = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(HEADER_BYTES, true);
  return PREAMBLE_BYTES + RECORD_BYTES * count;
}

function containsWord(bytes: Uint8Array, word: string, limit: number): boolean {
  const end = Math.min(bytes.length, limit) - word.length;
  for (let i = 0; i <= end; i++) if (spellsAt(bytes, i, word)) return true;
  return false;
}

/**
 * True when a file starting with "solid" is nevertheless a binary STL (a common exporter bug): its
 * size is what its triangle count says, give or take fewer stray bytes than one triangle (which
 * the binary reader then reports as trailing data), and it holds no "facet" or a NUL in its header.
 */
export function isBinaryStlDespiteSolidHeader(bytes: Uint8Array): boolean {
  const size = declaredBinarySize(bytes);
  if (size < 0 || bytes.length < size || bytes.length >= size + RECORD_BYTES) return false;
  let hasNul = false;
  for (let i = 0; i < Math.min(HEADER_BYTES, bytes.length); i++) if (bytes[i] === 0) hasNul = true;
  return hasNul || !containsWord(bytes, 'facet', 1024);
}

export function looksLikeAsciiStl(bytes: Uint8Array): boolean {
  return startsWithSolid(bytes) && !isBinaryStlDespiteSolidHeader(bytes);
}

export function parseStl(bytes: Uint8Array, limits: MesherLimits): StlParse {
  if (startsWithSolid(bytes)) {
    if (isBinaryStlDespiteSolidHeader(bytes)) {
      // A note in every mode, never a refusal: the size matches the header's triangle count exactly,
      // so the file is binary beyond doubt, and slicers (PrusaSlicer, Cura) read it so without a word.
      // Many CAD exporters write "solid <name>" into a binary header.
      const parsed = parseBinaryStl(bytes, limits);
      parsed.warnings.unshift({
        code: 'BINARY_STL_SOLID_HEADER',
        message: MESH_ERROR_MESSAGES.BINARY_STL_SOLID_HEADER,
      });
      return parsed;
    }
    return parseAsciiStl(bytes, limits);
  }
  return parseBinaryStl(bytes, limits);
}

function parseBinaryStl(bytes: Uint8Array, limits: MesherLimits): StlParse {
  const violations: FormatViolation[] = [];
  if (bytes.length < PREAMBLE_BYTES) {
    fail('TRUNCATED_FILE', `The binary STL is ${bytes.length} bytes, shorter than its 84-byte header.`, {
      bytes: bytes.length,
    });
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const declared = view.getUint32(HEADER_BYTES, true);
  const body = bytes.length - PREAMBLE_BYTES;
  const held = Math.floor(body / RECORD_BYTES);
  // Too many only when the file really holds them: a header announcing four billion triangles in
  // a file of a few hundred bytes lies about its count (FACE_COUNT_MISMATCH below), whatever the cap.
  if (declared > limits.maxTriangles && (declared === held || held > limits.maxTriangles)) {
    fail(
      'TOO_MANY_TRIANGLES',
      `The file holds ${Math.max(declared, held)} triangles; the limit is ${limits.maxTriangles}.`,
      { declared, limit: limits.maxTriangles },
    );
  }
  if (declared === 0 && held === 0) fail('NO_TRIANGLES', 'The binary STL announces zero triangles.');
  if (body % RECORD_BYTES !== 0 && countReplacementCharacters(bytes) >= 2) {
    fail(
      'MALFORMED_FILE',
      'The binary STL was damaged by a text conversion (it contains UTF-8 replacement characters); export it again.',
    );
  }
  if (declared !== held) {
    const partial = body % RECORD_BYTES !== 0;
    if (declared > held && partial && declared <= limits.maxTriangles) {
      fail(
        'TRUNCATED_FILE',
        `The file announces ${declared} triangles but ends after ${held} and a partial one.`,
        { declared, held, bytes: bytes.length },
      );
    }
    fail(
      'FACE_COUNT_MISMATCH',
      `The header announces ${declared} triangles but the file holds ${held}${partial ? ' and some stray bytes' : ''}: the count written in the header does not match the file.`,
      { declared, held, bytes: bytes.length },
    );
  } else if (body % RECORD_BYTES !== 0) {
    const extra = body % RECORD_BYTES;
    violations.push({
      code: 'TRAILING_DATA',
      problem: `The binary STL holds the ${declared} triangles its header announces, then ${extra} more byte${extra === 1 ? '' : 's'} that belong to no triangle.`,
      warning: { code: 'TRAILING_DATA', message: `${extra} bytes after the last triangle were ignored.` },
      details: { bytes: extra },
    });
  }

  let colourDefault: [number, number, number] | null = null;
  for (let i = 0; i < HEADER_BYTES - 10; i++) {
    // Materialise Magics marks coloured files with "COLOR=" and a default RGBA in the header.
    if (view.getUint32(i, false) === 0x434f4c4f && bytes[i + 4] === 0x52 && bytes[i + 5] === 0x3d) {
      colourDefault = [bytes[i + 6]!, bytes[i + 7]!, bytes[i + 8]!];
      break;
    }
  }

  const positions = new Float32Array(declared * 9);
  const colours = colourDefault ? new Uint8Array(declared * 3) : null;
  const census = new StlNormalCensus();
  for (let t = 0; t < declared; t++) {
    const start = PREAMBLE_BYTES + t * RECORD_BYTES;
    const o = t * 9;
    for (let k = 0; k < 9; k++) positions[o + k] = view.getFloat32(start + 12 + k * 4, true);
    census.add(
      view.getFloat32(start, true),
      view.getFloat32(start + 4, true),
      view.getFloat32(start + 8, true),
      positions,
      o,
    );
    if (colours && colourDefault) {
      const packed = view.getUint16(start + 48, true);
      if ((packed & 0x8000) === 0) {
        colours[t * 3] = Math.round(((packed & 0x1f) / 31) * 255);
        colours[t * 3 + 1] = Math.round((((packed >> 5) & 0x1f) / 31) * 255);
        colours[t * 3 + 2] = Math.round((((packed >> 10) & 0x1f) / 31) * 255);
      } else {
        colours[t * 3] = colourDefault[0];
        colours[t * 3 + 1] = colourDefault[1];
        colours[t * 3 + 2] = colourDefault[2];
      }
    }
  }
  const warnings = census.warnings();
  const rounding = float32RoundingNote(positions);
  if (rounding) warnings.push(rounding);
  return {
    raw: { positions, indices: null, triangleColours: colours, upAxis: 'z' },
    warnings,
    violations,
  };
}

/** U+FFFD encoded as EF BF BD: what a binary file looks like after being saved as UTF-8 text. */
function countReplacementCharacters(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i + 2 < bytes.length; i++) {
    if (bytes[i] === 0xef && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) count++;
  }
  return count;
}

/** Whitespace-separated token reader over the decoded text that tracks line numbers for messages. */
class Tokens {
  private pos = 0;
  line = 1;
  constructor(private readonly text: string) {}
  next(): string | null {
    const text = this.text;
    let i = this.pos;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.line++;
      // NUL counts as space: exporters pad text files to a block size with it.
      else if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 11 && c !== 0) break;
    }
    if (i >= text.length) {
      this.pos = i;
      return null;
    }
    const start = i;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0) break;
    }
    this.pos = i;
    return text.slice(start, i);
  }

  peek(): string | null {
    const pos = this.pos;
    const line = this.line;
    const token = this.next();
    this.pos = pos;
    this.line = line;
    return token;
  }
  restOfLine(): string {
    const text = this.text;
    const end = text.indexOf('\n', this.pos);
    const stop = end < 0 ? text.length : end;
    const rest = text.slice(this.pos, stop).replace(/\0/g, ' ').trim();
    this.pos = stop;
    return rest;
  }
}

/**
 * Whether "endsolid" closes the solid "solid" opened. An empty name on either side matches, and so
 * does a name that is the other's first words (exporters such as the one behind stl-models'
 * tetrahedronIrregular close "solid tetrahedron irregular" with "endsolid tetrahedron"); any other
 * difference means the file may have been pieced together.
 */
function sameSolidName(opened: string, closed: string): boolean {
  const a = opened.split(/\s+/).filter(Boolean);
  const b = closed.split(/\s+/).filter(Boolean);
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  return shorter.every((word, i) => word === longer[i]);
}

function parseAsciiStl(bytes: Uint8Array, limits: MesherLimits): StlParse {
  const violations: FormatViolation[] = [];
  const text = new TextDecoder('utf-8').decode(bytes);
  const tokens = new Tokens(text);
  const positions = new GrowableFloat64(4096);
  const census = new StlNormalCensus();
  let facets = 0;
  let sawEndsolid = false;
  const malformed = (what: string): never =>
    fail('MALFORMED_ASCII', `Line ${tokens.line}: ${what}.`, { line: tokens.line, facet: facets + 1 });
  const number = (token: string | null, what: string): number => {
    if (token === null)
      return fail('TRUNCATED_FILE', `The text STL ends inside ${what} (line ${tokens.line}).`);
    const value = readNumberToken(token);
    if (Number.isNaN(value) && !isNonFiniteToken(token))
      malformed(`${quoteText(token)} is not a number in ${what}`);
    return value;
  };

  let solids = 0;
  while (tokens.peek() !== null) {
    if (solids > 0 && sawEndsolid && tokens.peek()?.toLowerCase() !== 'solid') {
      // Text after the last solid was closed (a signature line, an exporter's junk): read around
      // as trailing bytes of a binary STL are, with the same code.
      const line = tokens.line;
      violations.push({
        code: 'TRAILING_DATA',
        problem: `The text STL closes its solid, then goes on with text that is no solid (line ${line}).`,
        warning: {
          code: 'TRAILING_DATA',
          message: `The text after the last "endsolid" (from line ${line}) was ignored.`,
        },
        details: { line },
      });
      break;
    }
    const solid = tokens.next();
    if (solid?.toLowerCase() !== 'solid') malformed(`expected "solid" but found ${quoteText(solid ?? '')}`);
    solids++;
    const name = tokens.restOfLine();
    sawEndsolid = false;
    for (;;) {
      const token = tokens.next();
      if (token === null) break;
      const keyword = token.toLowerCase();
      if (keyword === 'endsolid') {
        const endName = tokens.restOfLine();
        if (!sameSolidName(name, endName)) {
          violations.push({
            code: 'SOLID_NAME_MISMATCH',
            problem: `The text STL opens the solid ${quoteText(name)} but closes ${quoteText(endName)} (line ${tokens.line}).`,
            warning: {
              code: 'SOLID_NAME_MISMATCH',
              message: `The solid opens as ${quoteText(name)} but closes as ${quoteText(endName)}.`,
            },
            details: { line: tokens.line },
          });
        }
        sawEndsolid = true;
        break;
      }
      if (keyword !== 'facet')
        malformed(`expected "facet" or "endsolid" but found ${quoteText(token ?? '')}`);
      if (facets >= limits.maxTriangles) {
        fail('TOO_MANY_TRIANGLES', `The file has more than ${limits.maxTriangles} triangles.`, {
          limit: limits.maxTriangles,
        });
      }
      const normalKeyword = tokens.next();
      if (normalKeyword?.toLowerCase() !== 'normal') malformed('expected "normal" after "facet"');
      const normal: number[] = [];
      while (tokens.peek() !== null && tokens.peek()?.toLowerCase() !== 'outer') {
        normal.push(number(tokens.next(), 'a facet normal'));
      }
      tokens.next();
      if (tokens.next()?.toLowerCase() !== 'loop') malformed('expected "outer loop"');
      const firstVertex = positions.length;
      let vertices = 0;
      for (;;) {
        const word = tokens.next();
        if (word === null) fail('TRUNCATED_FILE', `The text STL ends inside facet ${facets + 1}.`);
        const lower = word.toLowerCase();
        if (lower === 'endloop') break;
        if (lower !== 'vertex') malformed(`expected "vertex" or "endloop" but found ${quoteText(word)}`);
        const x = number(tokens.next(), 'a vertex');
        const y = number(tokens.next(), 'a vertex');
        const z = number(tokens.next(), 'a vertex');
        if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
          fail('NON_FINITE_COORDINATES', `Line ${tokens.line}: a vertex coordinate is not a finite number.`, {
            line: tokens.line,
          });
        }
        vertices++;
        if (vertices <= 3) positions.push3(x, y, z);
      }
      if (vertices !== 3) {
        malformed(
          `facet ${facets + 1} has ${vertices} vertices; STL facets must be triangles with exactly three`,
        );
      }
      const endfacet = tokens.next();
      if (endfacet === null) fail('TRUNCATED_FILE', `The text STL ends inside facet ${facets + 1}.`);
      if (endfacet.toLowerCase() !== 'endfacet')
        malformed(`expected "endfacet" but found ${quoteText(endfacet)}`);
      if (normal.length === 3) census.add(normal[0]!, normal[1]!, normal[2]!, positions.data, firstVertex);
      else census.addMissing();
      facets++;
    }
  }
  if (facets === 0) fail('NO_TRIANGLES', 'The text STL contains no facets.');
  if (!sawEndsolid) {
    violations.unshift({
      code: 'MISSING_ENDSOLID',
      problem: `The text STL ends after facet ${facets} without its closing "endsolid" line, so it may have been cut off.`,
      warning: {
        code: 'MISSING_ENDSOLID',
        message: 'The text STL has no closing "endsolid" line; all facets before the end were read.',
      },
      details: { facets },
    });
  }
  return {
    raw: { positions: positions.toArray(), indices: null, triangleColours: null, upAxis: 'z' },
    warnings: census.warnings(),
    violations,
  };
}
