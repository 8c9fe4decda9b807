/**
 * The rules of the publish form: the checks made before asking the server (with the contracts'
 * limits), and the server's refusals turned into words next to the fields that caused them.
 */
import {
  BLOCKED_USE_CASES,
  LISTING_DESCRIPTION_MIN_LENGTH,
  LISTING_MAX_TAGS,
  LISTING_TAG_MAX_LENGTH,
  LISTING_TITLE_MIN_LENGTH,
  SAFETY_QUESTIONS,
  type SafetyQuestion,
  type UseCase,
} from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import type { MessageKey, Translate } from '../../i18n';
import { errorText } from '../account/error-text';

export type PublishField = 'title' | 'description' | 'tags' | 'category' | 'use_case' | 'safety' | 'licence';
export type PublishErrors = Partial<Record<PublishField, string>>;
export type SafetyAnswers = Partial<Record<SafetyQuestion, boolean>>;

export interface Refusal {
  title: string;
  body: string;
  action?: { label: string; href: string };
}

/** What the form holds when it is sent. */
export interface PublishValues {
  title: string;
  description: string;
  tags: string[];
  category: string | null;
  useCase: UseCase | null;
  safety: SafetyAnswers;
  licence: boolean;
}

/** The tags typed as "a, b, c": trimmed, lower case, each once. */
export function tagsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function isBlockedUse(useCase: string | null): boolean {
  return useCase !== null && (BLOCKED_USE_CASES as readonly string[]).includes(useCase);
}

/** Why a blocked use is refused, in the reader's language ('' for an allowed use). */
export function blockedReason(t: Translate, useCase: string): string {
  return isBlockedUse(useCase) ? t(`publish.useCase.${useCase}.reason` as MessageKey) : '';
}

/** What to fix before sending (nothing: an empty object). */
export function checkPublish(t: Translate, v: PublishValues): PublishErrors {
  const out: PublishErrors = {};
  if (v.title.trim().length < LISTING_TITLE_MIN_LENGTH) out.title = t('publish.error.title');
  if (v.description.trim().length < LISTING_DESCRIPTION_MIN_LENGTH)
    out.description = t('publish.error.description');
  if (v.tags.length > LISTING_MAX_TAGS || v.tags.some((tag) => tag.length > LISTING_TAG_MAX_LENGTH))
    out.tags = t('publish.error.tags');
  if (!v.category) out.category = t('publish.error.choose');
  if (!v.useCase) out.use_case = t('publish.error.choose');
  if (SAFETY_QUESTIONS.some((q) => v.safety[q] === undefined)) out.safety = t('publish.error.safety');
  if (!v.licence) out.licence = t('publish.error.licence');
  return out;
}

/** A refusal of the server, explained: the notice, the fields it concerns, and what to undo. */
export interface RefusalExplained {
  refusal: Refusal;
  errors: PublishErrors;
  /** The safety answers that kept the listing from publishing. */
  risky: SafetyQuestion[];
  /** The licence acknowledgement must be given again (its version changed). */
  withdrawLicence: boolean;
}

export function explainRefusal(
  t: Translate,
  err: unknown,
  context: { draftId: string; useCase: UseCase | null },
): RefusalExplained {
  const out: RefusalExplained = {
    refusal: { title: t('publish.refusedTitle'), body: errorText(t, err) },
    errors: {},
    risky: [],
    withdrawLicence: false,
  };
  if (!isKitwrightError(err)) return out;
  const d = err.details ?? {};
  const safetyHelp = { label: t('help.safety.short'), href: '/help/safety' };
  switch (err.code) {
    case 'USE_CASE_BLOCKED': {
      const reason =
        blockedReason(t, String(d.use_case ?? context.useCase ?? '')) || t('publish.useCaseBlocked');
      if (d.source === 'prompt') {
        // The prompt's words describe the use, not the form's answer: the prompt is what to change.
        out.refusal = {
          title: t('publish.refusedTitle'),
          body: t('create.prompt.restrictedDraft', { words: String(d.matched ?? ''), reason }),
          action: { label: t('publish.backToDraft'), href: `/create/draft/${context.draftId}` },
        };
        return out;
      }
      out.errors = { use_case: reason };
      out.refusal = {
        title: t('publish.refusedTitle'),
        body: t('publish.refused.useCase', { reason }),
        action: safetyHelp,
      };
      return out;
    }
    case 'GATE_NOT_MET': {
      if (d.gate === 'safety') {
        const answers = (Array.isArray(d.answers) ? d.answers : []) as SafetyQuestion[];
        out.risky = answers;
        out.errors = { safety: t('publish.refused.safetyField') };
        out.refusal = {
          title: t('publish.refusedTitle'),
          body: t('publish.refused.safety', {
            list: answers.map((q) => t(`publish.safety.${q}.short` as MessageKey)).join(', '),
          }),
          action: safetyHelp,
        };
      } else if (d.gate === 'licence') {
        out.withdrawLicence = true;
        out.errors = { licence: t('publish.refused.licence') };
        out.refusal = { title: t('publish.refusedTitle'), body: t('publish.refused.licence') };
      } else out.refusal = { title: t('publish.refusedTitle'), body: t('publish.refused.gate') };
      return out;
    }
    case 'KIT_NOT_READY':
      out.refusal = {
        title: t('publish.notReadyTitle'),
        body: t('publish.notReadyBody'),
        action: { label: t('publish.backToDraft'), href: `/create/draft/${context.draftId}` },
      };
      return out;
    case 'INVALID_STATE':
      out.refusal = {
        title: t('create.draft.publishedTitle'),
        body: t('publish.alreadyPublished'),
        ...(typeof d.listing_id === 'string'
          ? { action: { label: t('create.draft.openListing'), href: `/listing/${d.listing_id}` } }
          : {}),
      };
      return out;
    case 'VALIDATION_FAILED': {
      const fields = (d.fields ?? {}) as Record<string, string>;
      for (const name of Object.keys(fields)) {
        const root = name.split('.')[0] as PublishField;
        if (root === 'title') out.errors.title = t('publish.error.title');
        else if (root === 'description') out.errors.description = t('publish.error.description');
        else if (root === 'tags') out.errors.tags = t('publish.error.tags');
        else if (root === 'category') out.errors.category = t('publish.error.choose');
      }
      out.refusal = { title: t('publish.fixTitle'), body: t('publish.fixBody') };
      return out;
    }
    default:
      return out;
  }
}
