/** /api/me/export and DELETE /api/me: a person's own data, downloaded, and their account, deleted. */

import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireUser } from '../../platform/viewer';
import type { AccountService } from './service';

export const accountRoutes: RoutesPlugin<{ account: AccountService }> = async (app, { account }) => {
  app.route({
    ...operation('exportAccount', {
      tags: ['account'],
      auth: 'user',
      summary: 'Everything Kitwright holds about you, as one JSON document (kitwright.account-export)',
      description:
        'Your account, sign-in methods and sessions (no secrets), drafts, listings and their texts, files, saves, interest reservations, notifications, support conversations, consents, usage events and the security records about you. Files are listed with the address of their bytes, which you can download while signed in.',
    }),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const data = await account.exportFor(user, request.headers['accept-language'] ?? null);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="kitwright-${user.username}-${day}.json"`)
        .send(data);
    },
  });

  app.route({
    ...operation('deleteAccount', {
      tags: ['account'],
      auth: 'user',
      summary: 'Delete your account and what it holds, at once',
      description:
        'Needs your username typed again and your password (an account without one: a sign-in within the last 10 minutes). Every session ends; see the privacy notice for what is deleted and what is kept without your name.',
    }),
    handler: async (request) => account.erase(await requireUser(request), request.body),
  });
};
