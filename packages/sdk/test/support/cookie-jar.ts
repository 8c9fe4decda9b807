/**
 * A browser's cookie jar for Node's fetch: keeps what `Set-Cookie` sets (by name and path, dropped
 * when cleared or expired) and sends it back to the same server. External sign-in needs it: the
 * server binds an OAuth attempt to the browser that began it with a cookie, so a client without a
 * jar (Node's fetch) cannot finish one, as a browser or React Native's fetch can.
 */
import type { FetchLike } from '../../src/index';

interface Kept {
  value: string;
  path: string;
}

function parseSetCookie(line: string): { name: string; kept: Kept | null } {
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq);
  const value = pair.slice(eq + 1);
  let path = '/';
  let expired = value === '';
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=');
    const k = key.toLowerCase();
    if (k === 'path') path = raw;
    if (k === 'max-age' && Number(raw) <= 0) expired = true;
    if (k === 'expires' && Date.parse(raw) <= Date.now()) expired = true;
  }
  return { name, kept: expired ? null : { value, path } };
}

export function withCookieJar(inner: FetchLike = fetch): FetchLike {
  const jar = new Map<string, Kept>();
  return async (input, init) => {
    const { pathname } = new URL(input);
    const cookies = [...jar]
      .filter(
        ([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map(([name, c]) => `${name}=${c.value}`);
    const headers = new Headers(init.headers);
    if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
    const res = await inner(input, { ...init, headers: Object.fromEntries(headers) });
    for (const line of res.headers.getSetCookie()) {
      const { name, kept } = parseSetCookie(line);
      if (kept) jar.set(name, kept);
      else jar.delete(name);
    }
    return res;
  };
}
