/** Interest reservations: create or refresh, list your own, cancel with a reason. */
import {
  CancelReservationRequest,
  ErrorEnvelope,
  Page,
  PageQuery,
  Reservation,
  ReservationRequest,
  ReservationResult,
} from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { VisitorSessions } from '../auth/visitor-sessions';
import { ownerOf } from '../listings/routes';
import type { ListingsService } from '../listings/service';
import type { InterestService } from './service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  422: ErrorEnvelope,
};

export function interestRoutes(
  app: FastifyInstance,
  deps: { interest: InterestService; listings: ListingsService; visitors: VisitorSessions },
) {
  app.post(
    '/api/listings/:listingId/interest',
    {
      schema: {
        tags: ['reserve'],
        summary:
          'Register non-binding interest in a listing (signed in, or with a visitor session); refreshes an active one',
        params: Type.Object({ listingId: Type.String({ maxLength: 120 }) }),
        body: ReservationRequest,
        response: { 200: ReservationResult, 201: ReservationResult, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const listing = await deps.listings.visible(
        viewer.user,
        (request.params as { listingId: string }).listingId,
      );
      const owner = await ownerOf(request, reply, deps.visitors);
      const result = await deps.interest.reserve(
        owner,
        listing,
        request.body as ReservationRequest,
        request.id,
        request.headers['accept-language'] ?? null,
      );
      return reply.code(result.refreshed ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/me/interest-reservations',
    {
      schema: {
        tags: ['reserve'],
        summary: 'Your active and cancelled reservations, newest first',
        querystring: PageQuery,
        response: { 200: Page(Reservation), ...errors },
      },
    },
    async (request) => {
      const q = request.query as { limit?: number; cursor?: string };
      return deps.interest.list(
        await ownerOf(request, null, deps.visitors),
        q.limit ?? 20,
        q.cursor ?? null,
        request.headers['accept-language'] ?? null,
      );
    },
  );

  app.delete(
    '/api/interest-reservations/:reservationId',
    {
      schema: {
        tags: ['reserve'],
        summary: 'Cancel your reservation; the reason (body or ?reason=) is kept on the record',
        params: Type.Object({ reservationId: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
        body: CancelReservationRequest,
        response: { 200: Reservation, ...errors },
      },
      // A DELETE usually has no body; the reason may come in one, or in the query.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as { reason?: string };
      const reason = body.reason ?? (request.query as { reason?: string }).reason ?? null;
      return deps.interest.cancel(
        await ownerOf(request, null, deps.visitors),
        (request.params as { reservationId: string }).reservationId,
        reason,
        request.id,
        request.headers['accept-language'] ?? null,
      );
    },
  );
}
