/**
 * Phase A.5 endpoints: designer terms, caps, the pre-order invitation, the buyer's checkout (setup
 * intent, confirmation), their pre-orders, and the provider's webhook. Each refuses PHASE_CLOSED
 * until A.5 is opened; the `phaseA5Preorders` flag also gates the steps that make new commitments
 * (invitation, setup intent, confirmation), while reading and cancelling pre-orders and receiving
 * the provider's events stay available when the flag is switched off.
 */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole, requireUser } from '../../platform/viewer';
import type { PreordersService } from './service';
import type { PaymentWebhooks } from './webhook';

export const preorderRoutes: RoutesPlugin<{
  preorders: PreordersService;
  webhooks: PaymentWebhooks;
}> = async (app, { preorders, webhooks }) => {
  app.route({
    ...operation('getDesignerTerms', {
      tags: ['phase A.5'],
      auth: 'user',
      summary: 'The designer commerce terms of your listing: accepted or not, and the current version',
    }),
    handler: async (request) => preorders.designerTerms(await requireUser(request), request.params.listingId),
  });

  app.route({
    ...operation('acceptDesignerTerms', {
      tags: ['phase A.5'],
      auth: 'user',
      summary:
        'Accept the current designer commerce terms for your listing (needed before its reservations are invited)',
    }),
    handler: async (request) =>
      preorders.acceptDesignerTerms(await requireUser(request), request.params.listingId, request.body),
  });

  app.route({
    ...operation('withdrawDesignerTerms', {
      tags: ['phase A.5'],
      auth: 'user',
      summary:
        'Withdraw your designer terms (before Phase B): no new invitations or confirmations for the listing',
    }),
    handler: async (request) =>
      preorders.withdrawDesignerTerms(await requireUser(request), request.params.listingId),
  });

  app.route({
    ...operation('getPreorderCaps', {
      tags: ['phase A.5', 'admin'],
      auth: 'staff',
      summary: 'A listing’s invitation and pre-order caps, and how many places are taken',
    }),
    handler: async (request) => preorders.caps(await requireRole(request, 'staff'), request.params.listingId),
  });

  app.route({
    ...operation('setPreorderCaps', {
      tags: ['phase A.5', 'admin'],
      auth: 'staff',
      summary: 'Set a listing’s invitation and pre-order caps (never below what is already taken)',
    }),
    handler: async (request) =>
      preorders.setCaps(await requireRole(request, 'staff'), request.params.listingId, request.body),
  });

  app.route({
    ...operation('invitePreorder', {
      tags: ['phase A.5', 'admin'],
      auth: 'staff',
      summary:
        'Invite an eligible reservation to a no-capture pre-order (with its expected price and an expiry)',
    }),
    handler: async (request) =>
      preorders.invite(await requireRole(request, 'staff'), request.params.reservationId, request.body),
  });

  app.route({
    ...operation('createSetupIntent', {
      tags: ['phase A.5'],
      auth: 'user',
      summary:
        'Create (or reuse) the setup intent of your invited reservation: the card is verified and saved, never charged',
    }),
    handler: async (request, reply) => {
      const { checkout, created } = await preorders.createSetupIntent(
        await requireUser(request),
        request.body,
      );
      return reply.code(created ? 201 : 200).send(checkout);
    },
  });

  app.route({
    ...operation('confirmCheckout', {
      tags: ['phase A.5'],
      auth: 'user',
      summary:
        'Confirm a no-capture pre-order: fresh acknowledgement, payment agreement, and a card the provider verified',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await preorders.confirm(await requireUser(request), request.body)),
  });

  app.route({
    ...operation('listPreorders', {
      tags: ['phase A.5'],
      auth: 'user',
      summary: 'Your pre-orders, newest first',
    }),
    handler: async (request) =>
      preorders.list(await requireUser(request), request.query.limit ?? 20, request.query.cursor ?? null),
  });

  app.route({
    ...operation('cancelPreorder', {
      tags: ['phase A.5'],
      auth: 'user',
      summary:
        'Cancel your pre-order before Phase B (a reason category is recorded); its saved card is detached',
    }),
    handler: async (request) =>
      preorders.cancel(await requireUser(request), request.params.preOrderId, request.body),
  });

  // The provider's webhook reads the raw bytes: the signature is over them, not over parsed JSON.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => {
      done(null, body);
    });
    scope.route({
      ...operation('paymentWebhook', {
        tags: ['phase A.5'],
        summary:
          'The payment provider’s signed events (Stripe signature scheme), stored durably before the answer',
      }),
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return webhooks.receive(raw, typeof signature === 'string' ? signature : undefined);
      },
    });
  });
};
