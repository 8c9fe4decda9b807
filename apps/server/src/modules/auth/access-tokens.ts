/**
 * Short-lived signed access tokens (HS256 JWT via jose) carrying the user and session ids. A token
 * issued more than the allowed skew in the future (an instance whose clock ran ahead) is refused,
 * as signed webhooks are: it would otherwise stay valid for longer than its lifetime.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { type Clock, datedInFuture } from '../../platform/clock';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'kitwright-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export type AccessTokenCheck =
  | { ok: true; claims: AccessClaims; expiresAt: Date }
  | { ok: false; reason: 'expired' | 'invalid' };

export function createAccessTokens(secret: string, issuer: string, clock: Clock) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessClaims): Promise<{ token: string; expiresIn: number }> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
    },
    async verify(token: string): Promise<AccessTokenCheck> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number' ||
          typeof payload.iat !== 'number' ||
          datedInFuture(payload.iat, Math.floor(clock.now().getTime() / 1000))
        )
          return { ok: false, reason: 'invalid' };
        return {
          ok: true,
          claims: { userId: payload.sub, sessionId: payload.sid },
          expiresAt: new Date(payload.exp * 1000),
        };
      } catch (err) {
        return { ok: false, reason: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
