/**
 * OpenID Connect sign-in through openid-client: authorization code with PKCE, state and nonce.
 * The same code serves Google and Apple in staging and production and the local OpenID provider
 * (which answers for both names) in local use and in tests.
 */
import type { OAuthProvider } from '@kitwright/contracts';
import * as oidc from 'openid-client';
import type { ClientSecretSource } from './apple-client-secret';
import { type ExternalIdentity, type OAuthClient, OAuthProviderError } from './oauth-provider';

export interface OpenIdProviderSettings {
  issuer: string;
  clientId: string;
  /** A fixed secret, or one made on demand (Apple's signed JWT). */
  clientSecret: string | ClientSecretSource;
  /** How the secret reaches the token endpoint: HTTP Basic (default) or form fields (Apple). */
  tokenEndpointAuth?: 'client_secret_basic' | 'client_secret_post';
  /** Apple returns the code by form POST when email is requested. */
  responseMode?: 'query' | 'form_post';
  /** Requested scopes; default "openid email profile" (Apple knows "name" instead of "profile"). */
  scope?: string;
}

/**
 * The token endpoint's client authentication. openid-client calls it synchronously, so a secret
 * made on demand is fetched before each token request (`prepare`) and read here.
 */
function clientAuthFor(settings: OpenIdProviderSettings): {
  auth: oidc.ClientAuth;
  prepare(): Promise<void>;
} {
  const source = settings.clientSecret;
  if (typeof source === 'string') {
    return {
      auth:
        settings.tokenEndpointAuth === 'client_secret_post'
          ? oidc.ClientSecretPost(source)
          : oidc.ClientSecretBasic(source),
      prepare: async () => {},
    };
  }
  if (settings.tokenEndpointAuth === 'client_secret_basic')
    throw new Error('a client secret made on demand is sent as client_secret_post');
  let current: string | null = null;
  return {
    auth: (_as, client, body) => {
      if (!current) throw new OAuthProviderError('rejected', 'client secret not prepared');
      body.set('client_id', client.client_id);
      body.set('client_secret', current);
    },
    async prepare() {
      current = await source.get();
    },
  };
}

export function createOpenIdOAuth(options: {
  providers: Record<OAuthProvider, OpenIdProviderSettings>;
  publicBaseUrl: string;
}): OAuthClient {
  const configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();
  const auths = new Map(
    (Object.keys(options.providers) as OAuthProvider[]).map((p) => [p, clientAuthFor(options.providers[p])]),
  );

  const configFor = (provider: OAuthProvider): Promise<oidc.Configuration> => {
    let config = configs.get(provider);
    if (!config) {
      const settings = options.providers[provider];
      const issuer = new URL(settings.issuer);
      const auth = auths.get(provider);
      if (!auth) throw new OAuthProviderError('rejected', `${provider} is not configured`);
      config = oidc
        .discovery(
          issuer,
          settings.clientId,
          {
            client_id: settings.clientId,
            token_endpoint_auth_method: settings.tokenEndpointAuth ?? 'client_secret_basic',
          },
          auth.auth,
          {
            ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
            timeout: 10,
          },
        )
        .catch((err: unknown) => {
          configs.delete(provider);
          throw new OAuthProviderError('unreachable', `${provider} discovery failed`, { cause: err });
        });
      configs.set(provider, config);
    }
    return config;
  };

  const redirectUri = (provider: OAuthProvider) =>
    `${options.publicBaseUrl}/api/v1/auth/oauth/${provider}/callback`;

  return {
    redirectUri,
    async authorizationUrl(provider, request) {
      const config = await configFor(provider);
      const settings = options.providers[provider];
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri(provider),
          scope: settings.scope ?? 'openid email profile',
          response_type: 'code',
          state: request.state,
          nonce: request.nonce,
          code_challenge: request.codeChallenge,
          code_challenge_method: 'S256',
          ...(settings.responseMode === 'form_post' ? { response_mode: 'form_post' } : {}),
        })
        .toString();
    },
    async exchange(provider, input): Promise<ExternalIdentity> {
      const config = await configFor(provider);
      const current = new URL(redirectUri(provider));
      for (const [key, value] of input.params) current.searchParams.set(key, value);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        await auths.get(provider)?.prepare();
        tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          expectedNonce: input.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        const unreachable = err instanceof TypeError || (err as { code?: string }).code === 'OAUTH_TIMEOUT';
        throw new OAuthProviderError(
          unreachable ? 'unreachable' : 'rejected',
          `${provider} code exchange failed`,
          { cause: err },
        );
      }
      const idClaims = tokens.claims();
      if (!idClaims) throw new OAuthProviderError('rejected', `${provider} returned no ID token`);
      let claims: Record<string, unknown> = idClaims;
      // Providers that keep profile claims out of the ID token serve them at the userinfo endpoint.
      if (typeof idClaims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
        try {
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
        } catch (err) {
          throw new OAuthProviderError('rejected', `${provider} userinfo failed`, { cause: err });
        }
      }
      const verified = claims.email_verified;
      return {
        subject: idClaims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        // Apple sends "true" as a string.
        emailVerified: verified === true || verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}
