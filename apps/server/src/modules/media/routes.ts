/** POST /api/media/uploads (multipart, field "file"), GET /api/media/{id} and its content. */
import multipart from '@fastify/multipart';
import type { Config } from '../../config';
import { AppError } from '../../platform/errors';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireUser } from '../../platform/viewer';
import type { MediaService } from './service';
import { toUpload } from './service';

/**
 * A multipart body the parser cannot read to its end (cut short, a broken part header) is the
 * client's: a 400 saying to send it again, not a 500. Errors that already carry a 4xx keep theirs.
 */
function unreadableUpload(err: unknown): never {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || (status !== undefined && status >= 400 && status < 500)) throw err;
  throw new AppError(
    'VALIDATION_FAILED',
    'The upload was cut short or is not readable multipart data. Send the file again.',
    {
      fields: { file: 'is incomplete' },
    },
  );
}

export const mediaRoutes: RoutesPlugin<{ media: MediaService; config: Config }> = async (app, deps) => {
  // Only this plugin's routes read multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: deps.config.uploads.maxModelBytes, files: 1, fields: 4, parts: 6, fieldSize: 1024 },
  });

  app.route({
    ...operation('uploadMedia', {
      tags: ['media'],
      auth: 'user',
      summary:
        'Upload a model (STL, OBJ, PLY, GLB, glTF, 3MF) or an image (PNG, JPEG, WebP); the type is read from the bytes',
    }),
    handler: async (request, reply) => {
      const result = await deps.media.upload(
        await requireUser(request),
        async () => {
          if (!request.isMultipart())
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              'Send the file as multipart/form-data in a field named "file".',
            );
          const part = await request.file().catch(unreadableUpload);
          if (part?.fieldname !== 'file')
            throw new AppError('VALIDATION_FAILED', 'Send the file in a field named "file".', {
              fields: { file: 'is required' },
            });
          try {
            return { bytes: await part.toBuffer(), fileName: part.filename || null, truncated: false };
          } catch (err) {
            if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') return unreadableUpload(err);
            return { bytes: Buffer.alloc(0), fileName: part.filename || null, truncated: true };
          }
        },
        {
          draftId: request.query.draft_id ?? null,
          repair: request.query.repair === true,
        },
      );
      return reply.code(result.created ? 201 : 200).send({ upload: result.upload });
    },
  });

  app.route({
    ...operation('getMedia', { tags: ['media'], auth: 'user', summary: 'An uploaded file of yours' }),
    handler: async (request) => ({
      upload: toUpload(await deps.media.ownedFile(await requireUser(request), request.params.mediaId)),
    }),
  });

  app.route({
    ...operation('mediaContent', {
      tags: ['media'],
      summary: 'The bytes of a stored file (owner, or anyone once a visible listing shows it)',
    }),
    handler: async (request, reply) => {
      const file = await deps.media.content((await request.viewer()).user, request.params.mediaId);
      reply.header('content-type', file.row.content_type);
      reply.header('cache-control', `${file.public ? 'public' : 'private'}, max-age=31536000, immutable`);
      reply.header('x-content-type-options', 'nosniff');
      if (file.row.content_type === 'image/svg+xml')
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      reply.header('etag', `"${file.row.sha256}"`);
      return reply.send(file.body);
    },
  });
};
