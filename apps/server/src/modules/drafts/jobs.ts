/**
 * The draft's two kinds of work, declared (platform/jobs.ts jobSpec) and defined (defineJob): what
 * the drafts service queues (generation.ts) and what the handlers below read and return. The payload is the draft as it
 * was when the job was queued; the result is the job's artefacts, which the draft takes over in the
 * transaction that ends the job. A result names exactly what the handler makes; what it passes
 * through from storage (an upload's mesh report) or keeps for itself (a prompt's generation record,
 * read back with its own checks) is an object and no more.
 */
import {
  BillOfMaterials,
  DesignChoice,
  KitPose,
  KitSummary,
  ReferenceOptions,
  UP_AXES,
} from '@kitwright/contracts';
import Type, { type TSchema } from 'typebox';
import { defineJob, jobSpec } from '../../platform/jobs';
import type { DraftJobsContext, DraftJobsDeps } from './context';
import { applyKit } from './kit-store';
import { applyModelCheck, applyModelFailure, buildModelKit, checkModel } from './model-jobs';
import { generate, storePromptDesign } from './prompt-jobs';
import { runReference } from './reference-jobs';

/** The steps each draft job goes through, by job type and draft mode (shown to the owner as it runs). */
export const DRAFT_JOB_STEPS = {
  model_A: ['fetch_source', 'inspect'],
  model_B: ['generate', 'store'],
  block_kit_A: ['fetch_source', 'voxelise', 'layout', 'validate', 'preview', 'store'],
  block_kit_B: ['generate', 'store'],
  /** Mode B from a picture: read and decode the image, then make the mosaic or relief. */
  model_R: ['fetch_source', 'generate', 'store'],
  block_kit_R: ['fetch_source', 'generate', 'store'],
} as const;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const DraftJobPayload = Type.Object({
  draft_id: Type.String(),
  mode: Type.Enum(['A', 'B']),
  upload_id: Nullable(Type.String()),
  prompt: Nullable(Type.String()),
  size: Type.Integer(),
  locale: Type.String(),
  hollow_wall_thickness: Type.Optional(Nullable(Type.Integer())),
  colour: Type.Optional(Nullable(Type.String())),
  up_axis: Type.Optional(Nullable(Type.Enum([...UP_AXES]))),
  /** Mode B from a picture (upload_id is the image). */
  reference: Type.Optional(Nullable(ReferenceOptions)),
  /** Mode B: the owner's edits after generation. */
  design: Type.Optional(Nullable(DesignChoice)),
});
export type DraftJobPayload = Type.Static<typeof DraftJobPayload>;

/** What a draft keeps of its built kit (kit-summary.ts): the figures shown, the bill of materials, the build. */
export const StoredKitSummary = Type.Intersect([
  KitSummary,
  Type.Object({
    bill_of_materials: BillOfMaterials,
    build: Type.Object({ steps: Type.Integer(), layers: Type.Integer() }),
    /** The pose the kit was built in (model uploads; kits built before issue 12's pose have none). */
    pose: Type.Optional(KitPose),
  }),
]);

const Finding = Type.Object({ code: Type.String(), message: Type.String() });

/** A built kit: its stored files, what the draft shows of it, and the build's checks. */
export const KitArtefacts = Type.Object({
  kit_file_id: Type.String(),
  preview_file_id: Type.String(),
  preview_png_file_id: Type.String(),
  summary: StoredKitSummary,
  /** The build's checks (buildValidation); whether it is buildable decides the draft's verdict. */
  build: Type.Object({ buildable: Type.Boolean(), allowed: Type.Boolean(), problems: Type.Array(Finding) }),
  /** A model upload's kit: the mesh it was built from and the notes its upload showed. */
  mesh: Type.Optional(
    Type.Object({ triangles: Type.Integer(), watertight: Type.Boolean(), findings: Type.Array(Finding) }),
  ),
  /** Mode B: the generation record (prompt or picture); the draft keeps it to edit and regenerate. */
  generation: Type.Optional(JsonObject),
  timings_ms: Type.Optional(Type.Record(Type.String(), Type.Number())),
});
export type KitArtefacts = Type.Static<typeof KitArtefacts>;

/** A Mode A model's check: its format and the mesh report (the upload's, or the check's own). */
export const ModelCheck = Type.Object({ format: Nullable(Type.String()), mesh: Nullable(JsonObject) });
export type ModelCheck = Type.Static<typeof ModelCheck>;

/** A Mode A model job checks the model; a Mode B one (prompt or picture) makes the kit at once. */
export const modelJob = jobSpec({
  type: 'model',
  payload: DraftJobPayload,
  result: Type.Union([ModelCheck, KitArtefacts]),
  steps: DRAFT_JOB_STEPS.model_A,
});

export const blockKitJob = jobSpec({
  type: 'block_kit',
  payload: DraftJobPayload,
  result: KitArtefacts,
  steps: DRAFT_JOB_STEPS.block_kit_A,
});

export type { DraftJobsDeps };

export function createModelJobHandler(deps: DraftJobsDeps) {
  const ctx: DraftJobsContext = deps;
  return defineJob(modelJob, {
    async run(run) {
      const p = run.payload;
      if (p.reference) return runReference(ctx, run, p, p.reference);
      if (p.mode === 'B') return storePromptDesign(ctx, run, p, await generate(ctx, run, p));
      return checkModel(ctx, run);
    },
    // Mode B (a prompt or a picture) made the kit; Mode A checked the model.
    onSucceeded: (trx, job, result) =>
      'kit_file_id' in result ? applyKit(ctx, trx, job, result) : applyModelCheck(ctx, trx, job, result),
    onFailed: (trx, job, error) => applyModelFailure(ctx, trx, job, error),
  });
}

export function createBlockKitJobHandler(deps: DraftJobsDeps) {
  const ctx: DraftJobsContext = deps;
  return defineJob(blockKitJob, {
    async run(run) {
      const p = run.payload;
      if (p.reference) return runReference(ctx, run, p, p.reference);
      if (p.mode === 'B') return storePromptDesign(ctx, run, p, await generate(ctx, run, p));
      return buildModelKit(ctx, run);
    },
    onSucceeded: (trx, job, result) => applyKit(ctx, trx, job, result),
  });
}
