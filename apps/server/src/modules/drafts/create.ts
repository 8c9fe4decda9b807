/**
 * Creating a draft: from an uploaded model (Mode A), a prompt (Mode B) or a picture (Mode B with
 * picture options). A prompt is checked before anything exists; the source file must be the
 * person's own upload of the right kind.
 */
import type { CreateDraftRequest, Draft } from '@kitwright/contracts';
import { resolveLocale, titleFromFileName } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import { type DraftsContext, type EventMeta, emitSaved, refusePrompt, requireMode } from './context';
import { checkDesignChoice } from './design-choice';
import * as repo from './repo';
import { normaliseReference } from './settings';
import { toDraft } from './view';

export async function create(
  ctx: DraftsContext,
  user: SignedInUser,
  body: CreateDraftRequest,
  meta: EventMeta,
): Promise<Draft> {
  await requireMode(ctx, body.mode);
  const reference = body.reference ? normaliseReference(body.reference) : null;
  if (reference) {
    if (body.mode !== 'B')
      throw new AppError('VALIDATION_FAILED', 'Only a Mode B draft is made from a picture.', {
        fields: { reference: 'is only for mode B' },
      });
    if (body.prompt !== undefined)
      throw new AppError('VALIDATION_FAILED', 'A draft is made from a prompt or from a picture, not both.', {
        fields: { prompt: 'is not allowed with a reference' },
      });
    if (!body.source_upload_id)
      throw new AppError('VALIDATION_FAILED', 'Upload the picture first and name it in source_upload_id.', {
        fields: { source_upload_id: 'is required with a reference' },
      });
  } else if (body.mode === 'B' && !body.prompt?.trim()) {
    throw new AppError('VALIDATION_FAILED', 'A prompt-based design needs a prompt.', {
      fields: { prompt: 'is required' },
    });
  }
  if (body.mode === 'B' && !reference) refusePrompt(ctx, body.prompt, body.source_language);
  checkDesignChoice({ mode: body.mode, validation: {} }, body.settings?.design, body.settings?.size);
  const source = body.source_upload_id
    ? await ctx.media.ownedFile(user, body.source_upload_id, reference ? 'image' : 'source_model')
    : null;
  const now = ctx.clock.now();
  const row = await repo.insertDraft(ctx.db, {
    id: newId(),
    owner_user_id: user.id,
    mode: body.mode,
    // Unnamed, an upload's draft is called after its file ("sitting_bunny.stl": "Sitting bunny").
    title:
      body.title?.trim() ||
      (body.mode === 'A' || reference ? titleFromFileName(source?.original_name) : null) ||
      null,
    source_upload_id: body.mode === 'A' || reference ? (body.source_upload_id ?? null) : null,
    prompt: body.mode === 'B' && !reference ? (body.prompt?.trim() ?? null) : null,
    reference: reference ? JSON.stringify(reference) : null,
    source_language: resolveLocale(body.source_language ?? user.locale),
    settings: JSON.stringify(body.settings ?? {}),
    validation: '{}',
    created_at: now,
    updated_at: now,
  });
  await ctx.events.emit(
    'create_started',
    {
      mode: row.mode,
      source_surface: body.source_surface ?? 'web',
      signed_in: true,
      source_attribution: {},
    },
    { userId: user.id, route: 'design-drafts', consent: meta.consent },
  );
  await emitSaved(ctx, row, meta);
  return toDraft(ctx, row);
}
