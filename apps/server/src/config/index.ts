/**
 * The server's configuration, read and checked once at start-up: environment → ServerEnvironment (env.ts) →
 * Config (config.ts, with rules.ts and secrets.ts). Every variable is documented in .env.example.
 */
import { envToConfig } from './config';
import { type RawEnvironment, readEnv } from './env';
import type { Config } from './types';

export { ConfigError } from './config';
export { DEFAULT_SECRETS } from './secrets';
export { APP_ENVS, type AppEnv, type BusinessHours, type Config } from './types';

export function loadConfig(env: RawEnvironment = process.env, cwd = process.cwd()): Config {
  return envToConfig(readEnv(env), cwd);
}
