/**
 * The two HTTP steps of external sign-in: the provider's authorization URL, and the callback
 * request after the provider sent the user back, which must never follow a redirect itself.
 */
import type { AuthResponse, OAuthProvider, OAuthUrlResponse } from '@kitwright/contracts';
import { OPERATIONS, operationPath } from '@kitwright/contracts/operations';
import { type ApiClient, readBody } from './api-client';
import { errorFromResponse, oauthRedirectError } from './errors';
import { call } from './resources/call';

/**
 * What the provider sent back: best the whole query (or URL) of the redirect, since providers that
 * identify themselves (RFC 9207) add `iss`, which the server checks; or code and state (plus `iss`).
 */
export type OAuthCallbackParams = { code: string; state: string; iss?: string } | URLSearchParams | string;

export function fetchOAuthUrl(api: ApiClient, provider: OAuthProvider): Promise<OAuthUrlResponse> {
  return call(api, 'oauthUrl', { params: { provider }, auth: 'none' });
}

function toSearchParams(params: OAuthCallbackParams): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  if (typeof params === 'string') {
    const query = params.includes('?') ? params.slice(params.indexOf('?') + 1) : params;
    return new URLSearchParams(query.split('#')[0]);
  }
  const query = new URLSearchParams({ code: params.code, state: params.state });
  if (params.iss) query.set('iss', params.iss);
  return query;
}

/**
 * Calls the callback endpoint with `redirect: 'manual'` and credentials (the state cookie binds the
 * attempt to this browser). A redirect answer means the server took this for a page navigation.
 */
export async function completeOAuthCallback(
  api: ApiClient,
  provider: OAuthProvider,
  params: OAuthCallbackParams,
): Promise<AuthResponse> {
  const query = Object.fromEntries(toSearchParams(params));
  // Sent with send(), not call(): a redirect answer is read here rather than followed or parsed.
  const res = await api.send(OPERATIONS.oauthCallback.method, operationPath('oauthCallback', { provider }), {
    query,
    auth: 'none',
    redirect: 'manual',
  });
  // Browsers hide a manual redirect behind an opaque response: status 0 and no readable Location.
  if (res.type === 'opaqueredirect') throw oauthRedirectError(res.status, null);
  if (res.status >= 300 && res.status < 400)
    throw oauthRedirectError(res.status, res.headers.get('location'));
  if (!res.ok) throw await errorFromResponse(res);
  return readBody<AuthResponse>(res);
}
