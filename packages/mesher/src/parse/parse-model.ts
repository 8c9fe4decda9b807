// Entry point for reading an upload: size caps, format detection, the format's reader and welding,
// with every failure returned as a typed outcome instead of thrown. Strict by default: a format
// violation the reader had to guess around refuses the file with its own code and
// `details.recoverable: true`; `strict: false` reads around it and reports it as a warning.

import { type MesherLimits, resolveLimits } from '../config/limits';
import { type MeshError, MeshFailure, meshError, REPAIR_HINTS } from '../errors/error-codes';
import { dropDuplicateTriangles } from '../mesh/duplicate-triangles';
import type { TriangleMesh } from '../mesh/triangle-mesh';
import { type RawMesh, weldMesh } from '../mesh/weld';
import { detectModelFormat, type ModelFormat } from './detect-format';
import type { FormatViolation } from './format-violation';
import type { GeometryDecoders } from './geometry-decoders';
import { parseGlb } from './glb';
import { parseGltf } from './gltf';
import { parseObj } from './obj';
import type { ParseWarning } from './parse-warning';
import { parsePly } from './ply';
import { parseStl } from './stl';
import { parseThreeMf } from './three-mf';

export interface ParseOptions {
  /** Skip detection; the bytes are still checked against this format's rules. */
  format?: ModelFormat;
  limits?: Partial<MesherLimits>;
  /**
   * Default true: refuse files that violate their format even where the reader could guess (a
   * missing "endsolid", bad or contradicting STL normals, bytes after the data, ...). False: read
   * around every such violation and list it in `warnings` (the "repair" a caller may offer).
   */
  strict?: boolean;
  /**
   * Draco and meshopt (`await loadGeometryDecoders()`), for compressed glTF geometry; without them
   * a file that needs one is refused as `UNSUPPORTED_FEATURE`.
   */
  decoders?: GeometryDecoders | null;
}

export type ParseOutcome =
  | { ok: true; mesh: TriangleMesh; format: ModelFormat; warnings: ParseWarning[] }
  | { ok: false; error: MeshError };

function readRaw(
  format: ModelFormat,
  bytes: Uint8Array,
  limits: MesherLimits,
  decoders: GeometryDecoders | null,
): { raw: RawMesh; warnings: ParseWarning[]; violations?: FormatViolation[] } {
  switch (format) {
    case 'stl':
      return parseStl(bytes, limits);
    case 'obj':
      return parseObj(bytes, limits);
    case 'ply':
      return parsePly(bytes, limits);
    case 'glb':
      return parseGlb(bytes, limits, decoders);
    case 'gltf':
      return parseGltf(bytes, limits, decoders);
    case '3mf':
      return parseThreeMf(bytes, limits);
  }
}

export function parseModel(bytes: Uint8Array, options: ParseOptions = {}): ParseOutcome {
  const limits = resolveLimits(options.limits);
  if (bytes.length === 0) return { ok: false, error: meshError('EMPTY_FILE') };
  if (bytes.length > limits.maxFileBytes) {
    return {
      ok: false,
      error: meshError(
        'FILE_TOO_LARGE',
        `The file is ${bytes.length} bytes; the limit is ${limits.maxFileBytes}.`,
        {
          bytes: bytes.length,
          limit: limits.maxFileBytes,
        },
      ),
    };
  }
  try {
    const format = options.format ?? detectModelFormat(bytes);
    if (!format) return { ok: false, error: meshError('UNSUPPORTED_FORMAT') };
    const { raw, warnings, violations = [] } = readRaw(format, bytes, limits, options.decoders ?? null);
    const welded = weldMesh(raw);
    const unique = dropDuplicateTriangles(welded.indices, welded.triangleColours);
    const mesh = { ...welded, indices: unique.indices, triangleColours: unique.colours };
    if (mesh.indices.length === 0) return { ok: false, error: meshError('NO_TRIANGLES') };
    if (unique.dropped > 0) {
      warnings.push({
        code: 'DUPLICATE_TRIANGLES',
        message: `${unique.dropped === 1 ? '1 triangle was' : `${unique.dropped} triangles were`} listed twice (the same corners, facing the same way); one copy of each was kept.`,
      });
    }
    const first = violations[0];
    if (first && options.strict !== false) return { ok: false, error: violationError(first, violations) };
    const repaired: ParseWarning[] = [];
    for (const violation of violations) if (violation.warning) repaired.push(violation.warning);
    return { ok: true, mesh, format, warnings: [...repaired, ...warnings] };
  } catch (error) {
    if (error instanceof MeshFailure) return { ok: false, error: error.error };
    // Third-party readers throw plain errors (RangeError, TypeError) on inputs they cannot read.
    return {
      ok: false,
      error: meshError('MALFORMED_FILE', undefined, {
        reason: error instanceof Error ? error.message : String(error),
      }),
    };
  }
}

/**
 * The typed error for the first violation, naming all of them, so that a repair offered on the
 * first one is known to clear the rest as well.
 */
function violationError(first: FormatViolation, all: FormatViolation[]): MeshError {
  return meshError(first.code, `${first.problem} ${REPAIR_HINTS[first.code]}`, {
    ...first.details,
    recoverable: true,
    violations: all.map((v) => v.code).join(','),
  });
}
