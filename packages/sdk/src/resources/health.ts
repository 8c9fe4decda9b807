/** `kw.health`: liveness, readiness and metrics of the server. */
import type { ApiClient } from '../api-client';
import { type CallOptions, call } from './call';

export function healthResource(api: ApiClient) {
  return {
    health(options?: CallOptions) {
      return call(api, 'health', { ...options });
    },
    livez(options?: CallOptions) {
      return call(api, 'livez', { ...options });
    },
    /** Throws DEPENDENCY_UNAVAILABLE (503) while a dependency is down. */
    readyz(options?: CallOptions) {
      return call(api, 'readyz', { ...options });
    },
    /** The Prometheus text (staff and founders). */
    metrics(options?: CallOptions): Promise<string> {
      return call(api, 'metrics', { ...options }) as Promise<string>;
    },
  };
}

export type HealthResource = ReturnType<typeof healthResource>;
