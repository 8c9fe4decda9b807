/**
 * Calls to outside providers (email, translation, storage, analytics, generation, payments), each
 * traced with the correlation id of the request or job that made it: a failure is logged with the
 * provider, the operation, how long it took and the correlation id, and recorded as an error event
 * carrying the same id, so "my email never came" leads from the request to the provider's refusal.
 * The wrapped provider behaves exactly as the one it wraps (same results, same errors). A provider
 * that falls back by itself (generation: the design library when the model's endpoint fails)
 * answers normally; its fallback is reported the same way, with the reason it gave.
 */
import type { Logger } from 'pino';
import { currentCorrelation } from './correlation';
import type { CaptureError } from './error-report';

export type ProviderKind = 'email' | 'translation' | 'storage' | 'analytics' | 'generation' | 'payments';

export interface TraceOptions {
  /** Operations whose failures their caller reports itself (a readiness probe): not captured. */
  quiet?: readonly string[];
  /** Why an answer is a fallback the provider made after a failure of its own; null: it is not. */
  fellBack?: (answer: unknown) => string | null;
}

export function traced<T extends object>(
  kind: ProviderKind,
  provider: T,
  deps: { logger: Logger; capture: CaptureError },
  { quiet = [], fellBack }: TraceOptions = {},
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
        const report = (message: string, stack: string | null) =>
          deps.capture({
            source: correlation?.source ?? 'server',
            kind: 'provider',
            code: `PROVIDER_${kind.toUpperCase()}_FAILED`,
            message,
            stack,
            route: `provider:${kind}.${property}`,
            correlationId: correlation?.correlationId ?? null,
          });
        const failed = (err: unknown) => {
          log.warn({ ...fields(), err }, 'provider call failed');
          report(
            `${kind}.${property} failed: ${err instanceof Error ? err.message : String(err)}`,
            err instanceof Error ? (err.stack ?? null) : null,
          );
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
            const why = fellBack?.(answer) ?? null;
            if (why === null) log.debug(fields(), 'provider call');
            else {
              log.warn({ ...fields(), reason: why }, 'provider call fell back');
              report(`${kind}.${property} fell back: ${why}`, null);
            }
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
