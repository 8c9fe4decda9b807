/**
 * Support under /api/support (requesters: open, list, read, reply, close or reopen; anonymous
 * requesters through the signed link, `?token=` or the `x-support-token` header) and under
 * /api/admin/support (staff: queue, ticket, reply or note, change).
 */
import type { FastifyRequest } from 'fastify';
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole } from '../../platform/viewer';
import type { SupportDesk } from './desk';
import type { Follower, SupportService } from './service';

async function follower(request: FastifyRequest & { query: { token?: string } }): Promise<Follower> {
  const header = request.headers['x-support-token'];
  return {
    owner: await request.owner(),
    token: request.query.token ?? (typeof header === 'string' ? header : null),
    ip: request.ip ?? null,
  };
}

export const supportRoutes: RoutesPlugin<{ support: SupportService; desk: SupportDesk }> = async (
  app,
  { support, desk },
) => {
  app.route({
    ...operation('createSupportConversation', {
      tags: ['support'],
      summary: 'Ask a question, report a problem or a listing',
    }),
    handler: async (request, reply) => {
      // No visitor session is made before the request is accepted (address given, within limits).
      const conversation = await support.create(await request.owner(), request.body, {
        locale: request.headers['accept-language'] ?? null,
        ip: request.ip ?? null,
        ensureVisitor: async () => (await request.owner(reply)).visitorId as string,
      });
      return reply.code(201).send(conversation);
    },
  });

  app.route({
    ...operation('listSupportConversations', {
      tags: ['support'],
      summary: 'Your conversations and their status, most recently updated first',
    }),
    handler: async (request) =>
      support.page(await request.owner(), request.query.cursor ?? null, request.query.limit ?? 20),
  });

  app.route({
    ...operation('getSupportConversation', {
      tags: ['support'],
      summary:
        'One of your conversations with its replies (by your session, or the signed link in our email)',
    }),
    handler: async (request) => support.get(await follower(request), request.params.conversationId),
  });

  app.route({
    ...operation('replySupportConversation', {
      tags: ['support'],
      summary: 'Reply or add evidence (your uploads: images and model files)',
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await support.reply(await follower(request), request.params.conversationId, request.body)),
  });

  app.route({
    ...operation('updateSupportConversation', {
      tags: ['support'],
      summary: 'Close your conversation, or reopen a solved one within the reopen period',
    }),
    handler: async (request) =>
      support.update(await follower(request), request.params.conversationId, request.body.action),
  });

  app.route({
    ...operation('listSupportTickets', {
      tags: ['support', 'admin'],
      auth: 'staff',
      summary: 'The support queue: filters, SLA state, by first-response due time',
    }),
    handler: async (request) => desk.queue(await requireRole(request, 'staff'), request.query),
  });

  app.route({
    ...operation('getSupportTicket', {
      tags: ['support', 'admin'],
      auth: 'staff',
      summary: 'One conversation with its requester’s account, listings, reservations and recent jobs',
    }),
    handler: async (request) => desk.get(request.params.conversationId),
  });

  app.route({
    ...operation('replySupportTicket', {
      tags: ['support', 'admin'],
      auth: 'staff',
      summary: 'Reply to the requester (emailed in their language), or add an internal note',
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await desk.reply(await requireRole(request, 'staff'), request.params.conversationId, request.body),
        ),
  });

  app.route({
    ...operation('updateSupportTicket', {
      tags: ['support', 'admin'],
      auth: 'staff',
      summary: 'Assign, prioritise, change status or category, link a bug, order or pre-order',
    }),
    handler: async (request) =>
      desk.update(await requireRole(request, 'staff'), request.params.conversationId, request.body),
  });

  app.route({
    ...operation('listSupportStaff', {
      tags: ['support', 'admin'],
      auth: 'staff',
      summary: 'Whom a conversation can be assigned to: every staff member and founder, by name',
    }),
    handler: async () => desk.staffMembers(),
  });
};
