/** Saving and unsaving a listing, signed in or with a visitor session. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { consentOf } from '../../platform/product-events';
import type { SavesService } from './service';

export const saveRoutes: RoutesPlugin<{ saves: SavesService }> = async (app, { saves }) => {
  app.route({
    ...operation('saveListing', {
      tags: ['discover'],
      summary: 'Save a listing (signed in, or with a visitor session)',
    }),
    handler: async (request, reply) =>
      saves.save((await request.viewer()).user, await request.owner(reply), request.params.listingId, {
        surface: request.query.surface ?? 'web',
        consent: consentOf(request.headers),
      }),
  });

  app.route({
    ...operation('unsaveListing', { tags: ['discover'], summary: 'Remove a listing from your saves' }),
    handler: async (request) =>
      saves.unsave((await request.viewer()).user, await request.owner(), request.params.listingId),
  });
};
