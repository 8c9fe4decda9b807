// glTF 2.0 binary (GLB) container: the header, the JSON chunk and the binary chunk, checked
// (truncation, lying lengths, bytes after the end), then read by gltf-document.

import type { MesherLimits } from '../config/limits';
import { fail } from '../errors/error-codes';
import type { RawMesh } from '../mesh/weld';
import type { FormatViolation } from './format-violation';
import type { GeometryDecoders } from './geometry-decoders';
import { type GltfJson, readGltfDocument } from './gltf-document';
import type { ParseWarning } from './parse-warning';

export interface GlbParse {
  raw: RawMesh;
  warnings: ParseWarning[];
  violations: FormatViolation[];
}

const GLB_MAGIC = 0x46546c67;
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

export function parseGlb(
  bytes: Uint8Array,
  limits: MesherLimits,
  decoders: GeometryDecoders | null = null,
): GlbParse {
  if (bytes.length < 20) fail('TRUNCATED_FILE', 'The GLB file is shorter than its header.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== GLB_MAGIC)
    fail('MALFORMED_FILE', 'The file does not start with the GLB signature.');
  const version = view.getUint32(4, true);
  if (version !== 2)
    fail('UNSUPPORTED_FEATURE', `GLB version ${version} is not supported; only glTF 2.0 is.`);
  const declaredLength = view.getUint32(8, true);
  if (declaredLength > bytes.length) {
    fail(
      'TRUNCATED_FILE',
      `The GLB header announces ${declaredLength} bytes but the file has ${bytes.length}.`,
      {
        declared: declaredLength,
        bytes: bytes.length,
      },
    );
  }
  const violations: FormatViolation[] = [];
  if (declaredLength < bytes.length) {
    const extra = bytes.length - declaredLength;
    violations.push({
      code: 'TRAILING_DATA',
      problem: `The GLB header announces ${declaredLength} bytes but the file has ${extra} more after them.`,
      warning: { code: 'TRAILING_DATA', message: `${extra} bytes after the end of the GLB were ignored.` },
      details: { declared: declaredLength, bytes: bytes.length },
    });
  }
  let json: GltfJson | null = null;
  let bin: Uint8Array | null = null;
  let offset = 12;
  while (offset + 8 <= declaredLength) {
    const length = view.getUint32(offset, true);
    const type = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + length > declaredLength) {
      fail('TRUNCATED_FILE', 'A GLB chunk runs past the end of the file.', {
        chunkOffset: offset,
        chunkLength: length,
      });
    }
    if (type === CHUNK_JSON && json === null) {
      try {
        json = JSON.parse(new TextDecoder('utf-8').decode(bytes.subarray(start, start + length))) as GltfJson;
      } catch {
        fail('MALFORMED_FILE', 'The GLB JSON chunk is not valid JSON.');
      }
    } else if (type === CHUNK_BIN && bin === null) {
      bin = bytes.subarray(start, start + length);
    }
    offset = nextChunk(view, start + length, declaredLength);
  }
  if (!json || typeof json !== 'object') fail('MALFORMED_FILE', 'The GLB file has no JSON chunk.');
  const { raw, warnings } = readGltfDocument(json, { name: 'GLB', bin, file: () => null, decoders }, limits);
  return { raw, warnings, violations };
}

/**
 * Where the chunk after one ending at `end` starts. The specification pads every chunk to 4 bytes
 * and counts the padding in its length, so the next chunk starts at `end`; that is where three.js's
 * GLTFLoader and Blender's importer read it even when a writer left a chunk unpadded (a JSON chunk
 * of 4n + 2 bytes followed at once by the binary chunk). A writer that padded without counting the
 * padding puts the next chunk at the next multiple of 4 instead: read there when `end` holds no
 * chunk header that fits in the file and the aligned offset does.
 */
function nextChunk(view: DataView, end: number, declaredLength: number): number {
  const aligned = end + ((4 - (end % 4)) % 4);
  if (aligned === end) return end;
  const fits = (at: number) => {
    if (at + 8 > declaredLength) return false;
    const type = view.getUint32(at + 4, true);
    return (type === CHUNK_JSON || type === CHUNK_BIN) && at + 8 + view.getUint32(at, true) <= declaredLength;
  };
  return !fits(end) && fits(aligned) ? aligned : end;
}
