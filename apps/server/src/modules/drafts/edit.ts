/**
 * Editing a draft: its title, source, prompt, picture options and settings. What makes the model
 * check or the kit stale clears them, so the owner builds again from what is now there.
 */
import type { Draft, UpdateDraftRequest } from '@kitwright/contracts';
import { resolveLocale } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import type { SignedInUser } from '../../platform/viewer';
import { type DraftsContext, type EventMeta, emitSaved, owned, refusePrompt } from './context';
import { checkDesignChoice } from './design-choice';
import type { DraftRow } from './repo';
import * as repo from './repo';
import { modelPassed, normaliseReference, settingsOf } from './settings';
import { toDraft } from './view';

/**
 * What goes back when a draft's kit is made stale by new settings (its source unchanged): an
 * upload whose model passed is "model checked" again, with the model's report and without the
 * old kit's verdict, so its kit is built again; a prompt's design is to be generated again.
 */
function kitClearedState(row: DraftRow) {
  if (modelPassed(row))
    return {
      stage: 'model_ready' as const,
      validation_state: 'valid' as const,
      validation: JSON.stringify({ mesh: (row.validation as Record<string, unknown>).mesh }),
    };
  if (row.mode === 'B' && row.stage === 'kit_ready')
    return {
      stage: 'created' as const,
      validation_state: 'pending' as const,
      validation: JSON.stringify(lastGenerationOf(row)),
    };
  return {};
}

/**
 * What a prompt draft keeps of its last generation when new edits make its kit stale: the variants
 * (with a model-written program as it was written), so the edits are checked against them and the
 * rebuild starts from the same programs instead of asking the model for new ones.
 */
function lastGenerationOf(row: DraftRow): Record<string, unknown> {
  const validation = row.validation as { generation?: Record<string, unknown> } | null;
  const g = validation?.generation;
  if (!g?.design) return {};
  return {
    last_generation: {
      provider: g.provider ?? null,
      fallback: g.fallback ?? null,
      interpretation: g.interpretation ?? null,
      design: g.design,
    },
  };
}

/** Refuses a change the draft's kind has no field for (a prompt on an upload's draft, ...). */
function refuseForeignFields(row: DraftRow, body: UpdateDraftRequest): void {
  if (row.publish_state === 'published')
    throw new AppError(
      'INVALID_STATE',
      'This draft is published; its listing is edited from the listing page (Manage).',
    );
  if (body.source_upload_id !== undefined && row.mode !== 'A')
    throw new AppError('VALIDATION_FAILED', 'Only an upload-based draft has a source file.', {
      fields: { source_upload_id: 'is not allowed for mode B' },
    });
  if (body.prompt !== undefined && (row.mode !== 'B' || row.reference !== null))
    throw new AppError('VALIDATION_FAILED', 'Only a prompt-based draft has a prompt.', {
      fields: { prompt: row.mode === 'B' ? 'is not allowed for a picture' : 'is not allowed for mode A' },
    });
  if (body.reference !== undefined && row.reference === null)
    throw new AppError('VALIDATION_FAILED', 'Only a draft made from a picture has picture options.', {
      fields: { reference: 'is only for a draft made from a picture' },
    });
}

export async function update(
  ctx: DraftsContext,
  user: SignedInUser,
  draftId: string,
  body: UpdateDraftRequest,
  meta: EventMeta,
): Promise<Draft> {
  const row = await owned(ctx, user, draftId);
  refuseForeignFields(row, body);
  if (body.prompt !== undefined) refusePrompt(ctx, body.prompt, row.source_language);
  const reference = body.reference !== undefined ? normaliseReference(body.reference) : undefined;
  const referenceChanged =
    reference !== undefined && JSON.stringify(reference) !== JSON.stringify(row.reference);
  if (body.source_upload_id) await ctx.media.ownedFile(user, body.source_upload_id, 'source_model');
  checkDesignChoice(row, body.settings?.design, body.settings?.size);
  const sourceChanged =
    (body.source_upload_id !== undefined && body.source_upload_id !== row.source_upload_id) ||
    (body.prompt !== undefined && body.prompt.trim() !== row.prompt);
  const settingsChanged =
    body.settings !== undefined &&
    JSON.stringify({ ...settingsOf(row), ...body.settings }) !== JSON.stringify(settingsOf(row));
  const clearKit = sourceChanged || settingsChanged || referenceChanged;
  const updated = await repo.updateDraft(ctx.db, row.id, {
    ...(body.title !== undefined ? { title: body.title.trim() || null } : {}),
    ...(body.source_upload_id !== undefined ? { source_upload_id: body.source_upload_id } : {}),
    ...(body.prompt !== undefined ? { prompt: body.prompt.trim() } : {}),
    ...(reference !== undefined ? { reference: JSON.stringify(reference) } : {}),
    ...(body.source_language !== undefined ? { source_language: resolveLocale(body.source_language) } : {}),
    ...(body.settings !== undefined
      ? { settings: JSON.stringify({ ...(row.settings as object), ...body.settings }) }
      : sourceChanged && settingsOf(row).design
        ? // A new prompt makes new designs: edits to the old one's parts no longer apply.
          { settings: JSON.stringify({ ...(row.settings as object), design: null }) }
        : {}),
    // A new source or new settings make the old model check and kit stale.
    ...(sourceChanged
      ? { stage: 'created', validation_state: 'pending', validation: '{}', model_job_id: null }
      : {}),
    ...(clearKit
      ? {
          block_kit_job_id: null,
          kit_file_id: null,
          preview_file_id: null,
          preview_png_file_id: null,
          kit_summary: null,
          ...(sourceChanged ? {} : kitClearedState(row)),
        }
      : {}),
    updated_at: ctx.clock.now(),
  });
  await emitSaved(ctx, updated, meta);
  return toDraft(ctx, updated);
}
