// Wavefront OBJ reader: vertices (with the common "v x y z r g b" colour extension) and polygon
// faces split into triangles (fans, or ears for a concave polygon). Written here because three's
// OBJLoader turns a bad face index into NaN coordinates silently; this reader names the line instead.

import { UNCOLOURED_RGB } from '../colour/palette';
import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import { GrowableFloat32, GrowableFloat64, GrowableUint8, GrowableUint32 } from './growable';
import { isNonFiniteToken, readNumberToken } from './number-token';
import type { ParseWarning } from './parse-warning';
import { triangulatePolygon } from './polygon';
import { quoteText } from './quote-text';

export interface ObjParse {
  raw: RawMesh;
  warnings: ParseWarning[];
}

const WHITESPACE = /\s+/;

export function parseObj(bytes: Uint8Array, limits: MesherLimits): ObjParse {
  const decoded = new TextDecoder('utf-8').decode(bytes);
  // Classic Mac OS ended lines with CR alone; such a file has no LF at all.
  const text = !decoded.includes('\n') && decoded.includes('\r') ? decoded.replace(/\r/g, '\n') : decoded;
  const warnings: ParseWarning[] = [];
  const positions = new GrowableFloat64(4096);
  const vertexColours = new GrowableFloat32(16);
  const indices = new GrowableUint32(4096);
  let vertexTotal = 0;
  let coloured = 0;
  let materialLibraries = 0;
  let lineNumber = 0;
  const corners: number[] = [];

  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    lineNumber++;
    let line = text.slice(start, end).trim();
    start = end + 1;
    // A backslash at the end of a line continues it on the next (the OBJ spec; long faces).
    while (line.endsWith('\\') && start <= text.length) {
      end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      lineNumber++;
      line = `${line.slice(0, -1)} ${text.slice(start, end).trim()}`.trim();
      start = end + 1;
    }
    if (line === '' || line.charCodeAt(0) === 35) continue;
    const parts = line.split(WHITESPACE);
    const keyword = parts[0];
    if (keyword === 'v') {
      if (parts.length < 4)
        fail('MALFORMED_FILE', `Line ${lineNumber}: a vertex needs three coordinates.`, { line: lineNumber });
      const x = readNumberToken(parts[1]!);
      const y = readNumberToken(parts[2]!);
      const z = readNumberToken(parts[3]!);
      if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
        const isText = [x, y, z].some((v, i) => Number.isNaN(v) && !isNonFiniteToken(parts[i + 1]!));
        fail(
          isText ? 'MALFORMED_FILE' : 'NON_FINITE_COORDINATES',
          `Line ${lineNumber}: the vertex ${quoteText(line)} has a coordinate that is not a finite number.`,
          { line: lineNumber },
        );
      }
      vertexTotal++;
      if (vertexTotal > limits.maxVertices) {
        fail('TOO_MANY_VERTICES', `The file has more than ${limits.maxVertices} vertices.`, {
          limit: limits.maxVertices,
        });
      }
      positions.push3(x, y, z);
      if (parts.length >= 7) {
        // Vertex colours follow the position: "v x y z r g b".
        while (vertexColours.length < (vertexTotal - 1) * 3) vertexColours.push3(-1, -1, -1);
        vertexColours.push3(Number(parts[4]), Number(parts[5]), Number(parts[6]));
        coloured++;
      }
    } else if (keyword === 'f') {
      if (parts.length < 4) {
        fail('MALFORMED_FILE', `Line ${lineNumber}: a face needs at least three vertices.`, {
          line: lineNumber,
        });
      }
      corners.length = 0;
      for (let i = 1; i < parts.length; i++) {
        const ref = parts[i]!;
        const slash = ref.indexOf('/');
        const raw = Number(slash < 0 ? ref : ref.slice(0, slash));
        if (!Number.isInteger(raw) || raw === 0) {
          fail('MALFORMED_FILE', `Line ${lineNumber}: ${quoteText(ref)} is not a vertex reference.`, {
            line: lineNumber,
          });
        }
        // Negative references count back from the most recent vertex.
        const index = raw > 0 ? raw - 1 : vertexTotal + raw;
        if (index < 0 || index >= vertexTotal) {
          fail(
            'INVALID_INDEX',
            `Line ${lineNumber}: the face refers to vertex ${raw}, but only ${vertexTotal} are defined so far.`,
            {
              line: lineNumber,
              index: raw,
              vertexCount: vertexTotal,
            },
          );
        }
        corners.push(index);
      }
      triangulatePolygon(positions.data, corners, indices);
      if (indices.length / 3 > limits.maxTriangles) {
        fail('TOO_MANY_TRIANGLES', `The file has more than ${limits.maxTriangles} triangles.`, {
          limit: limits.maxTriangles,
        });
      }
    } else if (keyword === 'mtllib') {
      materialLibraries++;
    }
  }
  if (indices.length === 0) fail('NO_TRIANGLES', 'The OBJ file has no faces.');
  if (materialLibraries > 0) {
    warnings.push({
      code: 'IGNORED_ELEMENTS',
      message:
        'The OBJ refers to a separate material library (.mtl) that was not uploaded; its colours were not read.',
    });
  }
  const index = indices.toArray();
  let triangleColours: Uint8Array | null = null;
  if (coloured > 0) triangleColours = averageVertexColours(index, vertexColours.toArray(), vertexTotal);
  return { raw: { positions: positions.toArray(), indices: index, triangleColours, upAxis: 'y' }, warnings };
}

function averageVertexColours(index: Uint32Array, colours: Float32Array, vertexTotal: number): Uint8Array {
  let max = 0;
  for (let i = 0; i < colours.length; i++) if (colours[i]! > max) max = colours[i]!;
  // Some exporters write 0..255 instead of 0..1.
  const scale = max > 1 ? 1 : 255;
  const out = new GrowableUint8(index.length);
  for (let t = 0; t < index.length; t += 3) {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let k = 0; k < 3; k++) {
      const v = index[t + k]!;
      if (v * 3 + 2 >= colours.length || v >= vertexTotal || colours[v * 3]! < 0) continue;
      r += colours[v * 3]!;
      g += colours[v * 3 + 1]!;
      b += colours[v * 3 + 2]!;
      n++;
    }
    if (n === 0) out.push3(UNCOLOURED_RGB[0], UNCOLOURED_RGB[1], UNCOLOURED_RGB[2]);
    else out.push3(clampByte((r / n) * scale), clampByte((g / n) * scale), clampByte((b / n) * scale));
  }
  return out.toArray();
}

function clampByte(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(255, Math.round(value))) : 0;
}
