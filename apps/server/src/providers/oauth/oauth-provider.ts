/** External sign-in providers (Google, Apple) behind one interface: authorise, then exchange the code. */
import type { OAuthProvider } from '@kitwright/contracts';

export interface ExternalIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface AuthorizationRequest {
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CallbackInput {
  /** The query the provider sent back (code, state and possibly iss). */
  params: URLSearchParams;
  codeVerifier: string;
  state: string;
  nonce: string;
}

export interface OAuthClient {
  /** Where each provider sends the browser back. */
  redirectUri(provider: OAuthProvider): string;
  authorizationUrl(provider: OAuthProvider, request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code (PKCE, state and nonce checked) and returns who signed in. */
  exchange(provider: OAuthProvider, input: CallbackInput): Promise<ExternalIdentity>;
}

export class OAuthProviderError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'rejected',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OAuthProviderError';
  }
}
