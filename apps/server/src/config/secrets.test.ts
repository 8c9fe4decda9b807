import { describe, expect, it } from 'vitest';
import { DEFAULT_SECRETS, envToSecrets, secretProblems } from './secrets';

const strong = (c: string) => c.repeat(40);

describe('secrets', () => {
  it('falls back to the published local-only defaults', () => {
    expect(envToSecrets({})).toEqual({
      authToken: DEFAULT_SECRETS.AUTH_TOKEN_SECRET,
      cookie: DEFAULT_SECRETS.COOKIE_SECRET,
      metricsToken: DEFAULT_SECRETS.METRICS_TOKEN,
    });
    expect(envToSecrets({ COOKIE_SECRET: strong('b') }).cookie).toBe(strong('b'));
  });

  it('lets local use the defaults', () => {
    expect(secretProblems('local', envToSecrets({}))).toEqual([]);
  });

  it('refuses defaults and short secrets in staging and production, naming the variable', () => {
    const secrets = envToSecrets({ AUTH_TOKEN_SECRET: 'short', COOKIE_SECRET: strong('b') });
    expect(secretProblems('production', secrets)).toEqual([
      'AUTH_TOKEN_SECRET must be at least 32 characters in production',
      'METRICS_TOKEN must be set to a real secret in production',
      'METRICS_TOKEN must be at least 32 characters in production',
    ]);
    expect(secretProblems('staging', envToSecrets({}))).toContain(
      'COOKIE_SECRET must be set to a real secret in staging',
    );
  });

  it('refuses a default even when it is put in another variable', () => {
    const secrets = envToSecrets({
      AUTH_TOKEN_SECRET: DEFAULT_SECRETS.COOKIE_SECRET,
      COOKIE_SECRET: strong('b'),
      METRICS_TOKEN: strong('c'),
    });
    expect(secretProblems('production', secrets)).toEqual([
      'AUTH_TOKEN_SECRET must be set to a real secret in production',
    ]);
  });
});
