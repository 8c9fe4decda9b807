/** Publishing, the gallery, the listing page, owner edits, unpublish, republish, delete and share links. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { consentOf } from '../../platform/product-events';
import { requireUser } from '../../platform/viewer';
import type { ListingsService } from './service';

export const listingRoutes: RoutesPlugin<{ listings: ListingsService }> = async (app, { listings }) => {
  app.route({
    ...operation('publishDraft', {
      tags: ['publish'],
      auth: 'user',
      summary: 'Publish a draft with a valid kit as a listing you own',
    }),
    handler: async (request, reply) => {
      const listing = await listings.publish(
        await requireUser(request),
        request.params.draftId,
        request.body,
      );
      return reply.code(201).send(listing);
    },
  });

  app.route({
    ...operation('searchGallery', {
      tags: ['discover'],
      summary:
        'Public listings: full-text search (typo tolerant), filters, sorts and cursor pagination, localised',
    }),
    handler: async (request, reply) => {
      const result = await listings.search({
        ...request.query,
        locale: request.query.locale ?? request.headers['accept-language'],
      });
      reply.header('cache-control', 'public, max-age=10');
      reply.header('vary', 'accept-language');
      return result;
    },
  });

  app.route({
    ...operation('getListing', {
      tags: ['discover'],
      summary:
        'A listing by id or slug: attribution, localised text, kit and bill of materials, interest call to action',
    }),
    handler: async (request) => {
      const viewer = await request.viewer();
      return listings.page(request.params.listingId, {
        viewer: viewer.user,
        owner: await request.owner(),
        visitorId: viewer.visitorId,
        locale: request.query.locale ?? request.headers['accept-language'] ?? null,
        share: request.query.share,
        surface: request.query.surface ?? 'web',
        consent: consentOf(request.headers),
      });
    },
  });

  app.route({
    ...operation('editListing', {
      tags: ['publish'],
      auth: 'user',
      summary: 'Edit your listing: text changes are checked and translated again',
    }),
    handler: async (request) =>
      listings.edit(await requireUser(request), request.params.listingId, request.body),
  });

  app.route({
    ...operation('unpublishListing', {
      tags: ['publish'],
      auth: 'user',
      summary: 'Unpublish your listing: only you (and staff) see it; saves and reservations stay',
    }),
    handler: async (request) => listings.unpublish(await requireUser(request), request.params.listingId),
  });

  app.route({
    ...operation('republishListing', {
      tags: ['publish'],
      auth: 'user',
      summary: 'Publish your unpublished listing again, through the automatic checks of a new listing',
    }),
    handler: async (request) =>
      listings.republish(await requireUser(request), request.params.listingId, request.body),
  });

  app.route({
    ...operation('deleteListing', {
      tags: ['publish'],
      auth: 'user',
      summary:
        'Delete your listing: reservations are cancelled (holders told), saves, text, files and draft removed',
    }),
    handler: async (request, reply) => {
      await listings.remove(await requireUser(request), request.params.listingId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operation('shareListing', {
      tags: ['discover'],
      summary: 'A share link that tells where visits came from',
    }),
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      const share = await listings.share(viewer.user, request.params.listingId, request.body.channel, {
        visitorId: viewer.visitorId,
        ip: request.ip ?? null,
      });
      return reply.code(201).send(share);
    },
  });
};
