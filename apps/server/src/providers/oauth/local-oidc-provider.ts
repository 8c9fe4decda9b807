/**
 * A real OpenID provider (oidc-provider) run on loopback for local use and for tests. It answers for
 * both "google" and "apple" (one client each), so the whole redirect flow — authorise, sign in,
 * consent, code, token, ID token — runs end to end without the network. Its sign-in page lets
 * you choose the email, the name and whether the provider says the email is verified.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthProvider } from '@kitwright/contracts';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { escapeHtml } from '../../platform/html';
import type { OpenIdProviderSettings } from './openid-oauth';

export interface LocalOidcProvider {
  issuer: string;
  settings: Record<OAuthProvider, OpenIdProviderSettings>;
  close(): Promise<void>;
}

interface LocalAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) req.destroy(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function loginPage(uid: string, clientName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local sign-in · ${escapeHtml(clientName)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f1ea;margin:0;display:grid;place-items:center;min-height:100vh}
form{background:#fff;padding:28px;border-radius:14px;box-shadow:0 4px 24px #0002;width:min(360px,90vw);display:grid;gap:12px}
h1{font-size:20px;margin:0}p{margin:0;color:#555;font-size:14px}label{display:grid;gap:4px;font-size:14px}
input[type=email],input[type=text]{padding:10px;border:1px solid #bbb;border-radius:8px;font-size:16px}
button{padding:12px;border:0;border-radius:8px;background:#1f5f8b;color:#fff;font-size:16px;cursor:pointer}</style></head>
<body><form method="post" action="/interaction/${escapeHtml(uid)}/login">
<h1>Sign in with ${escapeHtml(clientName)}</h1><p>Local test provider: no real account is used.</p>
<label>Email<input type="email" name="email" required autocomplete="email" value="maker@example.com"></label>
<label>Name<input type="text" name="name" value="Local Maker"></label>
<label><span><input type="checkbox" name="email_verified" value="true" checked> The provider has verified this email</span></label>
<button type="submit">Continue</button></form></body></html>`;
}

export async function startLocalOidcProvider(options: {
  port: number;
  redirectUri: (provider: OAuthProvider) => string;
  /**
   * How each client authenticates at the token endpoint; HTTP Basic unless asked (tests use
   * client_secret_post to stand in for Apple, which accepts nothing else).
   */
  tokenEndpointAuth?: Partial<Record<OAuthProvider, 'client_secret_basic' | 'client_secret_post'>>;
}): Promise<LocalOidcProvider> {
  const accounts = new Map<string, LocalAccount>();
  const secret = randomBytes(24).toString('base64url');
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' };
  const names: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };
  const configuration: Configuration = {
    clients: (['google', 'apple'] as const).map((provider) => ({
      client_id: `local-${provider}`,
      client_name: names[provider],
      client_secret: secret,
      redirect_uris: [options.redirectUri(provider)],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: options.tokenEndpointAuth?.[provider] ?? 'client_secret_basic',
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [secret] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
        }),
      };
    },
    ttl: {
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      AccessToken: 600,
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!match[2] && req.method === 'GET') {
        const client = await provider.Client.find(String(details.params.client_id));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(loginPage(details.uid, String(client?.clientName ?? client?.clientId ?? 'provider')));
      }
      if (match[2] && req.method === 'POST') {
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!email.includes('@')) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          return res.end('An email address is required.');
        }
        const accountId = `local-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;
        accounts.set(accountId, {
          email,
          name: (form.get('name') ?? '').trim() || email.split('@')[0] || 'Local user',
          emailVerified: form.get('email_verified') === 'true',
        });
        const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        grant.addOIDCScope('openid email profile');
        const grantId = await grant.save();
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      }
      res.writeHead(405).end();
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end('This sign-in attempt expired. Start again from Kitwright.');
    }
  });

  const settings = Object.fromEntries(
    (['google', 'apple'] as const).map((p) => [
      p,
      {
        issuer,
        clientId: `local-${p}`,
        clientSecret: secret,
        tokenEndpointAuth: options.tokenEndpointAuth?.[p] ?? 'client_secret_basic',
      },
    ]),
  ) as Record<OAuthProvider, OpenIdProviderSettings>;
  return {
    issuer,
    settings,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
