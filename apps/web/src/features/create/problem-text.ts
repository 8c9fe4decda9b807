/**
 * Plain words for what the upload check, the mesher and the kit validator report. The stable code
 * decides the sentence in the reader's language (the server's own message is English and, for the
 * mesher, technical); a code without a `problem.<CODE>` sentence falls back to a general one.
 */

import { en } from '@kitwright/copy/messages';
import type { MessageKey, Translate } from '../../i18n';

/** The message key of a code we have our own sentence for (`problem.<CODE>` in the dictionary). */
function knownKey(code: string | null | undefined): MessageKey | null {
  const key = `problem.${code}`;
  return code && Object.hasOwn(en, key) ? (key as MessageKey) : null;
}

export function problemText(t: Translate, code: string | null | undefined): string {
  return t(knownKey(code) ?? 'problem.unknown');
}

/** Whether the sentence for a code is our own (else the server's detail is worth showing). */
export function isKnownProblem(code: string | null | undefined): boolean {
  return knownKey(code) !== null;
}
