/**
 * Reads the `exp` and `sub` claims of an access token without verifying it: the client only uses
 * them to schedule refreshes and to keep a known user for a token that was set directly.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Hand-rolled because `atob` and `Buffer` are not available in every runtime the SDK supports.
function base64UrlDecode(input: string): string | null {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of input.replace(/=+$/, '')) {
    const index = ALPHABET.indexOf(char === '+' ? '-' : char === '/' ? '_' : char);
    if (index < 0) return null;
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >> bits) & 0xff);
    }
  }
  // Without TextDecoder (older Hermes) fall back to Latin-1: the claims read here are ASCII.
  if (typeof TextDecoder !== 'function') return String.fromCharCode(...bytes);
  try {
    return new TextDecoder().decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

export interface TokenClaims {
  /** Expiry, in epoch milliseconds. */
  expiresAt: number | null;
  subject: string | null;
}

export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  const json = payload ? base64UrlDecode(payload) : null;
  if (!json) return { expiresAt: null, subject: null };
  try {
    const claims = JSON.parse(json) as { exp?: unknown; sub?: unknown };
    return {
      expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : null,
      subject: typeof claims.sub === 'string' ? claims.sub : null,
    };
  } catch {
    return { expiresAt: null, subject: null };
  }
}
