/**
 * The server's own secrets (access-token and cookie signing, the metrics token): read with defaults so that a
 * local checkout runs with no setup, and refused in staging and production when default or too short.
 */
import type { ServerEnvironment } from './env';
import type { AppEnv } from './types';

/** Secrets that ship in the source for local use only; staging and production refuse them. */
export const DEFAULT_SECRETS = {
  AUTH_TOKEN_SECRET: 'local-only-auth-token-secret-change-me-0000000000',
  COOKIE_SECRET: 'local-only-cookie-secret-change-me-000000000000000',
  METRICS_TOKEN: 'local-only-metrics-token',
} as const;

export interface ServerSecrets {
  authToken: string;
  cookie: string;
  metricsToken: string;
}

export function envToSecrets(env: ServerEnvironment): ServerSecrets {
  return {
    authToken: env.AUTH_TOKEN_SECRET ?? DEFAULT_SECRETS.AUTH_TOKEN_SECRET,
    cookie: env.COOKIE_SECRET ?? DEFAULT_SECRETS.COOKIE_SECRET,
    metricsToken: env.METRICS_TOKEN ?? DEFAULT_SECRETS.METRICS_TOKEN,
  };
}

/** Why these secrets may not be used in appEnv; an unset secret shows up as its default. */
export function secretProblems(appEnv: AppEnv, secrets: ServerSecrets): string[] {
  if (appEnv === 'local') return [];
  const problems: string[] = [];
  for (const [name, value] of [
    ['AUTH_TOKEN_SECRET', secrets.authToken],
    ['COOKIE_SECRET', secrets.cookie],
    ['METRICS_TOKEN', secrets.metricsToken],
  ] as const) {
    // Any published default is refused in any slot: they are all in the repository for anyone to read.
    if (Object.values(DEFAULT_SECRETS).includes(value as never))
      problems.push(`${name} must be set to a real secret in ${appEnv}`);
    if (value.length < 32) problems.push(`${name} must be at least 32 characters in ${appEnv}`);
  }
  return problems;
}
