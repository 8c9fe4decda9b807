/**
 * The publish form kept per draft while it is filled in (reloading or closing the page does not
 * lose it; publishing forgets it). What is read back is checked, since it comes from storage an
 * older app version may have written. The licence acknowledgement is never kept: it is given
 * when the form is sent.
 */
import { isUseCase, SAFETY_QUESTIONS, type UseCase } from '@kitwright/contracts/constants';
import type { SafetyAnswers } from './publish-rules';

export interface KeptPublishForm {
  title: string;
  description: string;
  tags: string;
  category: string | null;
  visibility: string;
  useCase: UseCase | null;
  language: string;
  safety: SafetyAnswers;
}

export function publishFormKey(draftId: string): string {
  return `publish:${draftId}`;
}

const text = (v: unknown): v is string => typeof v === 'string';

/** The kept form's fields that are still good, over the given defaults. */
export function keptPublishForm(stored: unknown, defaults: KeptPublishForm): KeptPublishForm {
  if (!stored || typeof stored !== 'object') return defaults;
  const s = stored as Record<string, unknown>;
  const safety: SafetyAnswers = {};
  const storedSafety = (s.safety && typeof s.safety === 'object' ? s.safety : {}) as Record<string, unknown>;
  for (const q of SAFETY_QUESTIONS) if (typeof storedSafety[q] === 'boolean') safety[q] = storedSafety[q];
  return {
    title: text(s.title) ? s.title : defaults.title,
    description: text(s.description) ? s.description : defaults.description,
    tags: text(s.tags) ? s.tags : defaults.tags,
    category: text(s.category) ? s.category : defaults.category,
    visibility: text(s.visibility) ? s.visibility : defaults.visibility,
    useCase: text(s.useCase) && isUseCase(s.useCase) ? s.useCase : defaults.useCase,
    language: text(s.language) ? s.language : defaults.language,
    safety,
  };
}

/** Whether the form holds anything the person typed or chose. */
export function publishFormChanged(form: KeptPublishForm, defaults: KeptPublishForm): boolean {
  return JSON.stringify(form) !== JSON.stringify(defaults);
}
