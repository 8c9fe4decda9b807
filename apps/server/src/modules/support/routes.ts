/** POST /api/support/conversations (support and report entry) and reading your own conversations. */
import { CreateSupportRequest, ErrorEnvelope, SupportConversation } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { VisitorSessions } from '../auth/visitor-sessions';
import { ownerOf } from '../listings/routes';
import type { SupportService } from './service';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope, 429: ErrorEnvelope };

export function supportRoutes(
  app: FastifyInstance,
  deps: { support: SupportService; visitors: VisitorSessions },
) {
  app.post(
    '/api/support/conversations',
    {
      schema: {
        tags: ['support'],
        summary: 'Ask a question, report a problem or a listing',
        body: CreateSupportRequest,
        response: { 201: SupportConversation, ...errors },
      },
    },
    async (request, reply) => {
      // No visitor session is made before the request is accepted (address given, within limits).
      const owner = await ownerOf(request, null, deps.visitors);
      const conversation = await deps.support.create(
        owner,
        request.body as Type.Static<typeof CreateSupportRequest>,
        {
          locale: request.headers['accept-language'] ?? null,
          correlationId: request.id,
          ip: request.ip ?? null,
          ensureVisitor: () => deps.visitors.ensure(request, reply),
        },
      );
      return reply.code(201).send(conversation);
    },
  );
  app.get(
    '/api/support/conversations',
    {
      schema: {
        tags: ['support'],
        summary: 'Your conversations and their status',
        response: { 200: Type.Object({ items: Type.Array(SupportConversation) }), ...errors },
      },
    },
    async (request) => ({ items: await deps.support.list(await ownerOf(request, null, deps.visitors)) }),
  );
  app.get(
    '/api/support/conversations/:conversationId',
    {
      schema: {
        tags: ['support'],
        summary: 'One of your conversations with its messages',
        params: Type.Object({ conversationId: Type.String({ maxLength: 64 }) }),
        response: { 200: SupportConversation, ...errors },
      },
    },
    async (request) =>
      deps.support.get(
        await ownerOf(request, null, deps.visitors),
        (request.params as { conversationId: string }).conversationId,
      ),
  );
}
