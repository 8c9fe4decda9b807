// A format violation is something a reader had to guess around (a missing "endsolid", a normal
// that is not a number, bytes after the data). Readers collect them; `parseModel` refuses the file
// with the first one's typed error by default (strict) and turns them into warnings when the
// caller opted into recovery (`strict: false`).

import type { RecoverableErrorCode } from '../errors/error-codes';
import type { ParseWarning } from './parse-warning';

export type FormatViolationCode = Exclude<RecoverableErrorCode, 'NOT_ENCLOSED'>;

export interface FormatViolation {
  /** The error code strict parsing refuses the file with. */
  code: FormatViolationCode;
  /** What is wrong, specifically for this file; the fix is appended from MESH_ERROR_MESSAGES. */
  problem: string;
  /** What lenient parsing did instead, shown as a warning; null when another violation's says it. */
  warning: ParseWarning | null;
  details?: Record<string, string | number | boolean | null>;
}
