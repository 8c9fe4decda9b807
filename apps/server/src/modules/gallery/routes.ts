/** GET /api/gallery/listings: search, filter, sort and page through public listings. */
import { ErrorEnvelope, GalleryQuery, GalleryResponse } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { GalleryService } from './service';

export function galleryRoutes(app: FastifyInstance, deps: { gallery: GalleryService }) {
  app.get(
    '/api/gallery/listings',
    {
      schema: {
        tags: ['discover'],
        summary:
          'Public listings: full-text search (typo tolerant), filters, sorts and cursor pagination, localised',
        querystring: GalleryQuery,
        response: { 200: GalleryResponse, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const query = request.query as GalleryQuery;
      const result = await deps.gallery.search({
        ...query,
        locale: query.locale ?? request.headers['accept-language'],
      });
      reply.header('cache-control', 'public, max-age=10');
      reply.header('vary', 'accept-language');
      return result;
    },
  );
}
