/** Small helpers for tests that need accounts: register, sign in, and authorised requests. */
import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@kitwright/contracts';
import type { FastifyInstance } from 'fastify';

export function uniqueName(prefix = 'user'): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

export async function register(
  app: FastifyInstance,
  overrides: Partial<{ username: string; email: string; password: string; display_name: string }> = {},
  headers: Record<string, string> = {},
): Promise<AuthResponse & { password: string }> {
  const username = overrides.username ?? uniqueName();
  const password = overrides.password ?? 'correct-horse-battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers,
    payload: {
      username,
      email: overrides.email ?? `${username}@example.com`,
      password,
      display_name: overrides.display_name ?? 'Test Maker',
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...(res.json() as AuthResponse), password };
}

export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/api/v1/auth/login', headers, payload: { username, password } });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
