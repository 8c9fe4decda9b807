/**
 * An uploaded model's jobs (Mode A): the model job checks the model (the mesh validated at upload
 * only has to be whole), the block-kit job runs the mesher's pipeline on it, each pipeline stage
 * becoming the job's current step, and stores the kit.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { JobError, type JobOf } from '../../platform/jobs';
import type { DraftJobsContext, DraftRun } from './context';
import type { DraftJobPayload, KitArtefacts, ModelCheck } from './jobs';
import { storeKit } from './kit-store';
import { kitPose, kitSummary } from './kit-summary';
import { buildValidation, readSource, runThread } from './mesher-runs';
import * as repo from './repo';

/** The model job of an upload's draft: the model's check, with its format and mesh report. */
export async function checkModel(ctx: DraftJobsContext, run: DraftRun): Promise<ModelCheck> {
  const p = run.payload;
  const source = await run.step('fetch_source', () => readSource(ctx, p.upload_id));
  if ('stored' in source) {
    // Checked at upload: the stored mesh only has to be whole; its report is the upload's.
    await run.step('inspect', async () => {
      const out = await runThread(ctx, run, { kind: 'verify', mesh: source.stored.mesh });
      if (out.kind !== 'verify') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
    });
    return { format: source.stored.format, mesh: source.summary };
  }
  const out = await run.step('inspect', () =>
    runThread(ctx, run, {
      kind: 'inspect',
      bytes: source.bytes,
      maxFileBytes: ctx.config.uploads.maxModelBytes,
      strict: source.strict,
    }),
  );
  if (out.kind !== 'inspect') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
  if (!out.result.ok || !out.result.mesh) {
    throw new JobError(
      out.result.error?.code ?? 'INVALID_MODEL',
      out.result.error?.message ?? 'This model cannot be used.',
      false,
    );
  }
  return { format: out.result.format, mesh: out.result.mesh };
}

/** The draft takes over its model's check: the model is ready for its kit. */
export async function applyModelCheck(
  ctx: DraftJobsContext,
  trx: Transaction<DB>,
  job: JobOf<DraftJobPayload>,
  check: ModelCheck,
) {
  await repo.applyJobOutcome(trx, job.payload.draft_id, job.id, 'model', {
    stage: 'model_ready',
    validation_state: 'valid',
    validation: JSON.stringify({ mesh: check.mesh }),
    updated_at: ctx.clock.now(),
  });
}

/** The model job failed for good: the draft shows why. */
export async function applyModelFailure(
  ctx: DraftJobsContext,
  trx: Transaction<DB>,
  job: JobOf<DraftJobPayload>,
  error: JobError,
) {
  await repo.applyJobOutcome(trx, job.payload.draft_id, job.id, 'model', {
    validation_state: 'invalid',
    validation: JSON.stringify({ error: { code: error.code, message: error.safeMessage } }),
    updated_at: ctx.clock.now(),
  });
}

/** After a pipeline stage finishes, the job step that its next stage belongs to. */
const NEXT_STEP_AFTER: Record<string, string | null> = {
  parse: null,
  'validate-mesh': null,
  voxelise: 'layout',
  kit: 'validate',
  'validate-build': 'preview',
  preview: null,
};
/** Where the voxelise step (parse, check, voxelise) ends on the pipeline's overall progress. */
const VOXELISE_END = 0.35;

/** The block-kit job of an upload's draft: the mesher's pipeline, then the kit stored. */
export async function buildModelKit(ctx: DraftJobsContext, run: DraftRun): Promise<KitArtefacts> {
  const p = run.payload;
  const source = await run.step('fetch_source', () => readSource(ctx, p.upload_id));
  // The pipeline reports each stage it finishes; the next one becomes the job's current step.
  let entering: Promise<void> = run.enter('voxelise');
  entering.catch(() => {});
  const out = await runThread(
    ctx,
    run,
    {
      kind: 'pipeline',
      source: 'stored' in source ? { stored: source.stored } : { bytes: source.bytes },
      strict: source.strict,
      size: p.size,
      hollowWallThickness: p.hollow_wall_thickness ?? null,
      colour: p.colour ?? null,
      upAxis: p.up_axis ?? null,
      useCase: 'free_standing',
      timeBudgetMs: ctx.config.jobs.timeBudgetMs,
      maxFileBytes: ctx.config.uploads.maxModelBytes,
    },
    (stage, fraction) => {
      entering = entering.then(async () => {
        const next = NEXT_STEP_AFTER[stage];
        if (next) await run.enter(next);
        else if (fraction < VOXELISE_END) run.progress(fraction / VOXELISE_END);
      });
      // Awaited below; this only keeps an early rejection from counting as unhandled.
      entering.catch(() => {});
    },
  );
  await entering;
  if (out.kind !== 'pipeline') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
  const result = out.result;
  if (!result.ok) throw new JobError(result.error.code, result.error.message, false);
  const files = await run.step('store', () => storeKit(ctx, run, result.kit, result.previewSvg));
  return {
    ...files,
    // The pose (chosen or given, and why) is kept with the summary the draft shows.
    summary: { ...kitSummary(result.kit), pose: kitPose(result.pose) },
    build: buildValidation(result.buildReport),
    mesh: {
      triangles: result.meshReport.triangleCount,
      watertight: result.meshReport.watertight,
      // The notes the upload showed (recomputed normals, ...) stay with the built kit.
      findings: [
        ...out.notes,
        ...result.meshReport.findings.map((f) => ({ code: f.code, message: f.message })),
      ],
    },
    timings_ms: Object.fromEntries(Object.entries(result.timings).map(([k, v]) => [k, Math.round(v)])),
  };
}
