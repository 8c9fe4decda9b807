/**
 * What to tell a person when a request about a listing fails: the server's own words, or why it
 * could not be asked; the field problems of a refusal; and whether the thing is simply gone.
 */
import { isKitwrightError } from '@kitwright/sdk';
import type { Translate } from '../../i18n';
import { originRejectedText } from '../account/error-text';

export function problemText(error: unknown, t: Translate): string {
  if (isKitwrightError(error)) {
    if (error.code === 'NETWORK_ERROR') return t('error.network');
    if (error.code === 'ORIGIN_REJECTED') return originRejectedText(t, error);
    if (error.code === 'RATE_LIMITED')
      return t('error.rateLimited', { count: error.retry_after_seconds ?? 60 });
    if (error.message) return error.message;
  }
  return t('error.body');
}

/** The field problems a validation error names (field → message), if any. */
export function fieldProblems(error: unknown): Record<string, string> {
  if (!isKitwrightError(error)) return {};
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
  return fields && typeof fields === 'object' ? fields : {};
}

export function isGone(error: unknown): boolean {
  return isKitwrightError(error) && error.code === 'NOT_FOUND';
}
