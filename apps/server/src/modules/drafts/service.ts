/**
 * Design drafts: the owner's work in progress from an uploaded model (Mode A) or a prompt
 * (Mode B) to a validated block kit. Only the owner reads or changes a draft; anyone else gets
 * the same 404 as for a draft that does not exist.
 *
 * Why one file of ~460 lines: every operation here moves one draft through one state machine
 * (settings, jobs, kit, publish hand-over) under the same ownership check; the job handlers and the
 * repo already live apart.
 */
import type {
  CreateDraftRequest,
  DesignChoice,
  Draft,
  DraftSettings,
  KitSummary,
  ReferenceOptions,
  UpAxis,
  UpdateDraftRequest,
} from '@kitwright/contracts';
import {
  BLOCKED_USE_CASE_REASONS,
  promptUseRestrictions,
  resolveLocale,
  titleFromFileName,
} from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { currentCorrelationId } from '../../platform/correlation';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ConsentState, ProductEvents } from '../../platform/product-events';
import type { SignedInUser } from '../../platform/viewer';
import type { JobsApi } from '../jobs/face';
import { toJob } from '../jobs/face';
import type { MediaApi } from '../media/face';
import { mediaUrl } from '../media/urls';
import { checkDesignChoice } from './design-choice';
import { artefactPrefix } from './job-handlers';
import { blockKitJob, DRAFT_JOB_STEPS, modelJob } from './jobs';
import type { StoredKitSummary } from './kit-summary';
import { refuseUnknownDesign } from './prompt-design-check';
import type { DraftRow } from './repo';
import * as repo from './repo';

export type { DraftRow };

export const DEFAULT_KIT_SIZE = 32;

/**
 * A prompt that asks for a use kits are not allowed for (a seat for people, something to climb,
 * a toy for small children, …) is refused at once with the rule, before any draft or job exists:
 * the server is the authority, whatever the app checked first (rule 4, contracts' `promptUseRestrictions`).
 */
export function refuseBlockedPrompt(prompt: string | null | undefined): void {
  const [restriction] = promptUseRestrictions(prompt);
  if (!restriction) return;
  const rule = BLOCKED_USE_CASE_REASONS[restriction.use_case];
  // The mesher's refusal says the same (procedural.ts), so the job and the request read alike.
  const message = `"${restriction.matched}" describes a use block kits are not allowed for: ${rule}`;
  throw new AppError('USE_CASE_BLOCKED', message, {
    use_case: restriction.use_case,
    safety: restriction.safety,
    source: 'prompt',
    matched: restriction.matched,
    rule,
    fields: { prompt: rule },
  });
}

interface EventMeta {
  consent: ConsentState;
}

export interface NormalisedSettings {
  size: number;
  hollow_wall_thickness: number | null;
  colour: string | null;
  up_axis: UpAxis | null;
  /** A prompt design's edits after generation (Mode B). */
  design: DesignChoice | null;
}

export function settingsOf(row: Pick<DraftRow, 'settings'>): NormalisedSettings {
  const s = row.settings as DraftSettings;
  return {
    size: s.size ?? DEFAULT_KIT_SIZE,
    hollow_wall_thickness: s.hollow_wall_thickness ?? null,
    colour: s.colour ?? null,
    up_axis: s.up_axis ?? null,
    design: s.design ?? null,
  };
}

/**
 * A picture's options with their defaults filled in (what the draft keeps and its jobs run with),
 * refusing what no kind uses: a mosaic has no depth.
 */
export function normaliseReference(reference: ReferenceOptions): ReferenceOptions {
  if (reference.kind === 'mosaic' && reference.depth !== undefined)
    throw new AppError(
      'VALIDATION_FAILED',
      'A mosaic stands on its own foot and has no depth; only a relief does.',
      {
        fields: { 'reference.depth': 'is only for a relief' },
      },
    );
  return {
    kind: reference.kind,
    width: reference.width,
    ...(reference.kind === 'relief' ? { depth: reference.depth ?? 4 } : {}),
    dithering: reference.dithering ?? false,
    aspect: reference.aspect ?? 'keep',
  };
}

/**
 * Whether an upload's model passed its check. Its kit may still have problems (a kit that would
 * tip over): those belong to the kit, and building it again with other settings is the way on.
 */
export function modelPassed(row: Pick<DraftRow, 'mode' | 'stage' | 'source_upload_id' | 'validation'>) {
  const v = (row.validation ?? {}) as Record<string, unknown>;
  return (
    row.mode === 'A' &&
    row.source_upload_id !== null &&
    (row.stage === 'model_ready' || row.stage === 'kit_ready') &&
    v.mesh !== undefined &&
    v.error === undefined
  );
}

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

export function createDraftsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  config: Config;
  controls: DeliveryControls;
  events: ProductEvents;
  jobs: JobsApi;
  media: MediaApi;
}) {
  const { db, clock } = deps;

  async function toDrafts(rows: DraftRow[]): Promise<Draft[]> {
    const uploads = await deps.media.summaries(
      rows.flatMap((r) => (r.source_upload_id ? [r.source_upload_id] : [])),
    );
    return rows.map((r) => draftOf(r, r.source_upload_id ? uploads.get(r.source_upload_id) : undefined));
  }

  async function toDraft(row: DraftRow): Promise<Draft> {
    return (await toDrafts([row]))[0] as Draft;
  }

  function draftOf(
    row: DraftRow,
    upload: { id: string; format: string; original_name: string | null } | undefined,
  ): Draft {
    return {
      id: row.id,
      mode: row.mode,
      title: row.title,
      source_upload: upload
        ? { id: upload.id, format: upload.format, original_name: upload.original_name }
        : null,
      prompt: row.prompt,
      reference: row.reference,
      source_language: row.source_language,
      settings: settingsOf(row),
      stage: row.stage,
      validation_state: row.validation_state,
      validation: row.validation,
      jobs: { model: row.model_job_id, block_kit: row.block_kit_job_id },
      artefacts: {
        kit_url: row.kit_file_id ? mediaUrl(row.kit_file_id) : null,
        preview_url: row.preview_file_id ? mediaUrl(row.preview_file_id) : null,
        preview_png_url: row.preview_png_file_id ? mediaUrl(row.preview_png_file_id) : null,
        summary: (row.kit_summary as KitSummary | null) ?? null,
        pose: (row.kit_summary as StoredKitSummary | null)?.pose ?? null,
      },
      publish_state: row.publish_state,
      listing_id: row.listing_id,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  async function owned(user: SignedInUser, draftId: string): Promise<DraftRow> {
    if (!isUuid(draftId)) throw new AppError('NOT_FOUND');
    const row = await repo.findDraft(db, draftId);
    if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
    return row;
  }

  function emitSaved(row: DraftRow, meta: EventMeta) {
    return deps.events.emit(
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

  /**
   * Deletes a draft row and its files (its source model unless another of the owner's drafts is
   * made from the same upload, and every artefact its jobs stored) in the caller's transaction;
   * answers what removes the bytes once it has committed.
   */
  async function deleteWithFiles(trx: Transaction<DB>, row: DraftRow): Promise<() => Promise<void>> {
    await repo.deleteDraft(trx, row.id);
    const source =
      row.source_upload_id &&
      !(await repo.uploadUsedElsewhere(trx, row.owner_user_id, row.source_upload_id, row.id))
        ? [row.source_upload_id]
        : [];
    return deps.media.deleteFiles(trx, row.owner_user_id, {
      ids: source,
      keyPrefix: artefactPrefix(row.id),
    });
  }

  async function requireMode(mode: 'A' | 'B') {
    await deps.controls.requireCapability('design_creation');
    if (mode === 'B') await deps.controls.requireFlag('modeB');
  }

  /**
   * Queues a draft's model or block-kit job (idempotent by key) and, when it is new, points the
   * draft at it. `settings` are the kit settings the job needs besides the draft's own fields.
   */
  async function enqueueDraftJob(
    type: 'model' | 'block_kit',
    row: DraftRow,
    user: SignedInUser,
    idempotencyKey: string | null,
    settings: Pick<NormalisedSettings, 'size'> & Partial<NormalisedSettings>,
  ) {
    const { job, created } = await deps.jobs.enqueue(type === 'model' ? modelJob : blockKitJob, {
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
      await repo.updateDraft(db, row.id, {
        [type === 'model' ? 'model_job_id' : 'block_kit_job_id']: job.id,
        updated_at: clock.now(),
      });
    return { job: toJob(job), created };
  }
  return {
    toDraft,
    owned,
    /** The "Upload validation spike" signal: checked upload drafts made in [from, to), and the invalid ones. */
    uploadValidation: (from: Date, to: Date) => repo.uploadValidationCounts(db, from, to),

    async create(user: SignedInUser, body: CreateDraftRequest, meta: EventMeta): Promise<Draft> {
      await requireMode(body.mode);
      const reference = body.reference ? normaliseReference(body.reference) : null;
      if (reference) {
        if (body.mode !== 'B')
          throw new AppError('VALIDATION_FAILED', 'Only a Mode B draft is made from a picture.', {
            fields: { reference: 'is only for mode B' },
          });
        if (body.prompt !== undefined)
          throw new AppError(
            'VALIDATION_FAILED',
            'A draft is made from a prompt or from a picture, not both.',
            {
              fields: { prompt: 'is not allowed with a reference' },
            },
          );
        if (!body.source_upload_id)
          throw new AppError(
            'VALIDATION_FAILED',
            'Upload the picture first and name it in source_upload_id.',
            {
              fields: { source_upload_id: 'is required with a reference' },
            },
          );
      } else if (body.mode === 'B' && !body.prompt?.trim()) {
        throw new AppError('VALIDATION_FAILED', 'A prompt-based design needs a prompt.', {
          fields: { prompt: 'is required' },
        });
      }
      if (body.mode === 'B' && !reference) {
        refuseBlockedPrompt(body.prompt);
        refuseUnknownDesign(body.prompt, body.source_language, deps.config.generation.provider);
      }
      checkDesignChoice({ mode: body.mode, validation: {} }, body.settings?.design, body.settings?.size);
      const source = body.source_upload_id
        ? await deps.media.ownedFile(user, body.source_upload_id, reference ? 'image' : 'source_model')
        : null;
      const now = clock.now();
      const row = await repo.insertDraft(db, {
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
      await deps.events.emit(
        'create_started',
        {
          mode: row.mode,
          source_surface: body.source_surface ?? 'web',
          signed_in: true,
          source_attribution: {},
        },
        { userId: user.id, route: 'design-drafts', consent: meta.consent },
      );
      await emitSaved(row, meta);
      return toDraft(row);
    },

    async update(
      user: SignedInUser,
      draftId: string,
      body: UpdateDraftRequest,
      meta: EventMeta,
    ): Promise<Draft> {
      const row = await owned(user, draftId);
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
      if (body.prompt !== undefined) {
        refuseBlockedPrompt(body.prompt);
        refuseUnknownDesign(body.prompt, row.source_language, deps.config.generation.provider);
      }
      const reference = body.reference !== undefined ? normaliseReference(body.reference) : undefined;
      const referenceChanged =
        reference !== undefined && JSON.stringify(reference) !== JSON.stringify(row.reference);
      if (body.source_upload_id) await deps.media.ownedFile(user, body.source_upload_id, 'source_model');
      checkDesignChoice(row, body.settings?.design, body.settings?.size);
      const sourceChanged =
        (body.source_upload_id !== undefined && body.source_upload_id !== row.source_upload_id) ||
        (body.prompt !== undefined && body.prompt.trim() !== row.prompt);
      const settingsChanged =
        body.settings !== undefined &&
        JSON.stringify({ ...settingsOf(row), ...body.settings }) !== JSON.stringify(settingsOf(row));
      const clearKit = sourceChanged || settingsChanged || referenceChanged;
      const updated = await repo.updateDraft(db, row.id, {
        ...(body.title !== undefined ? { title: body.title.trim() || null } : {}),
        ...(body.source_upload_id !== undefined ? { source_upload_id: body.source_upload_id } : {}),
        ...(body.prompt !== undefined ? { prompt: body.prompt.trim() } : {}),
        ...(reference !== undefined ? { reference: JSON.stringify(reference) } : {}),
        ...(body.source_language !== undefined
          ? { source_language: resolveLocale(body.source_language) }
          : {}),
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
        updated_at: clock.now(),
      });
      await emitSaved(updated, meta);
      return toDraft(updated);
    },

    /** The account the draft belongs to, or null when there is none with this id. */
    async ownerOf(draftId: string): Promise<string | null> {
      return isUuid(draftId) ? ((await repo.findDraft(db, draftId))?.owner_user_id ?? null) : null;
    },

    async get(user: SignedInUser, draftId: string): Promise<Draft> {
      return toDraft(await owned(user, draftId));
    },

    async list(
      user: SignedInUser,
      limit: number,
      cursor: string | null,
      filter: { publishState?: 'unpublished' | 'published' } = {},
    ): Promise<{ items: Draft[]; next_cursor: string | null }> {
      const rows = await repo.page(db, user.id, {
        publishState: filter.publishState,
        after: cursor ? readTimeCursor(cursor) : null,
        limit: limit + 1,
      });
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.updated_at, id: r.id }));
      return { items: await toDrafts(page), next_cursor };
    },

    async startModelJob(user: SignedInUser, draftId: string, idempotencyKey: string | null) {
      const row = await owned(user, draftId);
      await requireMode(row.mode);
      if (row.mode === 'A' && !row.source_upload_id)
        throw new AppError('INVALID_STATE', 'Upload a model file for this draft first.');
      // A draft saved before prompts were checked at creation is refused here, before any job.
      if (row.mode === 'B') {
        refuseBlockedPrompt(row.prompt);
        refuseUnknownDesign(row.prompt, row.source_language, deps.config.generation.provider);
      }
      const settings = settingsOf(row);
      return enqueueDraftJob(
        'model',
        row,
        user,
        idempotencyKey,
        row.mode === 'B' ? { size: settings.size, design: settings.design } : { size: settings.size },
      );
    },

    async startBlockKitJob(user: SignedInUser, draftId: string, idempotencyKey: string | null) {
      const row = await owned(user, draftId);
      await requireMode(row.mode);
      // The model's check decides, not the last kit's verdict: a kit with problems is built again.
      if (row.mode === 'A' && !modelPassed(row)) {
        throw new AppError(
          'INVALID_STATE',
          'The model has not passed its checks yet. Run the model job first.',
        );
      }
      if (row.mode === 'B') {
        refuseBlockedPrompt(row.prompt);
        refuseUnknownDesign(row.prompt, row.source_language, deps.config.generation.provider);
      }
      return enqueueDraftJob('block_kit', row, user, idempotencyKey, settingsOf(row));
    },

    /**
     * Deletes an unpublished draft with its stored files (audited). A published draft belongs to
     * its listing, which is deleted instead; one whose model or kit is still being made waits for
     * that job, whose files would otherwise arrive after the draft is gone.
     */
    async delete(user: SignedInUser, draftId: string): Promise<void> {
      await owned(user, draftId);
      const purge = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx, audit) => {
        const row = await repo.lockDraft(trx, draftId);
        if (!row || row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
        if (row.publish_state === 'published')
          throw new AppError(
            'INVALID_STATE',
            'This draft is published: delete its listing, which deletes the draft with it.',
            { listing_id: row.listing_id },
          );
        if (await deps.jobs.hasActiveFor(user.id, { type: 'design_draft', id: row.id }, trx))
          throw new AppError(
            'INVALID_STATE',
            'This draft is still being processed. Cancel the job or wait for it to finish, then delete the draft.',
          );
        const removeBytes = await deleteWithFiles(trx, row);
        await audit({
          actor: { type: 'user', id: user.id },
          action: 'draft.deleted',
          resourceType: 'design_draft',
          resourceId: row.id,
          details: { mode: row.mode, stage: row.stage },
        });
        return removeBytes;
      });
      await purge();
    },

    /**
     * Deletes the draft of a listing being deleted, with its files, in the listing's transaction
     * (the listing no longer points at it); answers what removes the bytes after the commit.
     */
    async deleteForListing(trx: Transaction<DB>, draftId: string): Promise<() => Promise<void>> {
      const row = await repo.lockDraft(trx, draftId);
      if (!row) return async () => {};
      return deleteWithFiles(trx, row);
    },

    /** Marks the draft published in the publishing transaction, or refuses: it already is. */
    async claimForPublish(trx: Transaction<DB>, draftId: string): Promise<void> {
      if (await repo.claimForPublish(trx, draftId, clock.now())) return;
      const winner = await repo.findDraft(trx, draftId);
      throw new AppError('INVALID_STATE', 'This draft is already published.', {
        listing_id: winner?.listing_id ?? null,
      });
    },

    /** Points the published draft at its listing. */
    /** What a draft was made from (its mode and prompt), read in the caller's transaction. */
    async sourceOf(trx: Transaction<DB>, draftId: string): Promise<Pick<DraftRow, 'mode' | 'prompt'> | null> {
      const row = await repo.findDraft(trx, draftId);
      return row ? { mode: row.mode, prompt: row.prompt } : null;
    },

    linkListing: (trx: Transaction<DB>, draftId: string, listingId: string) =>
      repo.setListing(trx, draftId, listingId),

    /** Every draft of a person, as the API shows drafts (their account export). */
    exportFor: async (userId: string): Promise<Draft[]> => toDrafts(await repo.allOf(db, userId)),

    /**
     * Erasing an account, in its transaction: first the drafts let go of their listings (so the
     * listings can be deleted), then, once they are, the drafts themselves are deleted.
     */
    unlinkListingsOf: (trx: Transaction<DB>, userId: string) => repo.unlinkListings(trx, userId),
    eraseAllOf: (trx: Transaction<DB>, userId: string) => repo.deleteAllOf(trx, userId),
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
