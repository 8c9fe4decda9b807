import { describe, expect, it } from 'vitest';
import { SIGNED_TIME_SKEW_SECONDS } from '../../platform/clock';
import { signProviderWebhook, verifyProviderWebhook, WEBHOOK_TOLERANCE_SECONDS } from './provider';

const SECRET = 'whsec_unit_test';
const body = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'setup_intent.succeeded',
  created: 1_800_000_000,
  livemode: false,
  data: { object: { id: 'seti_1', object: 'setup_intent' } },
});

describe('verifyProviderWebhook', () => {
  it('accepts a signature within the tolerance of the given time, and refuses an older one', () => {
    const now = 1_800_000_000;
    const fresh = signProviderWebhook(body, SECRET, now - WEBHOOK_TOLERANCE_SECONDS);
    expect(verifyProviderWebhook(body, fresh, SECRET, now).id).toBe('evt_1');
    const old = signProviderWebhook(body, SECRET, now - WEBHOOK_TOLERANCE_SECONDS - 1);
    expect(() => verifyProviderWebhook(body, old, SECRET, now)).toThrow(/does not verify/);
  });

  it('refuses a signature dated further in the future than the skew, as it refuses a stale one', () => {
    const now = 1_800_000_000;
    const within = signProviderWebhook(body, SECRET, now + SIGNED_TIME_SKEW_SECONDS);
    expect(verifyProviderWebhook(body, within, SECRET, now).id).toBe('evt_1');
    for (const ahead of [SIGNED_TIME_SKEW_SECONDS + 1, 3600, 365 * 86_400]) {
      const future = signProviderWebhook(body, SECRET, now + ahead);
      expect(() => verifyProviderWebhook(body, future, SECRET, now), `${ahead} s ahead`).toThrow(
        expect.objectContaining({
          code: 'WEBHOOK_SIGNATURE_INVALID',
          message: 'The webhook signature does not verify.',
        }),
      );
    }
    // Read as Stripe reads the header (the last t= counts), so a second t= cannot slip past.
    const [t, v1] = signProviderWebhook(body, SECRET, now + 3600).split(',');
    expect(() => verifyProviderWebhook(body, `t=${now},${t},${v1}`, SECRET, now)).toThrow(/does not verify/);
  });

  it('refuses another secret and a changed body', () => {
    const now = 1_800_000_000;
    const sig = signProviderWebhook(body, SECRET, now);
    expect(() => verifyProviderWebhook(body, sig, 'whsec_other', now)).toThrow();
    expect(() => verifyProviderWebhook(body.replace('seti_1', 'seti_2'), sig, SECRET, now)).toThrow();
    expect(() => verifyProviderWebhook(body, undefined, SECRET, now)).toThrow(/no signature/);
  });
});
