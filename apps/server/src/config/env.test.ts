import { describe, expect, it } from 'vitest';
import { ENV_NAMES, readEnv } from './env';

describe('readEnv', () => {
  it('keeps the known variables as trimmed text and counts blank as unset', () => {
    const env = readEnv({ PORT: ' 8080 ', HOST: '', DATABASE_URL: '   ', LOG_LEVEL: 'debug' });
    expect(env).toEqual({ PORT: '8080', LOG_LEVEL: 'debug' });
  });

  it('leaves out variables the server does not know (the rest of the shell environment)', () => {
    expect(readEnv({ PATH: '/usr/bin', HOME: '/root', APP_ENV: 'staging' })).toEqual({ APP_ENV: 'staging' });
  });

  it('neither checks nor defaults: malformed values pass through for config.ts to report', () => {
    expect(readEnv({ PORT: 'eighty', APP_ENV: 'prod', TRUST_PROXY: 'Maybe' })).toEqual({
      PORT: 'eighty',
      APP_ENV: 'prod',
      TRUST_PROXY: 'Maybe',
    });
    expect(readEnv({})).toEqual({});
  });

  it('names each variable once', () => {
    expect(new Set(ENV_NAMES).size).toBe(ENV_NAMES.length);
  });
});
