/**
 * How many account emails (verification, password reset) may go out: to one account per day, and
 * across the service per hour. Both are counted only for an email that would really go, after the
 * account was looked up, so a request past either is answered exactly like any other and nothing
 * is sent: answering it differently would tell whether the address has an account. The limits
 * that are answered (429) are counted on every request before any look-up (email-flows.ts).
 */
import { RATE_LIMITS } from '../../config/rate-limits';
import type { AuthContext } from './context';

const PER_ACCOUNT = RATE_LIMITS.accountEmailsPerAccount;
const SERVICE_WINDOW_MS = RATE_LIMITS.accountEmailsPerService.windowMs;
const SERVICE_KEY = 'account-email:service';

/**
 * Takes one account email from the budgets, or answers false (and counts nothing against the
 * account) when either is spent. The first email refused by the service-wide ceiling in a window
 * is logged as a warning: someone is asking for mail faster than any real use would.
 */
export async function takeAccountEmail(
  ctx: Pick<AuthContext, 'limiter' | 'config' | 'logger'>,
  userId: string,
): Promise<boolean> {
  const accountKey = `account-email:${userId}`;
  const account = await ctx.limiter.hit(accountKey, PER_ACCOUNT.limit, PER_ACCOUNT.windowMs);
  if (!account.allowed) {
    ctx.logger.info(
      { stage: 'email', limit: 'per_account' },
      'account email not sent: the account had its emails for the day',
    );
    return false;
  }
  const ceiling = ctx.config.email.accountEmailsPerHour;
  const service = await ctx.limiter.hit(SERVICE_KEY, ceiling, SERVICE_WINDOW_MS);
  if (service.allowed) return true;
  // Not sent, so not one of the account's either.
  await ctx.limiter.refund(accountKey, PER_ACCOUNT.windowMs);
  if (service.count === ceiling + 1)
    ctx.logger.warn(
      {
        stage: 'email',
        limit: 'per_service',
        ceiling,
        retry_after_seconds: service.retryAfterSeconds,
      },
      'account email ceiling reached: verification and reset emails are not sent until the hour ends',
    );
  return false;
}
