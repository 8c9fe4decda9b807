// Stable failure codes of the mesher and the sentence a person reads for each; the server's
// `upload_validation_failed` event carries the code, so codes are never renamed, only added.

export const MESH_ERROR_CODES = [
  'EMPTY_FILE',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FORMAT',
  'TRUNCATED_FILE',
  'FACE_COUNT_MISMATCH',
  'TOO_MANY_TRIANGLES',
  'TOO_MANY_VERTICES',
  'NON_FINITE_COORDINATES',
  'NO_TRIANGLES',
  'MALFORMED_ASCII',
  'MALFORMED_FILE',
  'INVALID_INDEX',
  'UNSUPPORTED_FEATURE',
  'INVALID_ARCHIVE',
  'ZIP_BOMB',
  'FLAT_MODEL',
  'INVALID_OPTIONS',
  'USE_CASE_BLOCKED',
  'ABORTED',
  'TIME_BUDGET_EXCEEDED',
  'INTERNAL_ERROR',
  // A binary STL whose header starts with "solid": refused until issue 12, now a note in every mode
  // (its size proves it binary, and slicers read it so); the code stays for the note and old events.
  'BINARY_STL_SOLID_HEADER',
  // Format violations: refused by default (strict parsing), recoverable with `strict: false`.
  'MISSING_ENDSOLID',
  'SOLID_NAME_MISMATCH',
  // STL normals: refused until issue 12, now only notes (parse warnings) in every mode, since
  // normals are never used; the codes stay for the warnings and for old events.
  'MISSING_NORMAL',
  'NON_FINITE_NORMAL',
  'NORMALS_DISAGREE',
  'ZERO_NORMALS',
  'TRAILING_DATA',
  // A surface too open to enclose anything: refused by default, voxelised anyway when lenient.
  'NOT_ENCLOSED',
] as const;

export type MeshErrorCode = (typeof MESH_ERROR_CODES)[number];

/** Codes that `strict: false` turns into warnings (parsing) or findings (validation). */
export const RECOVERABLE_ERROR_CODES = [
  'MISSING_ENDSOLID',
  'SOLID_NAME_MISMATCH',
  'TRAILING_DATA',
  'NOT_ENCLOSED',
] as const satisfies readonly MeshErrorCode[];

export type RecoverableErrorCode = (typeof RECOVERABLE_ERROR_CODES)[number];

/**
 * How to fix each recoverable problem, ending with what the repair (`strict: false`) would do, so an
 * upload page can offer it. Appended to every message of that code.
 */
export const REPAIR_HINTS: Readonly<Record<RecoverableErrorCode, string>> = {
  MISSING_ENDSOLID:
    'Upload the complete file or re-export it as binary STL or 3MF, or accept the repair, which keeps the facets before the end.',
  SOLID_NAME_MISMATCH:
    'Re-export it as binary STL or 3MF from your design tool, or accept the repair, which reads every facet.',
  TRAILING_DATA: 'Re-export it from your design tool, or accept the repair, which ignores the extra bytes.',
  NOT_ENCLOSED:
    'Close the holes in your design tool (most have a "fill holes" or "make solid" command), or accept the repair, which fills what the open surface suggests.',
};

/** Default wording per code; a failure may carry a more specific message built from these. */
export const MESH_ERROR_MESSAGES: Record<MeshErrorCode, string> = {
  EMPTY_FILE:
    'The file is empty (0 bytes): the export or the upload failed. Export the model again and upload that file.',
  FILE_TOO_LARGE: 'The file is larger than the upload limit.',
  UNSUPPORTED_FORMAT: 'The file is not a model format we read (STL, OBJ, PLY, GLB, glTF or 3MF).',
  TRUNCATED_FILE:
    'The file ends before the data it announces; it was probably cut off during upload or export.',
  FACE_COUNT_MISMATCH: 'The triangle count written in the file does not match the triangles it contains.',
  TOO_MANY_TRIANGLES: 'The model has more triangles than we accept; simplify it before uploading.',
  TOO_MANY_VERTICES: 'The model has more vertices than we accept; simplify it before uploading.',
  NON_FINITE_COORDINATES: 'The model contains coordinates that are not numbers (NaN or infinity).',
  NO_TRIANGLES: 'The file contains no usable triangles.',
  MALFORMED_ASCII:
    'The text of the file does not follow the format (for example a facet without exactly three vertices).',
  MALFORMED_FILE: 'The file structure is invalid and cannot be read.',
  INVALID_INDEX: 'A face refers to a vertex that does not exist.',
  UNSUPPORTED_FEATURE: 'The file uses a feature we do not read yet.',
  INVALID_ARCHIVE: 'The 3MF archive is damaged or does not contain a model.',
  ZIP_BOMB: 'The archive expands to far more data than it could reasonably hold, so it was refused.',
  FLAT_MODEL: 'The model has no thickness: all of it lies in one plane, so there is nothing to build.',
  INVALID_OPTIONS: 'The requested settings are out of range.',
  USE_CASE_BLOCKED: 'Block kits may not be used this way.',
  ABORTED: 'The job was cancelled.',
  TIME_BUDGET_EXCEEDED: 'The job took longer than its time budget and was stopped.',
  INTERNAL_ERROR: 'Something went wrong on our side while processing the model.',
  BINARY_STL_SOLID_HEADER:
    'The binary STL\'s header starts with "solid", a word meant for text STL; its size shows it is binary, so it was read as binary.',
  MISSING_ENDSOLID: `The text STL stops without its closing "endsolid" line, so it may have been cut off during upload or export. ${REPAIR_HINTS.MISSING_ENDSOLID}`,
  SOLID_NAME_MISMATCH: `The text STL closes a different solid from the one it opens, so it may have been pieced together from several files. ${REPAIR_HINTS.SOLID_NAME_MISMATCH}`,
  MISSING_NORMAL:
    "Some facets of the text STL have no normal; the file's normals were recomputed from the vertex order.",
  NON_FINITE_NORMAL:
    "Some facet normals of the STL are not numbers; the file's normals were recomputed from the vertex order.",
  NORMALS_DISAGREE:
    "Some facet normals of the STL point against the order of their vertices; the file's normals were recomputed from the vertex order.",
  ZERO_NORMALS:
    "Most facets of the STL have a zero normal (0 0 0); the file's normals were recomputed from the vertex order.",
  TRAILING_DATA: `The file carries unexplained bytes after the end of its model data, so it may be damaged or two files joined together. ${REPAIR_HINTS.TRAILING_DATA}`,
  NOT_ENCLOSED: `The surface is too open to enclose anything: a large share of its edges border a hole, so it has no inside to build. ${REPAIR_HINTS.NOT_ENCLOSED}`,
};

export interface MeshError {
  code: MeshErrorCode;
  message: string;
  details?: Record<string, string | number | boolean | null>;
}

export function meshError(code: MeshErrorCode, message?: string, details?: MeshError['details']): MeshError {
  const error: MeshError = { code, message: message ?? MESH_ERROR_MESSAGES[code] };
  if (details) error.details = details;
  return error;
}

/**
 * Thrown inside parsers and stages to unwind deep loops; public entry points catch it and turn it
 * into a typed outcome, so callers never see it.
 */
export class MeshFailure extends Error {
  readonly error: MeshError;
  constructor(error: MeshError) {
    super(error.message);
    this.name = 'MeshFailure';
    this.error = error;
  }
}

export function fail(code: MeshErrorCode, message?: string, details?: MeshError['details']): never {
  throw new MeshFailure(meshError(code, message, details));
}

export function isMeshErrorCode(value: string): value is MeshErrorCode {
  return (MESH_ERROR_CODES as readonly string[]).includes(value);
}

export function isRecoverableErrorCode(value: string): value is RecoverableErrorCode {
  return (RECOVERABLE_ERROR_CODES as readonly string[]).includes(value);
}
