/**
 * Locally, oidc-provider (which prints a warning on Node 20 when it is loaded) is loaded and its
 * provider started at the first sign-in with Google or Apple, not when the server starts.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOAuth } from '../src/runtime';
import { testConfig } from './support/test-app';

describe('the local OpenID provider', () => {
  const warn = vi.spyOn(console, 'warn');
  const warned = () => warn.mock.calls.flat().join(' ').includes('oidc-provider');
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await close?.();
    warn.mockRestore();
  });

  it('is loaded at the first sign-in, not at start', async () => {
    const oauth = await createOAuth(testConfig({ OAUTH_PROVIDER: 'local' }));
    close = oauth.close;
    expect(warned()).toBe(false);
    expect(oauth.client.redirectUri('google')).toMatch(/\/api\/v1\/auth\/oauth\/google\/callback$/);

    const url = await oauth.client.authorizationUrl('google', {
      state: 'state-1',
      nonce: 'nonce-1',
      codeChallenge: 'c'.repeat(43),
    });
    expect(new URL(url).searchParams.get('state')).toBe('state-1');
    // On Node 20 loading it prints its warning: proof that it was not loaded before.
    if (process.release.lts && process.release.lts < 'Jod') expect(warned()).toBe(true);
  });
});
