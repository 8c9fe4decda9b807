/** Interest reservations: create or refresh, list your own, cancel with a reason. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { InterestService } from './service';

export const interestRoutes: RoutesPlugin<{ interest: InterestService }> = async (app, { interest }) => {
  app.route({
    ...operation('reserveInterest', {
      tags: ['reserve'],
      summary:
        'Register non-binding interest in a listing (signed in, or with a visitor session); refreshes an active one',
    }),
    handler: async (request, reply) => {
      const result = await interest.reserve(
        await request.owner(reply),
        request.params.listingId,
        request.body,
        { ip: request.ip, emailVerified: (await request.viewer()).user?.emailVerified ?? false },
        request.headers['accept-language'] ?? null,
      );
      return reply.code(result.refreshed ? 200 : 201).send(result);
    },
  });

  app.route({
    ...operation('listReservations', {
      tags: ['reserve'],
      summary: 'Your active and cancelled reservations, newest first',
    }),
    handler: async (request) =>
      interest.list(
        await request.owner(),
        request.query.limit ?? 20,
        request.query.cursor ?? null,
        request.headers['accept-language'] ?? null,
      ),
  });

  app.route({
    ...operation('cancelReservation', {
      tags: ['reserve'],
      summary: 'Cancel your reservation; the reason (body or ?reason=) is kept on the record',
    }),
    // The reason is optional. A DELETE usually has no body; the reason may come in one, or in the
    // query. An empty body sent with a JSON content type is no body, not malformed JSON.
    onRequest: async (request) => {
      const length = request.headers['content-length'];
      if ((length === undefined || length === '0') && !request.headers['transfer-encoding'])
        delete request.headers['content-type'];
    },
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request) =>
      interest.cancel(
        await request.owner(),
        request.params.reservationId,
        request.body?.reason ?? request.query.reason ?? null,
        request.headers['accept-language'] ?? null,
      ),
  });
};
