// The upload check: parse the file and validate its mesh, as one call, so the server's check of an
// upload and the pipeline's first two stages are the same code and cannot come to different
// verdicts. A passing upload yields the mesh and its report, which a caller may keep (encodeMesh)
// and hand to runMeshPipeline later instead of the file.

import type { MesherLimits } from '../config/limits';
import type { MeshError } from '../errors/error-codes';
import type { TriangleMesh } from '../mesh/triangle-mesh';
import { type MeshReport, validateAndOrient } from '../mesh/validate-mesh';
import type { ModelFormat } from '../parse/detect-format';
import type { GeometryDecoders } from '../parse/geometry-decoders';
import { parseModel } from '../parse/parse-model';
import type { ParseWarning } from '../parse/parse-warning';

export interface InspectModelOptions {
  /** Skip detection; the bytes are still checked against this format's rules. */
  format?: ModelFormat;
  limits?: Partial<MesherLimits>;
  /** Default true; see parseModel and validateMesh. */
  strict?: boolean;
  /** Draco and meshopt for compressed glTF geometry; see parseModel. */
  decoders?: GeometryDecoders | null;
}

export interface InspectSuccess {
  ok: true;
  format: ModelFormat;
  warnings: ParseWarning[];
  mesh: TriangleMesh;
  meshReport: MeshReport;
}

/** The file could not be read (or, strict, violates its format). */
export interface InspectParseFailure {
  ok: false;
  error: MeshError & { stage: 'parse' };
}

/** The file was read, and its mesh refused; the report says what was found. */
export interface InspectValidationFailure {
  ok: false;
  error: MeshError & { stage: 'validate-mesh' };
  format: ModelFormat;
  warnings: ParseWarning[];
  meshReport: MeshReport;
}

export type InspectOutcome = InspectSuccess | InspectParseFailure | InspectValidationFailure;

type Parsed = { mesh: TriangleMesh; format: ModelFormat; warnings: ParseWarning[] };

/**
 * The validation half of inspectModel; the pipeline calls the halves apart to report progress and
 * let a cancellation in between them.
 */
export function validateParsed(
  parsed: Parsed,
  options: InspectModelOptions = {},
): InspectSuccess | InspectValidationFailure {
  // Pieces saved inside out are turned before anything reads the winding (faces on grid planes,
  // colours); the report still counts them.
  const meshReport = validateAndOrient(parsed.mesh, { limits: options.limits, strict: options.strict });
  const { format } = parsed;
  const warnings = [...parsed.warnings];
  const turned = meshReport.insideOutPieces;
  if (turned > 0) {
    warnings.push({
      code: 'INSIDE_OUT',
      message:
        meshReport.components === 1
          ? 'The surface was saved inside out (every face pointing inwards); it was turned outwards.'
          : `${turned} of the model's ${meshReport.components} pieces ${turned === 1 ? 'was' : 'were'} saved inside out (every face pointing inwards); ${turned === 1 ? 'it was' : 'they were'} turned outwards.`,
    });
  }
  const blocking = meshReport.problems[0];
  if (blocking) {
    return { ok: false, error: { ...blocking, stage: 'validate-mesh' }, format, warnings, meshReport };
  }
  return { ok: true, format, warnings, mesh: parsed.mesh, meshReport };
}

/**
 * parseModel, then validateMesh on what it read, with the same `strict` and `limits` for both.
 * Never throws on bad input: a refusal names the stage that refused, and a validation refusal
 * carries the report (counts, bounding box, findings) so a caller can still show it.
 */
export function inspectModel(bytes: Uint8Array, options: InspectModelOptions = {}): InspectOutcome {
  const parsed = parseModel(bytes, options);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, stage: 'parse' } };
  return validateParsed(parsed, options);
}
