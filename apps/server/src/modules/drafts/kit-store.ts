/**
 * Keeping a built kit: its files stored under keys derived from the job (so a re-run after a crash
 * overwrites rather than duplicates), and the draft taking them over in the transaction that
 * marks the job done.
 */
import type { BlockKit } from '@kitwright/mesher';
import { serialiseKit } from '@kitwright/mesher';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { JobError, type JobOf } from '../../platform/jobs';
import { artefactPrefix, type DraftJobsContext, type DraftRun } from './context';
import type { DraftJobPayload, KitArtefacts } from './jobs';
import { imageOutage } from './mesher-runs';
import * as repo from './repo';

/** Stores kit.json (compact, version 3), preview.svg and preview.png for a job; idempotent per job id. */
export async function storeKit(
  ctx: DraftJobsContext,
  run: DraftRun,
  kit: BlockKit,
  previewSvg: string,
): Promise<Pick<KitArtefacts, 'kit_file_id' | 'preview_file_id' | 'preview_png_file_id'>> {
  const base = `${artefactPrefix(run.payload.draft_id)}jobs/${run.job.id}`;
  let png: Buffer;
  try {
    png = (
      await ctx.images.run(
        { op: 'svg-png', svg: previewSvg, maxSide: 960 },
        { owner: run.job.owner_user_id ?? 'system' },
      )
    ).data;
  } catch (err) {
    throw imageOutage(err);
  }
  const [kitFile, previewFile, previewPng] = await ctx.media.storeArtefacts(run.job.owner_user_id ?? '', [
    {
      key: `${base}/kit.json`,
      kind: 'kit',
      format: 'json',
      contentType: 'application/json',
      // The compact stored document (kitwright.blockkit/3, the mesher's kit-codec).
      body: Buffer.from(serialiseKit(kit)),
    },
    {
      key: `${base}/preview.svg`,
      kind: 'preview',
      format: 'svg',
      contentType: 'image/svg+xml',
      body: Buffer.from(previewSvg),
    },
    { key: `${base}/preview.png`, kind: 'preview', format: 'png', contentType: 'image/png', body: png },
  ]);
  if (!kitFile || !previewFile || !previewPng)
    throw new JobError(
      'PROCESSING_FAILED',
      'The kit files could not be stored. Trying again may help.',
      true,
    );
  return { kit_file_id: kitFile, preview_file_id: previewFile, preview_png_file_id: previewPng };
}

/** The draft takes over its built kit (in the transaction that ends the job). */
export async function applyKit(
  ctx: DraftJobsContext,
  trx: Transaction<DB>,
  job: JobOf<DraftJobPayload>,
  a: KitArtefacts,
) {
  await repo.applyJobOutcome(trx, job.payload.draft_id, job.id, 'model_or_block_kit', {
    stage: 'kit_ready',
    kit_file_id: a.kit_file_id,
    preview_file_id: a.preview_file_id,
    preview_png_file_id: a.preview_png_file_id,
    kit_summary: JSON.stringify(a.summary),
    validation_state: a.build.buildable ? 'valid' : 'invalid',
    validation: JSON.stringify({
      ...(a.mesh ? { mesh: a.mesh } : {}),
      build: a.build,
      ...(a.generation ? { generation: a.generation } : {}),
    }),
    updated_at: ctx.clock.now(),
  });
}
