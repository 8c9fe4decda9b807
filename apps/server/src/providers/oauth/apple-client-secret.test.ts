import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { APPLE_AUDIENCE, createAppleClientSecret } from './apple-client-secret';

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const options = { teamId: 'TEAM123456', keyId: 'KEY1234567', clientId: 'com.kitwright.web', privateKeyPem };

describe("Sign in with Apple's client secret", () => {
  it('is an ES256 JWT that verifies with the public key and carries the claims Apple requires', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const secret = await createAppleClientSecret({ ...options, now: () => now }).get();
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(secret, keys.publicKey, {
      algorithms: ['ES256'],
      issuer: 'TEAM123456',
      subject: 'com.kitwright.web',
      audience: 'https://appleid.apple.com',
      currentDate: now,
    });
    expect(APPLE_AUDIENCE).toBe('https://appleid.apple.com');
    const iat = Math.floor(now.getTime() / 1000);
    expect(payload.iat).toBe(iat);
    expect(payload.exp).toBeGreaterThan(iat);
    // Apple refuses a secret that lives longer than six months.
    expect((payload.exp ?? 0) - iat).toBeLessThanOrEqual(15_777_000);
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'sub']);
  });

  it('is reused until it nears its expiry, then made again; never longer-lived than six months', async () => {
    let now = new Date('2026-03-01T12:00:00Z');
    const source = createAppleClientSecret({ ...options, now: () => now });
    const first = await source.get();
    now = new Date(now.getTime() + 3600_000);
    expect(await source.get()).toBe(first);
    now = new Date(now.getTime() + 22 * 3600_000);
    const renewed = await source.get();
    expect(renewed).not.toBe(first);
    const { payload } = await jwtVerify(renewed, keys.publicKey, { currentDate: now });
    expect(payload.iat).toBe(Math.floor(now.getTime() / 1000));

    const long = await createAppleClientSecret({ ...options, ttlSeconds: 400 * 24 * 3600 }).get();
    const claims = (await jwtVerify(long, keys.publicKey)).payload;
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15_777_000);
  });
});
