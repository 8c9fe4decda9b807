/**
 * Drives the local OpenID provider's sign-in like a browser would (redirects, cookies, the sign-in
 * form) and returns the query the provider sends back to Kitwright's callback.
 */
export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function signInAtProvider(
  authorizationUrl: string,
  redirectUri: string,
  account: { email: string; name?: string; verified?: boolean },
): Promise<URLSearchParams> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(redirectUri)) return new URL(url).searchParams;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.store(res);
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (res.status !== 200 || !action)
      throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
    const form = new URLSearchParams({ email: account.email, name: account.name ?? 'Provider Person' });
    if (account.verified ?? true) form.set('email_verified', 'true');
    url = new URL(action, url).toString();
    method = 'POST';
    body = form.toString();
  }
  throw new Error('too many redirects at the provider');
}

/** The attempt cookie an answer to `GET …/oauth/{provider}/url` set, as a Cookie header (`name=value`). */
export function attemptCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const set = res.cookies.find((c) => /^kw_oauth_[0-9a-f]{16}$/.test(c.name) && c.value !== '');
  if (!set) throw new Error('the answer set no OAuth attempt cookie');
  return `${set.name}=${set.value}`;
}
