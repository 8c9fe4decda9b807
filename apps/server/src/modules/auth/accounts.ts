/**
 * The account as the API shows it (the signed-in user, a founder's role change) and the product
 * event of a new account, whichever way it signed up.
 */
import type { AuthProvider, Role, User } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { rolesOf, type Viewer } from '../../platform/viewer';
import type { AuthContext, RequestMeta } from './context';
import * as users from './users-repo';

export function toUser(row: users.UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    display_name: row.display_name,
    roles: rolesOf(row.role),
    email_verified: row.email_verified_at !== null,
    locale: row.locale,
    auth_provider: row.signup_provider,
    created_at: row.created_at.toISOString(),
  };
}

export function emitSignup(ctx: AuthContext, user: users.UserRow, provider: AuthProvider, meta: RequestMeta) {
  return ctx.events.emit(
    'signup_completed',
    {
      user_id: user.id,
      auth_provider: provider,
      source_surface: meta.sourceSurface ?? 'web',
      source_attribution: meta.sourceAttribution ?? {},
    },
    { userId: user.id, sessionId: meta.visitorId, route: 'auth' },
  );
}

export function createAccounts(ctx: AuthContext) {
  const { db, clock } = ctx;
  return {
    async me(viewer: Viewer): Promise<User> {
      if (!viewer.user) throw new AppError('UNAUTHENTICATED');
      const user = await users.findUserById(db, viewer.user.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      return toUser(user);
    },

    async changeRole(actor: Viewer, userId: string, role: Role): Promise<User> {
      const me = actor.user;
      if (!me) throw new AppError('UNAUTHENTICATED');
      if (me.id === userId)
        throw new AppError('INVALID_STATE', 'Founders cannot change their own role; ask another founder.');
      const user = await ctx.audited(async (trx, audit) => {
        const before = await users.findUserById(trx, userId);
        if (!before) throw new AppError('NOT_FOUND');
        const updated = await users.setRole(trx, userId, role, clock.now());
        await audit({
          actor: { type: 'user', id: me.id },
          action: 'user.role_changed',
          resourceType: 'user',
          resourceId: userId,
          details: { from: before.role, to: role },
        });
        return updated;
      });
      return toUser(user);
    },
  };
}
