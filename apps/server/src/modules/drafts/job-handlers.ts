/**
 * The model and block-kit jobs of a draft. Geometry runs in a mesher worker thread with the
 * configured time and memory budget; artefacts are stored under keys derived from the job id,
 * so a re-run after a crash overwrites rather than duplicates; the draft is updated in the same
 * transaction that marks the job done.
 */
import type { ReferenceOptions } from '@kitwright/contracts';
import {
  type BlockKit,
  type BuildReport,
  type DesignOutcome,
  type DesignProposal,
  designById,
  serialiseKit,
  validateProgram,
} from '@kitwright/mesher';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { ImagePool } from '../../platform/images/pool';
import { ImageProcessError } from '../../platform/images/process';
import { defineJob, type JobContext, JobError, type JobOf } from '../../platform/jobs';
import { type MesherPool, MesherThreadError } from '../../platform/mesher/pool';
import type { MesherTask } from '../../platform/mesher/tasks';
import type { GenerationProvider } from '../../providers/generation/generation-provider';
import type { MediaApi } from '../media/face';
import { blockKitJob, type DraftJobPayload, type KitArtefacts, modelJob } from './jobs';
import { kitPose, kitSummary } from './kit-summary';
import * as repo from './repo';

type DraftContext = JobContext<DraftJobPayload>;

interface Deps {
  db: Kysely<DB>;
  media: MediaApi;
  config: Config;
  clock: Clock;
  mesher: MesherPool;
  /** Renders the PNG preview and decodes pictures (sharp, in processes of its own). */
  images: ImagePool;
  /** Who writes a prompt's design (procedural, or http with procedural as its fallback). */
  generation: GenerationProvider;
}

function buildValidation(report: BuildReport) {
  return {
    buildable: report.buildable,
    allowed: report.allowed,
    stability: report.stability.verdict,
    structural_verdict: report.stability.structuralVerdict,
    tipping_margin_deg: report.stability.tippingMarginDeg,
    joints: {
      weak_joint_count: report.stability.joints.weakJointCount,
      overloaded_joint_count: report.stability.joints.overloadedJointCount,
      max_utilisation: report.stability.joints.maxUtilisation,
      most_loaded: report.stability.joints.joints.slice(0, 20),
    },
    held_steps: report.stability.heldSteps.map((h) => ({
      from_step: h.fromStep,
      to_step: h.toStep,
      until_step: h.untilStep,
      layer: h.layer,
    })),
    build_joints: {
      steps: report.stability.buildJoints.steps,
      steps_checked: report.stability.buildJoints.stepsChecked,
      max_utilisation: report.stability.buildJoints.maxUtilisation,
      overloaded_at_step: report.stability.buildJoints.overloadedAtStep,
      supported_steps: report.stability.buildJoints.supportedSteps.map((h) => ({
        from_step: h.fromStep,
        to_step: h.toStep,
        until_step: h.untilStep,
        layer: h.layer,
      })),
      most_loaded: report.stability.buildJoints.joints.slice(0, 20),
    },
    problems: report.problems.map((p) => ({ code: p.code, message: p.message })),
  };
}

/** What a thread failure means for the owner: a budget overrun is not worth retrying. */
function threadFailure(err: unknown): never {
  if (err instanceof MesherThreadError) {
    if (err.reason === 'timeout')
      throw new JobError(
        'TIME_BUDGET_EXCEEDED',
        'This model takes longer to process than we allow. Try a smaller size.',
        false,
      );
    if (err.reason === 'memory')
      throw new JobError(
        'MEMORY_BUDGET_EXCEEDED',
        'This model needs more memory than we allow. Try a smaller size.',
        false,
      );
    if (err.reason === 'aborted') throw err;
  }
  throw new JobError('PROCESSING_FAILED', 'Processing stopped unexpectedly. Trying again may help.', true, {
    cause: err,
  });
}

async function runThread(
  ctx: DraftContext,
  deps: Deps,
  task: MesherTask,
  onStage?: (stage: string, fraction: number) => void,
) {
  try {
    return await deps.mesher.run(task, {
      timeoutMs: deps.config.jobs.timeBudgetMs,
      signal: ctx.signal,
      ...(onStage ? { onProgress: onStage } : {}),
    });
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return threadFailure(err);
  }
}

/**
 * What a draft's model is built from: the mesh validated once at upload (or, for a model uploaded
 * before meshes were stored, the file), and whether its owner accepted repairing it.
 */
async function readSource(deps: Deps, uploadId: string | null) {
  if (!uploadId) throw new JobError('SOURCE_MISSING', 'The draft has no source file.', false);
  const source = await deps.media.modelSource(uploadId);
  if (!source)
    throw new JobError('SOURCE_MISSING', 'The source file is no longer available. Upload it again.', false);
  return source;
}

/** Where a draft's job artefacts are stored: everything under it goes when the draft is deleted. */
export function artefactPrefix(draftId: string): string {
  return `drafts/${draftId}/`;
}

/**
 * The image processes failed a task (stuck or died; a preview is tried twice, each time in a
 * fresh process), were too busy to queue it, or refused an SVG we drew ourselves: the job is
 * retried later, like any outage.
 */
function imageOutage(err: unknown): JobError {
  return new JobError(
    'PROCESSING_FAILED',
    'The picture work stopped unexpectedly. It will be tried again.',
    true,
    {
      cause: err,
    },
  );
}

/** Stores kit.json (compact, version 3), preview.svg and preview.png for a job; idempotent per job id. */
async function storeKit(
  deps: Deps,
  ctx: DraftContext,
  kit: BlockKit,
  previewSvg: string,
): Promise<Pick<KitArtefacts, 'kit_file_id' | 'preview_file_id' | 'preview_png_file_id'>> {
  const base = `${artefactPrefix(ctx.payload.draft_id)}jobs/${ctx.job.id}`;
  let png: Buffer;
  try {
    png = (
      await deps.images.run(
        { op: 'svg-png', svg: previewSvg, maxSide: 960 },
        { owner: ctx.job.owner_user_id ?? 'system' },
      )
    ).data;
  } catch (err) {
    throw imageOutage(err);
  }
  const [kitFile, previewFile, previewPng] = await deps.media.storeArtefacts(ctx.job.owner_user_id ?? '', [
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

interface StoredVariant {
  seed?: unknown;
  recipe?: { design?: unknown } | null;
  program?: unknown;
  source?: unknown;
}

/**
 * A rebuild with the owner's edits of a design a language model wrote: the programs it wrote last
 * time (kept with the draft), so the edits apply to the design the owner saw rather than to a new
 * answer. Null (ask the provider) for a first generation, "design again" (another seed), a new
 * prompt, a procedural generation, or anything stored that is no longer a valid program.
 */
async function storedModelProposal(deps: Deps, p: DraftJobPayload): Promise<DesignProposal | null> {
  if (!p.design || !p.prompt) return null;
  const row = await repo.findDraft(deps.db, p.draft_id);
  const validation = row?.validation as {
    generation?: Record<string, unknown>;
    last_generation?: Record<string, unknown>;
  } | null;
  const g = (validation?.generation ?? validation?.last_generation) as
    | {
        provider?: unknown;
        fallback?: unknown;
        interpretation?: { prompt?: unknown; understood?: unknown; ignored?: unknown } | null;
        design?: { variants?: unknown };
      }
    | undefined;
  if (g?.provider !== 'http' || g.fallback || g.interpretation?.prompt !== p.prompt) return null;
  const stored = g.design?.variants;
  if (!Array.isArray(stored) || stored.length === 0) return null;
  const variants: DesignProposal['variants'] = [];
  for (const v of stored as StoredVariant[]) {
    if (typeof v.seed !== 'number') return null;
    const checked = validateProgram(v.source ?? v.program);
    if (!checked.ok) return null;
    if (v.recipe && (typeof v.recipe.design !== 'string' || !designById(v.recipe.design))) return null;
    variants.push({
      seed: v.seed,
      recipe: (v.recipe ?? null) as DesignProposal['variants'][number]['recipe'],
      program: checked.program,
    });
  }
  if ((p.design.seed ?? 0) !== variants[0]!.seed) return null;
  const words = (value: unknown) =>
    Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
  return {
    status: 'success',
    reading: {
      prompt: p.prompt,
      language: 'en',
      design: null,
      sizeFactor: 1,
      sides: {},
      params: {},
      looks: {},
      understood: words(g.interpretation?.understood),
      ignored: words(g.interpretation?.ignored),
    },
    variants,
    provider: 'http',
  };
}

async function generate(ctx: DraftContext, deps: Deps, p: DraftJobPayload): Promise<DesignOutcome> {
  const out = await ctx.step('generate', async () => {
    const prompt = p.prompt ?? '';
    const proposal =
      (await storedModelProposal(deps, p)) ??
      (await deps.generation.propose(
        prompt,
        { size: p.size, seed: p.design?.seed ?? 0, locale: p.locale },
        ctx.signal,
      ));
    return runThread(ctx, deps, {
      kind: 'prompt',
      prompt,
      size: p.size,
      locale: p.locale,
      useCase: 'free_standing',
      choice: p.design ?? null,
      ...(proposal ? { proposal } : {}),
    });
  });
  if (out.kind !== 'prompt') throw new JobError('PROCESSING_FAILED', 'Unexpected generator answer.', true);
  // A prompt describing a use kits are not allowed for is answered at once with the rule.
  if (out.result.status === 'refused')
    throw new JobError('USE_CASE_BLOCKED', out.result.reason ?? 'This use is not allowed.', false);
  // A prompt naming no design the library has: nothing is made in its place (the request is
  // answered at once for new drafts; this is the second line, as for a blocked use).
  if (out.result.status === 'unknown')
    throw new JobError(
      'NO_DESIGN',
      out.result.reason ?? 'No design in the library is called that yet.',
      false,
    );
  return out.result;
}

/** What a degraded job says was not honoured: the generator's reason, or the words it ignored. */
export function degradedReason(reason: string | null | undefined, ignored: readonly string[]): string {
  if (reason?.trim()) return reason.trim();
  if (ignored.length > 0) return `Not used: ${ignored.join(', ')}.`;
  return 'Part of the request was not honoured.';
}

async function storePromptDesign(ctx: DraftContext, deps: Deps, p: DraftJobPayload, outcome: DesignOutcome) {
  const { kit, previewSvg, buildReport } = outcome;
  if (!kit || !previewSvg || !buildReport)
    throw new JobError('PROCESSING_FAILED', 'The generator made no kit.', true);
  const files = await ctx.step('store', () => storeKit(deps, ctx, kit, previewSvg));
  const chosen = outcome.variants[outcome.chosen];
  // Part of the prompt not honoured (words ignored, no design named, checks failed): the job ends
  // `degraded`, with the kit usable and the reason kept on the job as well as in the generation.
  if (outcome.status === 'degraded') ctx.degrade(degradedReason(outcome.reason, outcome.ignored));
  return {
    generation: {
      status: outcome.status,
      reason: outcome.reason ?? null,
      provider: outcome.provider,
      fallback: outcome.fallback ?? null,
      interpretation: {
        prompt: p.prompt,
        // The design the prompt named (null: none, and the app says which designs exist).
        shape: outcome.named ?? (outcome.provider === 'http' ? (chosen?.design ?? null) : null),
        template: chosen?.design ?? null,
        size: chosen ? { width: chosen.bounds[0], depth: chosen.bounds[1], height: chosen.bounds[2] } : null,
        understood: outcome.understood,
        ignored: outcome.ignored,
      },
      // The draft keeps every variant's recipe and program, so it can be edited and regenerated.
      design: { chosen: outcome.chosen, variants: outcome.variants },
    },
    ...files,
    summary: kitSummary(kit),
    build: buildValidation(buildReport),
  };
}

/**
 * The largest side a picture is decoded at for the mesher: it averages the picture down to at most
 * 64 cells a side, so more pixels change nothing but the memory and time spent.
 */
const REFERENCE_DECODE_SIDE = 1024;

/** Mode B from a picture: decode the stored image (sharp, in the image process), then the mesher makes the design. */
async function runReference(ctx: DraftContext, deps: Deps, p: DraftJobPayload, reference: ReferenceOptions) {
  const picture = await ctx.step('fetch_source', async () => {
    const source = p.upload_id ? await deps.media.imageSource(p.upload_id) : null;
    if (!source)
      throw new JobError('SOURCE_MISSING', 'The picture is no longer available. Upload it again.', false);
    try {
      const decoded = await deps.images.run(
        {
          op: 'decode-rgba',
          bytes: source.bytes,
          maxSide: REFERENCE_DECODE_SIDE,
          maxPixels: deps.config.uploads.maxImagePixels,
          maxInputSide: deps.config.uploads.maxImageSide,
        },
        { owner: ctx.job.owner_user_id ?? 'system' },
      );
      const { data, width, height } = decoded;
      return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), info: { width, height } };
    } catch (err) {
      // The picture's own fault (unreadable, too many pixels) is final; the processes' is an outage.
      if (err instanceof ImageProcessError && err.reason !== 'rejected' && err.reason !== 'too-large')
        throw imageOutage(err);
      throw new JobError('CORRUPT_IMAGE', 'The picture could not be read. Upload it again.', false, {
        cause: err,
      });
    }
  });
  const out = await ctx.step('generate', () =>
    runThread(ctx, deps, {
      kind: 'reference',
      pixels: picture.pixels,
      width: picture.info.width,
      height: picture.info.height,
      options: {
        kind: reference.kind,
        width: reference.width,
        ...(reference.depth !== undefined ? { depth: reference.depth } : {}),
        dithering: reference.dithering ?? false,
        aspect: reference.aspect ?? 'keep',
        useCase: 'decorative',
      },
    }),
  );
  if (out.kind !== 'reference') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
  const result = out.result;
  if (!result.ok) throw new JobError(result.code, result.message, false);
  const files = await ctx.step('store', () => storeKit(deps, ctx, result.kit, result.previewSvg));
  if (result.status === 'degraded') ctx.degrade(degradedReason(result.reason, []));
  return {
    generation: { status: result.status, reason: result.reason ?? null, reference: result.reference },
    ...files,
    summary: kitSummary(result.kit),
    build: buildValidation(result.buildReport),
  };
}

async function applyKit(trx: Transaction<DB>, deps: Deps, job: JobOf<DraftJobPayload>, a: KitArtefacts) {
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
    updated_at: deps.clock.now(),
  });
}

export function createModelJobHandler(deps: Deps) {
  return defineJob(modelJob, {
    async run(ctx) {
      const p = ctx.payload;
      if (p.reference) return runReference(ctx, deps, p, p.reference);
      if (p.mode === 'B') return storePromptDesign(ctx, deps, p, await generate(ctx, deps, p));
      const source = await ctx.step('fetch_source', () => readSource(deps, p.upload_id));
      if ('stored' in source) {
        // Checked at upload: the stored mesh only has to be whole; its report is the upload's.
        await ctx.step('inspect', async () => {
          const out = await runThread(ctx, deps, { kind: 'verify', mesh: source.stored.mesh });
          if (out.kind !== 'verify')
            throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
        });
        return { format: source.stored.format, mesh: source.summary };
      }
      const out = await ctx.step('inspect', () =>
        runThread(ctx, deps, {
          kind: 'inspect',
          bytes: source.bytes,
          maxFileBytes: deps.config.uploads.maxModelBytes,
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
    },
    async onSucceeded(trx, job, result) {
      // Mode B (a prompt or a picture) made the kit; Mode A checked the model.
      if ('kit_file_id' in result) return applyKit(trx, deps, job, result);
      await repo.applyJobOutcome(trx, job.payload.draft_id, job.id, 'model', {
        stage: 'model_ready',
        validation_state: 'valid',
        validation: JSON.stringify({ mesh: result.mesh }),
        updated_at: deps.clock.now(),
      });
    },
    async onFailed(trx, job, error) {
      await repo.applyJobOutcome(trx, job.payload.draft_id, job.id, 'model', {
        validation_state: 'invalid',
        validation: JSON.stringify({ error: { code: error.code, message: error.safeMessage } }),
        updated_at: deps.clock.now(),
      });
    },
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

export function createBlockKitJobHandler(deps: Deps) {
  return defineJob(blockKitJob, {
    async run(ctx) {
      const p = ctx.payload;
      if (p.reference) return runReference(ctx, deps, p, p.reference);
      if (p.mode === 'B') return storePromptDesign(ctx, deps, p, await generate(ctx, deps, p));
      const source = await ctx.step('fetch_source', () => readSource(deps, p.upload_id));
      // The pipeline reports each stage it finishes; the next one becomes the job's current step.
      let entering: Promise<void> = ctx.enter('voxelise');
      entering.catch(() => {});
      const out = await runThread(
        ctx,
        deps,
        {
          kind: 'pipeline',
          source: 'stored' in source ? { stored: source.stored } : { bytes: source.bytes },
          strict: source.strict,
          size: p.size,
          hollowWallThickness: p.hollow_wall_thickness ?? null,
          colour: p.colour ?? null,
          upAxis: p.up_axis ?? null,
          useCase: 'free_standing',
          timeBudgetMs: deps.config.jobs.timeBudgetMs,
          maxFileBytes: deps.config.uploads.maxModelBytes,
        },
        (stage, fraction) => {
          entering = entering.then(async () => {
            const next = NEXT_STEP_AFTER[stage];
            if (next) await ctx.enter(next);
            else if (fraction < VOXELISE_END) ctx.progress(fraction / VOXELISE_END);
          });
          // Awaited below; this only keeps an early rejection from counting as unhandled.
          entering.catch(() => {});
        },
      );
      await entering;
      if (out.kind !== 'pipeline') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
      const result = out.result;
      if (!result.ok) throw new JobError(result.error.code, result.error.message, false);
      const files = await ctx.step('store', () => storeKit(deps, ctx, result.kit, result.previewSvg));
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
    },
    onSucceeded: (trx, job, result) => applyKit(trx, deps, job, result),
  });
}
