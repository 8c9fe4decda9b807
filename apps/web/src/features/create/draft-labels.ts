/** How a draft is named and where it stands, in words (lists, headings and badges). */
import type { Draft } from '@kitwright/contracts';
import { titleFromFileName } from '@kitwright/contracts/constants';
import type { Translate } from '../../i18n';

export function draftName(t: Translate, draft: Draft): string {
  if (draft.title) return draft.title;
  if (draft.mode === 'B' && draft.prompt)
    return draft.prompt.length > 60 ? `${draft.prompt.slice(0, 57)}…` : draft.prompt;
  // Drafts made before the server named them after their file ("sitting_bunny.stl").
  return titleFromFileName(draft.source_upload?.original_name) ?? t('create.draft.untitled');
}

export function draftStatus(
  t: Translate,
  draft: Draft,
): { label: string; tone: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' } {
  if (draft.publish_state === 'published') return { label: t('create.status.published'), tone: 'success' };
  if (draft.stage === 'kit_ready')
    return draft.validation_state === 'valid'
      ? { label: t('create.status.kitReady'), tone: 'brand' }
      : { label: t('create.status.kitProblems'), tone: 'warning' };
  if (draft.validation_state === 'invalid')
    return { label: t('create.status.modelProblems'), tone: 'danger' };
  if (draft.stage === 'model_ready') return { label: t('create.status.modelChecked'), tone: 'neutral' };
  return { label: t('create.status.inProgress'), tone: 'neutral' };
}
