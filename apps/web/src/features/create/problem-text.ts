/**
 * Plain words for what the upload check, the mesher and the kit validator report. The stable code
 * decides the sentence in the reader's language (the server's own message is English and, for the
 * mesher, technical); unknown codes fall back to a general sentence.
 */
import type { MessageKey, Translate } from '../../i18n';

const KNOWN = [
  // The file itself
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
  'BINARY_STL_SOLID_HEADER',
  'MISSING_ENDSOLID',
  'SOLID_NAME_MISMATCH',
  'MISSING_NORMAL',
  'NON_FINITE_NORMAL',
  'NORMALS_DISAGREE',
  'ZERO_NORMALS',
  'TRAILING_DATA',
  'NOT_ENCLOSED',
  'INVALID_MODEL',
  'TOO_COMPLEX',
  // Processing
  'INVALID_OPTIONS',
  'USE_CASE_BLOCKED',
  'ABORTED',
  'TIME_BUDGET_EXCEEDED',
  'MEMORY_BUDGET_EXCEEDED',
  'PROCESSING_FAILED',
  'INTERNAL_ERROR',
  'SOURCE_MISSING',
  'WORKER_LOST',
  // The kit
  'EMPTY_KIT',
  'INVALID_BLOCK',
  'BLOCKS_OVERLAP',
  'COVER_MISMATCH',
  'DISCONNECTED',
  'FLOATING_BLOCKS',
  'TIPS_OVER',
  'TIPS_DURING_BUILD',
  // Notes about a mesh that was still usable
  'OPEN_BOUNDARIES',
  'NON_MANIFOLD_EDGES',
  'INCONSISTENT_WINDING',
  'DEGENERATE_TRIANGLES',
  'SEVERAL_COMPONENTS',
  'IGNORED_ELEMENTS',
  'TEXTURE_NOT_SAMPLED',
] as const;

const KNOWN_SET = new Set<string>(KNOWN);

export function problemText(t: Translate, code: string | null | undefined): string {
  if (code && KNOWN_SET.has(code)) return t(`problem.${code}` as MessageKey);
  return t('problem.unknown');
}

/** Whether the sentence for a code is our own (else the server's detail is worth showing). */
export function isKnownProblem(code: string | null | undefined): boolean {
  return Boolean(code && KNOWN_SET.has(code));
}
