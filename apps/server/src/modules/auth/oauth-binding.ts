/**
 * Binds an OAuth attempt to the browser (or app) that began it. The attempt's state, PKCE code
 * verifier and nonce travel only in a cookie set when the attempt starts, sealed with a key derived
 * from COOKIE_SECRET, one cookie per attempt named after a hash of its state. The callback finishes
 * an attempt only for a request that presents that cookie (docs/decisions.md, "OAuth attempts are
 * bound to the browser that began them").
 */
import type { OAuthProvider } from '@kitwright/contracts';
import { createSealer } from '../../platform/sealed';
import { sha256Hex } from '../../platform/secrets';

/** The OAuth routes (start and callback): the only requests the cookies go with. */
export const OAUTH_COOKIE_PATH = '/api/v1/auth/oauth';
const NAME = /^kw_oauth_[0-9a-f]{16}$/;
/** Attempts one browser keeps open at once (several tabs); a new start drops the oldest beyond it. */
export const OPEN_ATTEMPTS_PER_BROWSER = 3;

export interface OAuthBinding {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  nonce: string;
  /** Epoch milliseconds; the cookie's max-age says the same to the browser. */
  expiresAt: number;
}

export type BindingCheck =
  | { ok: true; binding: OAuthBinding }
  | { ok: false; reason: 'not_started_in_this_browser' | 'state_mismatch' };

type Cookies = Record<string, string | undefined>;

/** The cookie of the attempt with this state. */
export function oauthCookieName(state: string): string {
  return `kw_oauth_${sha256Hex(state).slice(0, 16)}`;
}

function asBinding(raw: unknown): OAuthBinding | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { p, s, v, n, e } = raw as Record<string, unknown>;
  if (p !== 'google' && p !== 'apple') return null;
  if (typeof s !== 'string' || typeof v !== 'string' || typeof n !== 'string' || typeof e !== 'number')
    return null;
  return { provider: p, state: s, codeVerifier: v, nonce: n, expiresAt: e };
}

export function createOAuthBindings(cookieSecret: string) {
  const sealer = createSealer(cookieSecret, 'kitwright/oauth-attempt-cookie/v1');

  /** What a cookie holds, when this server sealed it under this name and it has not expired. */
  function open(name: string, value: string | undefined, now: Date): OAuthBinding | null {
    if (!value) return null;
    const plain = sealer.open(value, name);
    if (plain === null) return null;
    let binding: OAuthBinding | null;
    try {
      binding = asBinding(JSON.parse(plain));
    } catch {
      return null;
    }
    return binding && binding.expiresAt > now.getTime() ? binding : null;
  }

  const attemptCookies = (cookies: Cookies) => Object.keys(cookies).filter((name) => NAME.test(name));

  return {
    /**
     * The cookie that binds a new attempt to this browser, and the attempt cookies it presents
     * that should go: unreadable or expired ones, and the oldest beyond OPEN_ATTEMPTS_PER_BROWSER.
     */
    bind(
      binding: OAuthBinding,
      presented: Cookies,
      now: Date,
    ): { name: string; value: string; stale: string[] } {
      const name = oauthCookieName(binding.state);
      const live: Array<{ name: string; expiresAt: number }> = [];
      const stale: string[] = [];
      for (const other of attemptCookies(presented)) {
        if (other === name) continue;
        const held = open(other, presented[other], now);
        if (held) live.push({ name: other, expiresAt: held.expiresAt });
        else stale.push(other);
      }
      live.sort((a, b) => b.expiresAt - a.expiresAt);
      stale.push(...live.slice(OPEN_ATTEMPTS_PER_BROWSER - 1).map((c) => c.name));
      const sealed = JSON.stringify({
        p: binding.provider,
        s: binding.state,
        v: binding.codeVerifier,
        n: binding.nonce,
        e: binding.expiresAt,
      });
      return { name, value: sealer.seal(sealed, name), stale };
    },

    /** The binding a callback request presents for the state it came back with, or why it has none. */
    check(presented: Cookies, provider: OAuthProvider, state: string, now: Date): BindingCheck {
      const name = oauthCookieName(state);
      const binding = open(name, presented[name], now);
      if (binding && binding.state === state && binding.provider === provider) return { ok: true, binding };
      // Another attempt of this browser is open, or this one's cookie is not the one it was given.
      const otherOpen = attemptCookies(presented).some((other) => open(other, presented[other], now));
      return { ok: false, reason: otherOpen ? 'state_mismatch' : 'not_started_in_this_browser' };
    },
  };
}

export type OAuthBindings = ReturnType<typeof createOAuthBindings>;
