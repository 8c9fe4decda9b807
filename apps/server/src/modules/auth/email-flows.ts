/**
 * The account emails and their links: address verification (sent, resent, confirmed) and the
 * password-reset link. Asking is limited per client address and, as the spec says, to once per 5
 * minutes per address: both are counted on every request, known address or not, and answered 429.
 * What is then sent is limited per account and across the service (mail-budget.ts), silently.
 */

import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { enforceLimit, rateLimitedError } from '../../platform/rate-limits';
import { randomToken, sha256Hex } from '../../platform/secrets';
import type { EmailProvider } from '../../providers/email/email-provider';
import { supportPage } from '../../providers/email/layout';
import { AUTH_LIMITS, type AuthContext, type RequestMeta } from './context';
import * as emailTokens from './email-tokens-repo';
import { passwordResetEmail, verificationEmail } from './emails';
import { takeAccountEmail } from './mail-budget';
import * as users from './users-repo';

const ACKNOWLEDGED =
  'If an account uses that address, we have sent it an email. It may take a minute to arrive.';

async function sendSafely(ctx: AuthContext, message: Parameters<EmailProvider['send']>[0]) {
  try {
    await ctx.email.send(message);
  } catch (err) {
    ctx.logger.error({ err, stage: 'email' }, 'email could not be sent');
  }
}

/** A new verification link, emailed when the account-email budgets allow (mail-budget.ts). */
export async function sendVerification(ctx: AuthContext, user: users.UserRow) {
  if (await takeAccountEmail(ctx, user.id)) await issueVerification(ctx, user);
}

async function issueVerification(ctx: AuthContext, user: users.UserRow) {
  const token = randomToken('kwv');
  const now = ctx.clock.now();
  await emailTokens.insertEmailToken(ctx.db, {
    id: newId(),
    userId: user.id,
    purpose: 'verify_email',
    hash: sha256Hex(token),
    now,
    expiresAt: new Date(now.getTime() + AUTH_LIMITS.verifyTokenTtlMs),
  });
  const link = `${ctx.config.publicBaseUrl}/api/v1/auth/verify?token=${encodeURIComponent(token)}`;
  await sendSafely(
    ctx,
    verificationEmail(user.email, user.display_name, link, user.locale, supportPage(ctx.config.frontendUrl)),
  );
}

export function createEmailFlows(ctx: AuthContext) {
  const { db, clock, config, limiter } = ctx;

  /**
   * Returns the address normalised, or refuses the request: past the client address's budget, or
   * a second request for the address within the interval. Neither depends on the account.
   */
  async function accepted(flow: 'resend-verification' | 'forgot-password', email: string, ip: string | null) {
    await enforceLimit(
      limiter,
      `email-requests-ip:${sha256Hex(ip ?? 'unknown')}`,
      RATE_LIMITS.emailRequestsPerIp,
      'Too many emails were asked for from your network in the last hour. Try again later.',
    );
    const normalised = email.trim().toLowerCase();
    const decision = await limiter.oncePer(
      `${flow}:${sha256Hex(normalised)}`,
      AUTH_LIMITS.emailRequestIntervalMs,
    );
    if (!decision.allowed)
      throw rateLimitedError(decision, 'You can ask for another email in a few minutes.');
    return normalised;
  }

  return {
    /**
     * Confirms the address with the emailed token. A link opened again (or after it expired) for an
     * address that is verified by now says so instead of calling the link broken: nothing changes,
     * and the person learns there is nothing left to do.
     */
    async verifyEmail(
      token: string,
    ): Promise<{ verified: true; user_id: string; already_verified: boolean }> {
      const now = clock.now();
      const hash = sha256Hex(token);
      const userId = await ctx.audited(async (trx, audit) => {
        const used = await emailTokens.consumeEmailToken(trx, 'verify_email', hash, now);
        if (!used) return null;
        await users.markEmailVerified(trx, used.user_id, now);
        await audit({
          actor: { type: 'user', id: used.user_id },
          action: 'user.email_verified',
          resourceType: 'user',
          resourceId: used.user_id,
        });
        return used.user_id;
      });
      if (userId) return { verified: true, user_id: userId, already_verified: false };
      const known = await emailTokens.findEmailToken(db, 'verify_email', hash);
      if (known?.email_verified_at) return { verified: true, user_id: known.user_id, already_verified: true };
      throw new AppError('INVALID_LINK');
    },

    async resendVerification(email: string, meta: RequestMeta): Promise<string> {
      const normalised = await accepted('resend-verification', email, meta.ip);
      // Looked up and sent after the answer, so its timing says nothing about the account.
      ctx.background.run('resend-verification', async () => {
        const user = await users.findUserByEmail(db, normalised);
        if (!user || user.email_verified_at) return;
        // Past the budgets the link already sent stays the one that works.
        if (!(await takeAccountEmail(ctx, user.id))) return;
        await emailTokens.retireEmailTokens(db, user.id, 'verify_email', clock.now());
        await issueVerification(ctx, user);
      });
      return ACKNOWLEDGED;
    },

    async forgotPassword(email: string, meta: RequestMeta): Promise<string> {
      const normalised = await accepted('forgot-password', email, meta.ip);
      // Looked up and sent after the answer, so its timing says nothing about the account.
      const now = clock.now();
      ctx.background.run('forgot-password', async () => {
        const user = await users.findUserByEmail(db, normalised);
        if (!user) return;
        // Past the budgets the owner's last reset link is not retired by someone else's requests.
        if (!(await takeAccountEmail(ctx, user.id))) return;
        const token = randomToken('kwp');
        await emailTokens.retireEmailTokens(db, user.id, 'reset_password', now);
        await emailTokens.insertEmailToken(db, {
          id: newId(),
          userId: user.id,
          purpose: 'reset_password',
          hash: sha256Hex(token),
          now,
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.resetTokenTtlMs),
        });
        const link = `${config.frontendUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
        await sendSafely(
          ctx,
          passwordResetEmail(
            user.email,
            user.display_name,
            link,
            user.locale,
            supportPage(config.frontendUrl),
          ),
        );
      });
      return ACKNOWLEDGED;
    },
  };
}
