/** POST /api/media/uploads (multipart, field "file"), GET /api/media/{id} and its content. */
import multipart from '@fastify/multipart';
import { ErrorEnvelope, Upload } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { requireUser } from '../../platform/viewer';
import { type MediaService, toUpload } from './service';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  422: ErrorEnvelope,
  429: ErrorEnvelope,
};

export function mediaRoutes(app: FastifyInstance, deps: { media: MediaService; config: Config }) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: deps.config.uploads.maxModelBytes, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
    });
    scope.post(
      '/api/media/uploads',
      {
        schema: {
          tags: ['media'],
          summary:
            'Upload a model (STL, OBJ, PLY, GLB, 3MF) or an image (PNG, JPEG, WebP); the type is read from the bytes',
          consumes: ['multipart/form-data'],
          querystring: Type.Object({
            draft_id: Type.Optional(Type.String({ format: 'uuid' })),
            repair: Type.Optional(
              Type.Boolean({
                description:
                  'Repair what a strict read refuses as recoverable (details.recoverable on the refusal) instead of refusing',
              }),
            ),
          }),
          security: [{ bearer: [] }],
          response: { 200: Type.Object({ upload: Upload }), 201: Type.Object({ upload: Upload }), ...errors },
        },
      },
      async (request, reply) => {
        const user = await requireUser(request);
        await deps.media.admitUpload(user);
        if (!request.isMultipart())
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            'Send the file as multipart/form-data in a field named "file".',
          );
        const part = await request.file();
        if (part?.fieldname !== 'file')
          throw new AppError('VALIDATION_FAILED', 'Send the file in a field named "file".', {
            fields: { file: 'is required' },
          });
        let bytes: Buffer;
        let truncated = false;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          bytes = Buffer.alloc(0);
          truncated = true;
        }
        const query = request.query as { draft_id?: string; repair?: boolean };
        const result = await deps.media.upload(
          user,
          {
            bytes,
            fileName: part.filename || null,
            draftId: query.draft_id ?? null,
            truncated,
            repair: query.repair === true,
          },
          request.id,
        );
        return reply.code(result.created ? 201 : 200).send({ upload: result.upload });
      },
    );
  });

  app.get(
    '/api/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'An uploaded file of yours',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: Type.Object({ upload: Upload }), ...errors },
      },
    },
    async (request) => ({
      upload: toUpload(
        await deps.media.ownedFile(await requireUser(request), (request.params as { id: string }).id),
      ),
    }),
  );

  app.get(
    '/api/media/:id/content',
    {
      schema: {
        tags: ['media'],
        summary: 'The bytes of a stored file (owner, or anyone once a visible listing shows it)',
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
      },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const file = await deps.media.content(viewer.user, (request.params as { id: string }).id);
      reply.header('content-type', file.row.content_type);
      reply.header('cache-control', `${file.public ? 'public' : 'private'}, max-age=31536000, immutable`);
      reply.header('x-content-type-options', 'nosniff');
      if (file.row.content_type === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('etag', `"${file.row.sha256}"`);
      return reply.send(file.body);
    },
  );
}
