/** An upload refusal in plain words: the reason code of the check decides the sentence. */
import { isKitwrightError } from '@kitwright/sdk';
import type { Translate } from '../../i18n';
import { errorText } from '../account/error-text';
import { isKnownProblem, problemText } from './problem-text';

export interface UploadFailure {
  text: string;
  code: string | null;
  detail: string | null;
}

export function uploadFailure(t: Translate, error: unknown): UploadFailure {
  if (!isKitwrightError(error)) return { text: errorText(t, error), code: null, detail: null };
  const reason = typeof error.details?.reason_code === 'string' ? error.details.reason_code : null;
  const code =
    reason ??
    (error.code === 'PAYLOAD_TOO_LARGE'
      ? 'FILE_TOO_LARGE'
      : error.code === 'UNSUPPORTED_MEDIA_TYPE'
        ? 'UNSUPPORTED_FORMAT'
        : null);
  if (code && isKnownProblem(code)) return { text: problemText(t, code), code, detail: null };
  return { text: errorText(t, error), code: error.code, detail: null };
}
