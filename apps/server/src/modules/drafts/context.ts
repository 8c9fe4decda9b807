/**
 * What the drafts module's flows share: their dependencies (narrowed to what the module calls of
 * the jobs and media modules) and the checks every flow makes, as plain functions of the context.
 * The draft jobs (jobs.ts) have a context of their own: the geometry, picture and generation parts.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { ImagePool } from '../../platform/images/pool';
import type { JobContext } from '../../platform/jobs';
import type { MesherPool } from '../../platform/mesher/pool';
import type { ConsentState, ProductEvents } from '../../platform/product-events';
import type { SignedInUser } from '../../platform/viewer';
import type { GenerationProvider } from '../../providers/generation/generation-provider';
import type { JobsApi } from '../jobs/face';
import type { MediaApi } from '../media/face';
import type { DraftJobPayload } from './jobs';
import { refuseBlockedPrompt, refuseUnknownDesign } from './prompt-design-check';
import type { DraftRow } from './repo';
import * as repo from './repo';

export interface DraftsDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  config: Pick<Config, 'generation'>;
  controls: Pick<DeliveryControls, 'requireCapability' | 'requireFlag'>;
  events: ProductEvents;
  jobs: Pick<JobsApi, 'enqueue' | 'hasActiveFor'>;
  /** The media module's narrow interface: a draft's source file, its artefacts' deletion, file names. */
  media: Pick<MediaApi, 'ownedFile' | 'deleteFiles' | 'summaries'>;
}

/** The drafts flows' context: the module's dependencies as compose.ts gives them. */
export type DraftsContext = DraftsDeps;

/** What a request brings for its product events. */
export interface EventMeta {
  consent: ConsentState;
}

/** What the model and block-kit jobs use: the geometry, picture and generation parts, and the media store. */
export interface DraftJobsDeps {
  db: Kysely<DB>;
  media: Pick<MediaApi, 'modelSource' | 'imageSource' | 'storeArtefacts'>;
  config: Pick<Config, 'jobs' | 'uploads'>;
  clock: Clock;
  mesher: MesherPool;
  /** Renders the PNG preview and decodes pictures (sharp, in processes of its own). */
  images: ImagePool;
  /** Who writes a prompt's design (procedural, or http with procedural as its fallback). */
  generation: GenerationProvider;
}

/** The draft jobs' context: their dependencies as compose.ts gives them. */
export type DraftJobsContext = DraftJobsDeps;

/** One run of a draft's model or block-kit job, as the job runner gives it. */
export type DraftRun = JobContext<DraftJobPayload>;

/** Where a draft's job artefacts are stored: everything under it goes when the draft is deleted. */
export function artefactPrefix(draftId: string): string {
  return `drafts/${draftId}/`;
}

/** The person's own draft; anyone else gets the same 404 as for a draft that does not exist. */
export async function owned(ctx: DraftsContext, user: SignedInUser, draftId: string): Promise<DraftRow> {
  if (!isUuid(draftId)) throw new AppError('NOT_FOUND');
  const row = await repo.findDraft(ctx.db, draftId);
  if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
  return row;
}

/** Making designs is open, and for a prompt (Mode B) its flag is on. */
export async function requireMode(ctx: DraftsContext, mode: 'A' | 'B'): Promise<void> {
  await ctx.controls.requireCapability('design_creation');
  if (mode === 'B') await ctx.controls.requireFlag('modeB');
}

/** A prompt asking for a blocked use, or naming no design the library has, is refused at once. */
export function refusePrompt(
  ctx: DraftsContext,
  prompt: string | null | undefined,
  locale: string | null | undefined,
): void {
  refuseBlockedPrompt(prompt);
  refuseUnknownDesign(prompt, locale, ctx.config.generation.provider);
}

export function emitSaved(ctx: DraftsContext, row: DraftRow, meta: EventMeta) {
  return ctx.events.emit(
    'draft_saved',
    {
      draft_id: row.id,
      mode: row.mode,
      stage: row.stage,
      has_model:
        row.mode === 'A' || row.reference !== null ? row.source_upload_id !== null : row.prompt !== null,
      has_block_kit: row.kit_file_id !== null,
    },
    {
      userId: row.owner_user_id,
      route: 'design-drafts',
      consent: meta.consent,
    },
  );
}
