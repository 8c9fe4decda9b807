// Non-blocking findings of a parse, kept typed so the upload page can list them: features we do not
// read (ignored elements, unsampled textures), volumes a slicer would not print (3MF modifiers,
// support blockers, negative volumes: left out), triangles listed twice (one copy kept), STL normals
// that were recomputed (missing, invalid, zero or contradicting: always a note, never a refusal),
// float32 coordinates the file itself rounded coarsely (a model far from the origin),
// and, only when the caller opted into recovery (`strict: false`), the format violations that were
// repaired.

export const PARSE_WARNING_CODES = [
  'BINARY_STL_SOLID_HEADER',
  'MISSING_ENDSOLID',
  'SOLID_NAME_MISMATCH',
  'MISSING_NORMAL',
  'NON_FINITE_NORMAL',
  'NORMALS_DISAGREE',
  'ZERO_NORMALS',
  'TRAILING_DATA',
  'IGNORED_ELEMENTS',
  'TEXTURE_NOT_SAMPLED',
  'DUPLICATE_TRIANGLES',
  'SLICER_VOLUMES_LEFT_OUT',
  'INSIDE_OUT',
  'COARSE_COORDINATES',
] as const;

export type ParseWarningCode = (typeof PARSE_WARNING_CODES)[number];

export interface ParseWarning {
  code: ParseWarningCode;
  message: string;
}

/** Adds `warning` unless the same note is already listed (many textures failing alike say so once). */
export function addWarningOnce(warnings: ParseWarning[], warning: ParseWarning): void {
  if (!warnings.some((w) => w.code === warning.code && w.message === warning.message)) warnings.push(warning);
}
