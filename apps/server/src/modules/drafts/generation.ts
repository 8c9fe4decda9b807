/**
 * Asking for a draft's model or block kit: the draft is checked (its mode open, its prompt allowed,
 * its model passed) and the job queued, idempotent by key; the draft points at a new job.
 */

import { currentCorrelationId } from '../../platform/correlation';
import { AppError } from '../../platform/errors';
import type { SignedInUser } from '../../platform/viewer';
import { toJob } from '../jobs/face';
import { type DraftsContext, owned, refusePrompt, requireMode } from './context';
import { blockKitJob, DRAFT_JOB_STEPS, modelJob } from './jobs';
import type { DraftRow } from './repo';
import * as repo from './repo';
import { modelPassed, type NormalisedSettings, settingsOf } from './settings';

/**
 * Queues a draft's model or block-kit job (idempotent by key) and, when it is new, points the
 * draft at it. `settings` are the kit settings the job needs besides the draft's own fields.
 */
async function enqueueDraftJob(
  ctx: DraftsContext,
  type: 'model' | 'block_kit',
  row: DraftRow,
  user: SignedInUser,
  idempotencyKey: string | null,
  settings: Pick<NormalisedSettings, 'size'> & Partial<NormalisedSettings>,
) {
  const { job, created } = await ctx.jobs.enqueue(type === 'model' ? modelJob : blockKitJob, {
    ownerUserId: user.id,
    resource: { type: 'design_draft', id: row.id },
    idempotencyKey,
    payload: {
      draft_id: row.id,
      mode: row.mode,
      upload_id: row.source_upload_id,
      prompt: row.prompt,
      locale: row.source_language,
      ...settings,
      ...(row.reference !== null ? { reference: row.reference } : {}),
    },
    steps: DRAFT_JOB_STEPS[`${type}_${row.reference !== null ? 'R' : row.mode}`],
    // The job's log lines, audit entries and provider calls carry the id of the request that asked for it.
    correlationId: currentCorrelationId(),
  });
  if (created)
    await repo.updateDraft(ctx.db, row.id, {
      [type === 'model' ? 'model_job_id' : 'block_kit_job_id']: job.id,
      updated_at: ctx.clock.now(),
    });
  return { job: toJob(job), created };
}

export async function startModelJob(
  ctx: DraftsContext,
  user: SignedInUser,
  draftId: string,
  idempotencyKey: string | null,
) {
  const row = await owned(ctx, user, draftId);
  await requireMode(ctx, row.mode);
  if (row.mode === 'A' && !row.source_upload_id)
    throw new AppError('INVALID_STATE', 'Upload a model file for this draft first.');
  // A draft saved before prompts were checked at creation is refused here, before any job.
  if (row.mode === 'B') refusePrompt(ctx, row.prompt, row.source_language);
  const settings = settingsOf(row);
  return enqueueDraftJob(
    ctx,
    'model',
    row,
    user,
    idempotencyKey,
    row.mode === 'B' ? { size: settings.size, design: settings.design } : { size: settings.size },
  );
}

export async function startBlockKitJob(
  ctx: DraftsContext,
  user: SignedInUser,
  draftId: string,
  idempotencyKey: string | null,
) {
  const row = await owned(ctx, user, draftId);
  await requireMode(ctx, row.mode);
  // The model's check decides, not the last kit's verdict: a kit with problems is built again.
  if (row.mode === 'A' && !modelPassed(row)) {
    throw new AppError('INVALID_STATE', 'The model has not passed its checks yet. Run the model job first.');
  }
  if (row.mode === 'B') refusePrompt(ctx, row.prompt, row.source_language);
  return enqueueDraftJob(ctx, 'block_kit', row, user, idempotencyKey, settingsOf(row));
}
