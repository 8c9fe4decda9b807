/**
 * Calls to outside providers (email, translation, storage, analytics), each traced with the
 * correlation id of the request or job that made it: a failure is logged with the provider, the
 * operation, how long it took and the correlation id, and recorded as an error event carrying the
 * same id, so "my email never came" leads from the request to the provider's refusal. The wrapped
 * provider behaves exactly as the one it wraps (same results, same errors).
 */
import type { Logger } from 'pino';
import { currentCorrelation } from './correlation';
import type { CaptureError } from './error-report';

export type ProviderKind = 'email' | 'translation' | 'storage' | 'analytics' | 'generation';

export function traced<T extends object>(
  kind: ProviderKind,
  provider: T,
  deps: { logger: Logger; capture: CaptureError },
  /** Operations whose failures their caller reports itself (a readiness probe): not captured. */
  quiet: readonly string[] = [],
): T {
  const log = deps.logger.child({ provider: kind });
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || quiet.includes(property))
        return value;
      return (...args: unknown[]) => {
        const started = performance.now();
        const correlation = currentCorrelation();
        const fields = () => ({
          operation: property,
          duration_ms: Math.round((performance.now() - started) * 100) / 100,
          correlation_id: correlation?.correlationId ?? null,
        });
        const failed = (err: unknown) => {
          log.warn({ ...fields(), err }, 'provider call failed');
          deps.capture({
            source: correlation?.source ?? 'server',
            kind: 'provider',
            code: `PROVIDER_${kind.toUpperCase()}_FAILED`,
            message: `${kind}.${property} failed: ${err instanceof Error ? err.message : String(err)}`,
            stack: err instanceof Error ? (err.stack ?? null) : null,
            route: `provider:${kind}.${property}`,
            correlationId: correlation?.correlationId ?? null,
          });
        };
        let result: unknown;
        try {
          result = Reflect.apply(value, target, args);
        } catch (err) {
          failed(err);
          throw err;
        }
        if (!(result instanceof Promise)) return result;
        return result.then(
          (answer) => {
            log.debug(fields(), 'provider call');
            return answer;
          },
          (err: unknown) => {
            failed(err);
            throw err;
          },
        );
      };
    },
  });
}
