/**
 * Turns a failed request into plain words in the reader's language: the error code decides the
 * sentence (the server's own message is English and meant for developers), and field errors from
 * the error envelope's details are mapped onto the form fields they belong to.
 */
import { PASSWORD_MIN_LENGTH } from '@kitwright/contracts/constants';
import { isKitwrightError, type KitwrightError } from '@kitwright/sdk';
import type { MessageKey, Translate } from '../../i18n';

const BY_CODE: Partial<Record<string, MessageKey>> = {
  NETWORK_ERROR: 'err.network',
  INVALID_CREDENTIALS: 'err.invalidCredentials',
  WEAK_PASSWORD: 'err.weakPassword',
  WRONG_PASSWORD: 'err.wrongPassword',
  INVALID_LINK: 'err.invalidLink',
  OAUTH_FAILED: 'err.oauthFailed',
  OAUTH_ACCOUNT_CONFLICT: 'err.oauthConflict',
  OAUTH_REDIRECT: 'err.oauthFailed',
  PROVIDER_UNAVAILABLE: 'err.providerUnavailable',
  SESSION_REVOKED: 'err.sessionEnded',
  INVALID_TOKEN: 'err.sessionEnded',
  NO_REFRESH_TOKEN: 'err.sessionEnded',
  UNAUTHENTICATED: 'err.unauthenticated',
  FORBIDDEN: 'err.forbidden',
  NOT_FOUND: 'err.notFound',
  PHASE_CLOSED: 'err.phaseClosed',
  VALIDATION_FAILED: 'err.validation',
  MALFORMED_JSON: 'err.validation',
  INVALID_STATE: 'err.invalidState',
  CONFLICT: 'err.conflict',
  PAYLOAD_TOO_LARGE: 'err.tooLarge',
  HEADERS_TOO_LARGE: 'err.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'err.unsupportedType',
  AUDIT_UNAVAILABLE: 'err.auditUnavailable',
  REAUTHENTICATION_REQUIRED: 'err.reauthRequired',
  DEPENDENCY_UNAVAILABLE: 'err.unavailable',
};

const FEATURES: Partial<Record<string, MessageKey>> = {
  publishing: 'err.featureDisabled.publishing',
  modeB: 'err.featureDisabled.modeB',
  interestReservations: 'err.featureDisabled.interest',
};

/** Seconds to wait, from Retry-After or the envelope's details. */
export function retryAfterSeconds(error: KitwrightError): number | null {
  if (error.retry_after_seconds) return error.retry_after_seconds;
  const fromDetails = error.details?.retry_after_seconds;
  return typeof fromDetails === 'number' ? fromDetails : null;
}

export function waitText(t: Translate, seconds: number): string {
  if (seconds < 90) return t('err.rateLimitedSeconds', { count: Math.max(1, Math.ceil(seconds)) });
  return t('err.rateLimitedMinutes', { count: Math.ceil(seconds / 60) });
}

/**
 * A request refused for its origin (the page was opened at an address the server does not
 * accept, e.g. another host name): tell the person which address to open, as the server says.
 */
export function originRejectedText(t: Translate, error: KitwrightError): string {
  const address = error.details?.open_at;
  return typeof address === 'string' && address
    ? t('err.originRejected', { address })
    : t('err.originRejectedReload');
}

/** One sentence for any error; unknown failures name the reference to quote to support. */
export function errorText(t: Translate, error: unknown): string {
  if (!isKitwrightError(error)) return t('err.unknown', { ref: '—' });
  if (error.code === 'RATE_LIMITED') {
    const seconds = retryAfterSeconds(error);
    return seconds ? waitText(t, seconds) : t('err.rateLimitedLater');
  }
  if (error.code === 'ORIGIN_REJECTED') return originRejectedText(t, error);
  if (error.code === 'ACCOUNT_EXISTS')
    return t(error.details?.field === 'email' ? 'err.accountExistsEmail' : 'err.accountExistsUsername');
  if (error.code === 'FEATURE_DISABLED') {
    const key = FEATURES[String(error.details?.flag ?? '')];
    return t(key ?? 'err.featureDisabled');
  }
  const key = BY_CODE[error.code];
  if (key) return t(key, { count: PASSWORD_MIN_LENGTH });
  return error.status >= 500 || error.status === 0
    ? t('err.server', { ref: error.correlation_id ?? '—' })
    : t('err.unknown', { ref: error.correlation_id ?? '—' });
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Field errors from a refusal: the envelope's `details.fields` (schema validation), plus the codes
 * that are about one field. `sentences` gives the sentence for each field of this form.
 */
export function fieldErrorsOf<F extends string>(
  t: Translate,
  error: unknown,
  sentences: Partial<Record<F, MessageKey>>,
  byCode: Partial<Record<string, F>> = {},
): FieldErrors<F> {
  if (!isKitwrightError(error)) return {};
  const out: FieldErrors<F> = {};
  const fields = error.details?.fields;
  if (fields && typeof fields === 'object') {
    for (const [name, problem] of Object.entries(fields as Record<string, unknown>)) {
      const field = name.split('.').pop() as F;
      const sentence = sentences[field];
      if (!sentence) continue;
      out[field] =
        problem === 'is required' ? t('field.required') : t(sentence, { count: PASSWORD_MIN_LENGTH });
    }
  }
  if (error.code === 'ACCOUNT_EXISTS') {
    const field = (error.details?.field === 'email' ? 'email' : 'username') as F;
    if (field in sentences) out[field] = errorText(t, error);
  }
  const codeField = byCode[error.code];
  if (codeField) out[codeField] = errorText(t, error);
  return out;
}

/** True when the refusal was about fields that the form shows next to them. */
export function hasFieldErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
