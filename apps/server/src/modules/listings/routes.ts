/**
 * Publishing, the listing page (localised, with the viewer's interest call to action; each view
 * counted once per visitor per day), owner edits, saves and share links.
 */
import {
  ErrorEnvelope,
  LISTING_CATEGORIES,
  ListingDetail,
  PublishRequest,
  ShareRequest,
  ShareResponse,
  VISIBILITIES,
} from '@kitwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { consentOf, type ProductEvents } from '../../platform/product-events';
import { requireUser } from '../../platform/viewer';
import type { VisitorSessions } from '../auth/visitor-sessions';
import type { InterestService } from '../interest/service';
import type { Owner, SavesService } from '../saves/service';
import type { ListingRow, ListingsService } from './service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};
const Params = Type.Object({ listingId: Type.String({ maxLength: 120 }) });

export interface ListingRouteDeps {
  listings: ListingsService;
  saves: SavesService;
  interest: InterestService;
  visitors: VisitorSessions;
  events: ProductEvents;
}

/** The request's owner for saves and reservations: the user, else a visitor session (made on demand). */
export async function ownerOf(
  request: FastifyRequest,
  reply: FastifyReply | null,
  visitors: VisitorSessions,
): Promise<Owner> {
  const viewer = await request.viewer();
  if (viewer.user) return { userId: viewer.user.id, visitorId: null };
  if (viewer.visitorId || !reply) return { userId: null, visitorId: viewer.visitorId };
  return { userId: null, visitorId: await visitors.ensure(request, reply) };
}

export async function detailFor(
  deps: ListingRouteDeps,
  request: FastifyRequest,
  row: ListingRow,
  locale: string | null,
) {
  const viewer = await request.viewer();
  const owner = await ownerOf(request, null, deps.visitors);
  const [saved, reservationId, reservationsOpen] = await Promise.all([
    deps.saves.isSaved(owner, row.id),
    deps.interest.activeFor(owner, row.id),
    deps.interest.open(),
  ]);
  return deps.listings.toDetail(row, { viewer: viewer.user, locale, saved, reservationId, reservationsOpen });
}

export function listingRoutes(app: FastifyInstance, deps: ListingRouteDeps) {
  const { listings } = deps;

  app.post(
    '/api/design-drafts/:draftId/publish',
    {
      schema: {
        tags: ['publish'],
        summary: 'Publish a draft with a valid kit as a listing you own',
        security: [{ bearer: [] }],
        params: Type.Object({ draftId: Type.String({ maxLength: 64 }) }),
        body: PublishRequest,
        response: { 201: ListingDetail, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const listing = await listings.publish(
        user,
        (request.params as { draftId: string }).draftId,
        request.body as PublishRequest,
        request.id,
      );
      return reply.code(201).send(listing);
    },
  );

  app.get(
    '/api/listings/:listingId',
    {
      schema: {
        tags: ['discover'],
        summary:
          'A listing by id or slug: attribution, localised text, kit and bill of materials, interest call to action',
        params: Params,
        querystring: Type.Object({
          locale: Type.Optional(Type.String({ maxLength: 35 })),
          share: Type.Optional(Type.String({ maxLength: 16 })),
          surface: Type.Optional(Type.String({ maxLength: 64 })),
        }),
        response: { 200: ListingDetail, ...errors },
      },
    },
    async (request) => {
      const viewer = await request.viewer();
      const query = request.query as { locale?: string; share?: string; surface?: string };
      const row = await listings.visible(viewer.user, (request.params as { listingId: string }).listingId);
      const detail = await detailFor(
        deps,
        request,
        row,
        query.locale ?? request.headers['accept-language'] ?? null,
      );
      // Count the view once per visitor per day; the event itself is sent for every view.
      const viewerKey = viewer.user
        ? `user:${viewer.user.id}`
        : viewer.visitorId
          ? `visitor:${viewer.visitorId}`
          : null;
      if (viewerKey && viewer.user?.id !== row.owner_user_id) {
        const counted = await listings.recordView(row.id, viewerKey);
        if (counted) detail.interest.views += 1;
      }
      const attribution = await listings.shareVisit(row.id, query.share);
      await deps.events.emit(
        'listing_viewed',
        {
          listing_id: row.id,
          designer_id: row.owner_user_id,
          source_surface: query.surface ?? 'web',
          source_attribution: attribution,
          signed_in: viewer.user !== null,
        },
        {
          userId: viewer.user?.id ?? null,
          sessionId: viewer.visitorId,
          consent: consentOf(request.headers),
          route: 'listing',
          correlationId: request.id,
        },
      );
      return detail;
    },
  );

  app.patch(
    '/api/listings/:listingId',
    {
      schema: {
        tags: ['publish'],
        summary: 'Edit your listing: text changes are checked and translated again',
        security: [{ bearer: [] }],
        params: Params,
        body: Type.Object({
          title: Type.Optional(Type.String({ minLength: 3, maxLength: 120 })),
          description: Type.Optional(Type.String({ minLength: 10, maxLength: 5000 })),
          tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { maxItems: 12 })),
          category: Type.Optional(Type.Enum([...LISTING_CATEGORIES])),
          visibility: Type.Optional(Type.Enum([...VISIBILITIES])),
        }),
        response: { 200: ListingDetail, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const row = await listings.edit(
        user,
        (request.params as { listingId: string }).listingId,
        request.body as Record<string, never>,
        request.id,
      );
      return detailFor(deps, request, row, null);
    },
  );

  const saveSchema = {
    tags: ['discover'],
    params: Params,
    querystring: Type.Object({ surface: Type.Optional(Type.String({ maxLength: 64 })) }),
    response: { 200: Type.Object({ saved: Type.Boolean(), saves: Type.Integer() }), ...errors },
  };

  app.post(
    '/api/listings/:listingId/save',
    { schema: { ...saveSchema, summary: 'Save a listing (signed in, or with a visitor session)' } },
    async (request, reply) => {
      const viewer = await request.viewer();
      const row = await listings.visible(viewer.user, (request.params as { listingId: string }).listingId);
      const owner = await ownerOf(request, reply, deps.visitors);
      await deps.saves.save(owner, row.id, {
        surface: (request.query as { surface?: string }).surface ?? 'web',
        consent: consentOf(request.headers),
        correlationId: request.id,
      });
      const fresh = await listings.visible(viewer.user, row.id);
      return { saved: true, saves: fresh.save_count };
    },
  );

  app.delete(
    '/api/listings/:listingId/save',
    { schema: { ...saveSchema, summary: 'Remove a listing from your saves' } },
    async (request) => {
      const viewer = await request.viewer();
      const row = await listings.visible(viewer.user, (request.params as { listingId: string }).listingId);
      const owner = await ownerOf(request, null, deps.visitors);
      if (owner.userId || owner.visitorId) await deps.saves.unsave(owner, row.id);
      const fresh = await listings.visible(viewer.user, row.id);
      return { saved: false, saves: fresh.save_count };
    },
  );

  app.post(
    '/api/listings/:listingId/shares',
    {
      schema: {
        tags: ['discover'],
        summary: 'A share link that tells where visits came from',
        params: Params,
        body: ShareRequest,
        response: { 201: ShareResponse, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const row = await listings.visible(viewer.user, (request.params as { listingId: string }).listingId);
      const share = await listings.share(row, (request.body as { channel: string }).channel, {
        userId: viewer.user?.id ?? null,
        visitorId: viewer.visitorId,
        ip: request.ip ?? null,
      });
      return reply.code(201).send(share);
    },
  );
}
