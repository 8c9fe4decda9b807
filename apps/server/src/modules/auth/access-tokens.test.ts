// Access tokens: a token verifies under the clock that issued it, and one issued further in the
// future than the allowed skew (an instance whose clock ran ahead) is refused, as a signed webhook is.
import { describe, expect, it } from 'vitest';
import { ManualClock, SIGNED_TIME_SKEW_SECONDS } from '../../platform/clock';
import { createAccessTokens } from './access-tokens';

const SECRET = 'access-token-unit-test-secret-of-some-length';
const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('access tokens', () => {
  it('verifies a token now and within the skew of a fast clock, and refuses one issued further ahead', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const tokens = createAccessTokens(SECRET, 'kitwright-test', clock);
    const issue = async (aheadSeconds: number) => {
      const ahead = createAccessTokens(SECRET, 'kitwright-test', {
        now: () => new Date(clock.now().getTime() + aheadSeconds * 1000),
      });
      return (await ahead.sign(claims)).token;
    };
    expect(await tokens.verify(await issue(0))).toMatchObject({ ok: true, claims });
    expect(await tokens.verify(await issue(SIGNED_TIME_SKEW_SECONDS))).toMatchObject({ ok: true, claims });
    expect(await tokens.verify(await issue(SIGNED_TIME_SKEW_SECONDS + 1))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await tokens.verify(await issue(3600))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('still refuses an expired token as expired', async () => {
    const clock = new ManualClock('2026-06-01T12:00:00Z');
    const tokens = createAccessTokens(SECRET, 'kitwright-test', clock);
    const { token } = await tokens.sign(claims);
    clock.advance(16 * 60 * 1000);
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });
});
