/**
 * Publishing a draft as a user-owned listing, and reading listings. Publishing needs the
 * publishing flag, a valid kit, an allowed use case, clean safety answers and the owner's
 * acceptance of the current licence text; it is audited. Listings always name their creator
 * and owner: the platform never presents itself as the owner of a design.
 */
import {
  type KitSummary,
  type ListingDetail,
  type PublishRequest,
  SAFETY_QUESTIONS,
  UGC_LICENCE_VERSION,
} from '@kitwright/contracts';
import { type BlockKit, checkUseCase } from '@kitwright/mesher';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB, ListingDetailsTable, ListingsTable } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, RATE_LIMITS, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import { hasRole, type SignedInUser } from '../../platform/viewer';
import type { StorageProvider } from '../../providers/storage/storage-provider';
import type { DraftsService } from '../drafts/service';
import { mediaUrl } from '../media/service';
import { automaticChecks } from '../moderation/service';
import type { NotificationsService } from '../notifications/service';
import {
  localiseListing,
  recordSearchWords,
  searchVectorSql,
  type TranslationsService,
} from '../translations/service';
import { slugify } from './slug';

export type ListingRow = Selectable<ListingsTable> & Omit<Selectable<ListingDetailsTable>, 'listing_id'>;

const DETAIL_COLUMNS = [
  'd.description',
  'd.kit_summary',
  'd.safety',
  'd.moderation_flags',
  'd.i18n',
] as const;

interface StoredKitSummary extends KitSummary {
  bill_of_materials: ListingDetail['bill_of_materials'];
  build: ListingDetail['build'];
}

export function createListingsService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  controls: DeliveryControls;
  events: ProductEvents;
  drafts: DraftsService;
  storage: StorageProvider;
  translations: TranslationsService;
  notifications: NotificationsService;
  limiter: RateLimiter;
  publicBaseUrl: string;
  /** Called after a listing appears, changes or disappears (the gallery drops its short cache). */
  onListingsChanged?: () => void;
}) {
  const { db, clock } = deps;
  const changed = () => deps.onListingsChanged?.();

  async function people(ids: string[]) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'username', 'display_name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** What the viewer brings to a listing page: who they are, their save, their reservation, the phase's rules. */
  interface DetailContext {
    viewer: SignedInUser | null;
    locale: string | null;
    saved: boolean;
    reservationId: string | null;
    reservationsOpen: { open: boolean; reason: string | null };
  }

  function ctaFor(row: ListingRow, ctx: DetailContext): ListingDetail['cta'] {
    if (ctx.viewer && ctx.viewer.id === row.owner_user_id)
      return { state: 'own_listing', reason: 'This is your listing.', reservation_id: null };
    if (!ctx.reservationsOpen.open)
      return { state: 'reservations_closed', reason: ctx.reservationsOpen.reason, reservation_id: null };
    if (row.moderation_state !== 'approved' || row.visibility === 'private') {
      return { state: 'unavailable', reason: 'This listing is not public.', reservation_id: null };
    }
    if (ctx.reservationId)
      return { state: 'already_reserved', reason: null, reservation_id: ctx.reservationId };
    return { state: 'can_reserve', reason: null, reservation_id: null };
  }

  async function toDetail(
    row: ListingRow,
    ctx: DetailContext = {
      viewer: null,
      locale: null,
      saved: false,
      reservationId: null,
      reservationsOpen: { open: false, reason: null },
    },
  ): Promise<ListingDetail> {
    const text = localiseListing(row, ctx.locale);
    const who = await people([row.owner_user_id, row.creator_user_id]);
    const owner = who.get(row.owner_user_id) ?? {
      id: row.owner_user_id,
      username: 'unknown',
      display_name: 'Unknown designer',
    };
    const creator = who.get(row.creator_user_id) ?? owner;
    const summary = row.kit_summary as unknown as StoredKitSummary;
    const { bill_of_materials, build, ...kit } = summary;
    return {
      id: row.id,
      slug: row.slug,
      url: `${deps.publicBaseUrl}/l/${row.slug}`,
      title: text.title,
      description: text.description,
      category: row.category as ListingDetail['category'],
      tags: text.tags,
      visibility: row.visibility,
      mode: row.mode,
      use_case: row.use_case,
      safety: row.safety as Record<string, boolean>,
      moderation_state: row.moderation_state,
      owner: { id: owner.id, username: owner.username, display_name: owner.display_name },
      creator: { id: creator.id, username: creator.username, display_name: creator.display_name },
      attribution:
        owner.id === creator.id
          ? `Designed and owned by ${owner.display_name}.`
          : `Designed by ${creator.display_name}; owned by ${owner.display_name}.`,
      media: {
        preview_url: mediaUrl(row.preview_file_id),
        preview_png_url: row.preview_png_file_id ? mediaUrl(row.preview_png_file_id) : null,
        kit_url: mediaUrl(row.kit_file_id),
        images: row.media_ids.map(mediaUrl),
      },
      kit,
      bill_of_materials,
      build,
      licence_version: row.licence_version,
      commerce_state: 'interest_only',
      published_at: row.published_at.toISOString(),
      source_language: row.source_language,
      localisation: { title: text.localisation, description: text.localisation },
      interest: {
        reservations: row.reservation_count,
        quantity: row.reservation_quantity,
        saves: row.save_count,
        views: row.view_count,
      },
      cta: ctaFor(row, ctx),
      viewer: { saved: ctx.saved, owner: ctx.viewer?.id === row.owner_user_id },
    };
  }

  /** The slug to try on the given attempt: the title's own, then with a random suffix. */
  function slugCandidate(title: string, attempt: number): string {
    const base = slugify(title);
    return attempt === 0 ? base : `${base.slice(0, 80)}-${newId().slice(-6)}`;
  }

  return {
    toDetail,

    async publish(
      user: SignedInUser,
      draftId: string,
      body: PublishRequest,
      correlationId: string,
    ): Promise<ListingDetail> {
      await deps.controls.requireCapability('publishing');
      await deps.controls.requireFlag('publishing');
      const draft = await deps.drafts.owned(user, draftId);
      if (draft.publish_state === 'published') {
        throw new AppError('INVALID_STATE', 'This draft is already published.', {
          listing_id: draft.listing_id,
        });
      }
      if (
        draft.stage !== 'kit_ready' ||
        draft.validation_state !== 'valid' ||
        !draft.kit_file_id ||
        !draft.preview_file_id
      ) {
        throw new AppError('KIT_NOT_READY', undefined, {
          stage: draft.stage,
          validation_state: draft.validation_state,
          validation: draft.validation,
        });
      }
      const useCase = checkUseCase(body.use_case);
      if (!useCase.allowed)
        throw new AppError('USE_CASE_BLOCKED', useCase.reason ?? undefined, { use_case: body.use_case });
      const risky = SAFETY_QUESTIONS.filter((q) => body.safety[q]);
      if (risky.length > 0) {
        throw new AppError(
          'GATE_NOT_MET',
          'Block kits cannot be published for children, for carrying loads or people, with electrics, or for wet areas.',
          {
            gate: 'safety',
            answers: risky,
          },
        );
      }
      if (body.licence.version !== UGC_LICENCE_VERSION) {
        throw new AppError('GATE_NOT_MET', 'Accept the current version of the owner licence.', {
          gate: 'licence',
          current_version: UGC_LICENCE_VERSION,
        });
      }
      const mediaIds = [...new Set(body.media_ids ?? [])];
      if (mediaIds.length > 0) {
        const own = await db
          .selectFrom('media_files')
          .select('id')
          .where('id', 'in', mediaIds)
          .where('owner_user_id', '=', user.id)
          .where('kind', '=', 'image')
          .execute();
        if (own.length !== mediaIds.length)
          throw new AppError('VALIDATION_FAILED', 'Some images are not yours or not images.', {
            fields: { media_ids: 'contains unknown images' },
          });
      }
      const kitFile = await db
        .selectFrom('media_files')
        .select('storage_key')
        .where('id', '=', draft.kit_file_id)
        .executeTakeFirstOrThrow();
      const stored = await deps.storage.get(kitFile.storage_key);
      if (!stored) throw new AppError('KIT_NOT_READY', 'The kit file is missing; build the kit again.');
      const kit = JSON.parse(stored.body.toString('utf8')) as BlockKit;
      const summary: StoredKitSummary = {
        ...(draft.kit_summary as unknown as KitSummary),
        bill_of_materials: kit.billOfMaterials,
        build: { steps: kit.steps.length, layers: kit.metrics.layers },
      };
      const tags = [...new Set((body.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean))];
      const findings = automaticChecks({ title: body.title, description: body.description, tags });
      const now = clock.now();
      const listing = await auditedTransaction(
        { db, clock, alerts: deps.alerts },
        correlationId,
        async (trx, audit) => {
          // Claim the draft first: its row lock makes a concurrent publish of the same draft wait,
          // and then find it published, so the loser is told so instead of hitting a constraint.
          const claimed = await trx
            .updateTable('design_drafts')
            .set({ publish_state: 'published', stage: 'published', updated_at: now })
            .where('id', '=', draft.id)
            .where('publish_state', '=', 'unpublished')
            .returning('id')
            .executeTakeFirst();
          if (!claimed) {
            const winner = await trx
              .selectFrom('design_drafts')
              .select('listing_id')
              .where('id', '=', draft.id)
              .executeTakeFirst();
            throw new AppError('INVALID_STATE', 'This draft is already published.', {
              listing_id: winner?.listing_id ?? null,
            });
          }
          const listingId = newId();
          // A slug taken by a committed or concurrent listing is skipped (ON CONFLICT waits for the
          // other transaction), and the next attempt adds a random suffix.
          let inserted: Selectable<ListingsTable> | undefined;
          for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
            inserted = await trx
              .insertInto('listings')
              .values({
                id: listingId,
                slug: slugCandidate(body.title, attempt),
                draft_id: draft.id,
                owner_user_id: user.id,
                creator_user_id: draft.owner_user_id,
                title: body.title.trim(),
                source_language: body.source_language ?? draft.source_language,
                category: body.category,
                tags,
                visibility: body.visibility,
                mode: draft.mode,
                use_case: body.use_case as 'free_standing' | 'decorative',
                licence_version: body.licence.version,
                licence_accepted_at: now,
                moderation_state: findings.length === 0 ? 'approved' : 'pending',
                kit_file_id: draft.kit_file_id as string,
                preview_file_id: draft.preview_file_id as string,
                preview_png_file_id: draft.preview_png_file_id,
                media_ids: mediaIds,
                part_count: summary.part_count,
                size_mm: Math.round(
                  Math.max(summary.dimensions_mm.x, summary.dimensions_mm.y, summary.dimensions_mm.z),
                ),
                colours: summary.colours,
                search_vector: searchVectorSql([
                  { weight: 'A', text: body.title.trim() },
                  { weight: 'B', text: tags.join(' ') },
                  { weight: 'C', text: body.description.trim() },
                ]),
                title_vector: sql<string>`to_tsvector('simple', ${body.title.trim()})`,
                published_at: now,
                updated_at: now,
              })
              .onConflict((oc) => oc.column('slug').doNothing())
              .returningAll()
              .executeTakeFirst();
          }
          if (!inserted)
            throw new AppError('CONFLICT', 'Could not find a free address for this listing. Try again.');
          const details = await trx
            .insertInto('listing_details')
            .values({
              listing_id: inserted.id,
              description: body.description.trim(),
              kit_summary: JSON.stringify(summary),
              safety: JSON.stringify(body.safety),
              moderation_flags: JSON.stringify(findings),
            })
            .returning(['description', 'kit_summary', 'safety', 'moderation_flags', 'i18n'])
            .executeTakeFirstOrThrow();
          const row = { ...inserted, ...details };
          await trx
            .updateTable('design_drafts')
            .set({ listing_id: row.id })
            .where('id', '=', draft.id)
            .execute();
          await deps.translations.syncListing(trx, row, correlationId);
          await recordSearchWords(trx, [row.title, ...row.tags], row.source_language);
          await deps.notifications.notify(trx, user.id, {
            kind: 'listing_published',
            title:
              row.moderation_state === 'approved'
                ? 'Your design is live'
                : 'Your design is waiting for review',
            body:
              row.moderation_state === 'approved'
                ? `"${row.title}" is published. It stays yours; we only host and show it.`
                : `"${row.title}" will appear once a person has checked it. We usually review within a day.`,
            link: `/listing/${row.slug}`,
          });
          await audit({
            actor: { type: 'user', id: user.id },
            action: 'listing.published',
            resourceType: 'listing',
            resourceId: row.id,
            details: {
              draft_id: draft.id,
              visibility: row.visibility,
              moderation_state: row.moderation_state,
              licence_version: row.licence_version,
            },
          });
          return row;
        },
      );
      changed();
      await deps.events.emit(
        'listing_published',
        { listing_id: listing.id, draft_id: draft.id, visibility: listing.visibility, mode: listing.mode },
        { userId: user.id, route: 'publish', correlationId },
      );
      return toDetail(listing, {
        viewer: user,
        locale: null,
        saved: false,
        reservationId: null,
        reservationsOpen: { open: false, reason: null },
      });
    },

    /** The owner edits text, category or visibility; changed text is translated again. */
    async edit(
      user: SignedInUser,
      idOrSlug: string,
      body: {
        title?: string;
        description?: string;
        tags?: string[];
        category?: string;
        visibility?: 'public' | 'unlisted' | 'private';
      },
      correlationId: string,
    ): Promise<ListingRow> {
      const row = await this.visible(user, idOrSlug);
      if (row.owner_user_id !== user.id) throw new AppError('NOT_FOUND');
      const title = body.title?.trim() ?? row.title;
      const description = body.description?.trim() ?? row.description;
      const tags = body.tags
        ? [...new Set(body.tags.map((t) => t.trim().toLowerCase()).filter(Boolean))]
        : row.tags;
      const textChanged =
        title !== row.title || description !== row.description || tags.join(',') !== row.tags.join(',');
      const findings = textChanged ? automaticChecks({ title, description, tags }) : [];
      const result = await auditedTransaction(
        { db, clock, alerts: deps.alerts },
        correlationId,
        async (trx, audit) => {
          const updated = await trx
            .updateTable('listings')
            .set({
              title,
              tags,
              ...(body.category ? { category: body.category } : {}),
              ...(body.visibility ? { visibility: body.visibility } : {}),
              ...(textChanged
                ? {
                    search_vector: searchVectorSql([
                      { weight: 'A', text: title },
                      { weight: 'B', text: tags.join(' ') },
                      { weight: 'C', text: description },
                    ]),
                    title_vector: sql<string>`to_tsvector('simple', ${title})`,
                    // New words are checked like new listings: findings send it back to review.
                    ...(findings.length > 0 ? { moderation_state: 'pending' as const } : {}),
                  }
                : {}),
              updated_at: clock.now(),
            })
            .where('id', '=', row.id)
            .returningAll()
            .executeTakeFirstOrThrow()
            .then(async (listingRow) => {
              const details = await trx
                .updateTable('listing_details')
                .set({
                  description,
                  ...(findings.length > 0 ? { moderation_flags: JSON.stringify(findings) } : {}),
                })
                .where('listing_id', '=', row.id)
                .returning(['description', 'kit_summary', 'safety', 'moderation_flags', 'i18n'])
                .executeTakeFirstOrThrow();
              return { ...listingRow, ...details };
            });
          if (textChanged) {
            await deps.translations.syncListing(trx, updated, correlationId);
            await recordSearchWords(trx, [updated.title, ...updated.tags], updated.source_language);
          }
          await audit({
            actor: { type: 'user', id: user.id },
            action: 'listing.updated',
            resourceType: 'listing',
            resourceId: row.id,
            details: {
              text_changed: textChanged,
              visibility: updated.visibility,
              moderation_state: updated.moderation_state,
            },
          });
          return updated;
        },
      );
      changed();
      return result;
    },

    /** Counts a view once per viewer per day; says whether this one counted. */
    async recordView(listingId: string, viewerKey: string): Promise<boolean> {
      const day = clock.now().toISOString().slice(0, 10);
      return db.transaction().execute(async (trx) => {
        const inserted = await sql<{ listing_id: string }>`
          INSERT INTO listing_views (listing_id, viewer_key, day) VALUES (${listingId}, ${viewerKey}, ${day})
          ON CONFLICT DO NOTHING RETURNING listing_id`.execute(trx);
        if (inserted.rows.length === 0) return false;
        await trx
          .updateTable('listings')
          .set({ view_count: sql`view_count + 1` })
          .where('id', '=', listingId)
          .execute();
        return true;
      });
    },

    /** A share link whose code tells the funnel where visits came from. */
    async share(
      listing: ListingRow,
      channel: string,
      who: { userId: string | null; visitorId: string | null; ip: string | null },
    ) {
      // Anyone may make links, so one person, visitor or address cannot fill the table.
      const sharer = who.userId
        ? `user:${who.userId}`
        : who.visitorId
          ? `visitor:${who.visitorId}`
          : `ip:${sha256Hex(who.ip ?? 'unknown')}`;
      await enforceLimit(
        deps.limiter,
        `shares:${sharer}`,
        RATE_LIMITS.sharesPerViewer,
        'You have made a lot of share links in the last hour. Try again later.',
      );
      const code = newId().replaceAll('-', '').slice(-10);
      await db
        .insertInto('listing_shares')
        .values({
          id: newId(),
          code,
          listing_id: listing.id,
          channel,
          user_id: who.userId,
          visitor_id: who.visitorId,
          created_at: clock.now(),
        })
        .execute();
      return { code, channel, url: `${deps.publicBaseUrl}/l/${listing.slug}?s=${code}` };
    },

    /** The attribution of a visit through a share link, counting the visit. */
    async shareVisit(listingId: string, code: string | undefined): Promise<Record<string, string>> {
      if (!code || !/^[A-Za-z0-9_-]{6,16}$/.test(code)) return {};
      const share = await db
        .updateTable('listing_shares')
        .set({ visits: sql`visits + 1` })
        .where('code', '=', code)
        .where('listing_id', '=', listingId)
        .returning(['code', 'channel'])
        .executeTakeFirst();
      return share ? { source: 'share', share_code: share.code, channel: share.channel } : {};
    },

    /** A listing by id or slug, for whoever may see it: anyone when approved and not private; its owner and staff always. */
    async visible(viewer: SignedInUser | null, idOrSlug: string): Promise<ListingRow> {
      const row = await db
        .selectFrom('listings as l')
        .innerJoin('listing_details as d', 'd.listing_id', 'l.id')
        .selectAll('l')
        .select(DETAIL_COLUMNS)
        .where(isUuid(idOrSlug) ? 'l.id' : 'l.slug', '=', idOrSlug)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND');
      const open = row.moderation_state === 'approved' && row.visibility !== 'private';
      const privileged =
        viewer !== null && (viewer.id === row.owner_user_id || hasRole(viewer.role, 'staff'));
      if (!open && !privileged) throw new AppError('NOT_FOUND');
      return row;
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
