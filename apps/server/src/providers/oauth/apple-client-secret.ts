/**
 * Sign in with Apple authenticates the client with a client secret that is a JWT signed (ES256)
 * with the team's private key: iss the team id, sub the client (Services) id, aud Apple, iat and
 * exp at most six months apart, and the key id in the header. We make a short-lived one and reuse
 * it until it nears its expiry.
 * https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
 */
import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';

export const APPLE_AUDIENCE = 'https://appleid.apple.com';
/** Apple accepts up to six months; a day keeps a leaked secret short-lived. */
const DEFAULT_TTL_SECONDS = 24 * 3600;
/** Made again this long before it expires, so a token request never carries one about to lapse. */
const RENEW_BEFORE_SECONDS = 3600;

export interface AppleClientSecretOptions {
  teamId: string;
  keyId: string;
  clientId: string;
  /** The .p8 key Apple issued: a PEM (PKCS #8) EC P-256 private key. */
  privateKeyPem: string;
  ttlSeconds?: number;
  now?: () => Date;
}

export interface ClientSecretSource {
  /** The current client secret, made or renewed when needed. */
  get(): Promise<string>;
}

export function createAppleClientSecret(options: AppleClientSecretOptions): ClientSecretSource {
  const key = createPrivateKey(options.privateKeyPem);
  const ttl = Math.min(options.ttlSeconds ?? DEFAULT_TTL_SECONDS, 15_777_000);
  const now = options.now ?? (() => new Date());
  let cached: { secret: string; expiresAt: number } | null = null;
  let making: Promise<string> | null = null;

  const make = async (): Promise<string> => {
    const iat = Math.floor(now().getTime() / 1000);
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
      .setIssuer(options.teamId)
      .setSubject(options.clientId)
      .setAudience(APPLE_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key);
    cached = { secret, expiresAt: iat + ttl };
    return secret;
  };

  return {
    async get() {
      const nowSeconds = Math.floor(now().getTime() / 1000);
      if (cached && cached.expiresAt - nowSeconds > Math.min(RENEW_BEFORE_SECONDS, ttl / 2))
        return cached.secret;
      making ??= make().finally(() => {
        making = null;
      });
      return making;
    },
  };
}
