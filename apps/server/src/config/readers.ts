/**
 * Reading one variable as a value of its kind (text, integer in a range, one of a list, flag, URL). A malformed
 * value is noted and the default kept, so that every malformed variable is reported at once, not the first.
 */
import type { EnvName, ServerEnvironment } from './env';

export type Readers = ReturnType<typeof readers>;

export function readers(env: ServerEnvironment, problems: string[]) {
  const str = (name: EnvName, fallback: string): string => env[name] ?? fallback;
  const optional = (name: EnvName): string | null => env[name] ?? null;
  const int = (name: EnvName, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: EnvName, allowed: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (!raw) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };
  const bool = (name: EnvName, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (!raw) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const url = (name: EnvName, fallback: string | null): string | null => {
    const raw = env[name] ?? fallback;
    if (!raw) return null;
    try {
      return new URL(raw).toString().replace(/\/$/, '');
    } catch {
      problems.push(`${name} must be an absolute URL (got "${raw}")`);
      return fallback;
    }
  };
  return { str, optional, int, oneOf, bool, url };
}
