/** POST /api/support/conversations (support and report entry) and reading your own conversations. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import type { SupportService } from './service';

export const supportRoutes: RoutesPlugin<{ support: SupportService }> = async (app, { support }) => {
  app.route({
    ...operation('createSupportConversation', {
      tags: ['support'],
      summary: 'Ask a question, report a problem or a listing',
    }),
    handler: async (request, reply) => {
      // No visitor session is made before the request is accepted (address given, within limits).
      const conversation = await support.create(await request.owner(), request.body, {
        locale: request.headers['accept-language'] ?? null,
        correlationId: request.id,
        ip: request.ip ?? null,
        ensureVisitor: async () => (await request.owner(reply)).visitorId as string,
      });
      return reply.code(201).send(conversation);
    },
  });

  app.route({
    ...operation('listSupportConversations', {
      tags: ['support'],
      summary: 'Your conversations and their status',
    }),
    handler: async (request) => ({ items: await support.list(await request.owner()) }),
  });

  app.route({
    ...operation('getSupportConversation', {
      tags: ['support'],
      summary: 'One of your conversations with its messages',
    }),
    handler: async (request) => support.get(await request.owner(), request.params.conversationId),
  });
};
