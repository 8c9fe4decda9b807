/**
 * Sends a crash or a failed request to the server's error tracker, with the correlation id that
 * links it to the API request, job and logs. Never throws: reporting must not cause new errors.
 */
import { apiBaseUrl } from './base-url';

export interface ClientErrorReport {
  kind: 'crash' | 'request';
  message: string;
  stack?: string | undefined;
  route?: string | undefined;
  correlation_id?: string | null | undefined;
  code?: string | undefined;
  status?: number | undefined;
}

export function reportError(report: ClientErrorReport): void {
  try {
    void fetch(`${apiBaseUrl()}/api/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'include',
      body: JSON.stringify({
        ...report,
        message: report.message.slice(0, 500),
        stack: report.stack?.slice(0, 4000),
        route: report.route ?? globalThis.location?.pathname,
        release: process.env.EXPO_PUBLIC_RELEASE ?? 'local',
      }),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Nothing more to do.
  }
}
