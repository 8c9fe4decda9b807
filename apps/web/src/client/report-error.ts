/**
 * Sends a crash or a failed request to the server's error tracker, with the correlation id that
 * links it to the API request, job and logs. Never throws: reporting must not cause new errors.
 */
import type { ClientErrorReport } from '@kitwright/contracts';
import { isKitwrightError, type KitwrightClient } from '@kitwright/sdk';

export type ErrorReport = Omit<ClientErrorReport, 'release'>;

export function reportError(client: KitwrightClient, report: ErrorReport): void {
  try {
    client.clientErrors
      .report(
        {
          ...report,
          message: report.message.slice(0, 500),
          stack: report.stack?.slice(0, 4000),
          route: report.route ?? globalThis.location?.pathname,
          release: process.env.EXPO_PUBLIC_RELEASE ?? 'local',
        },
        // As before the SDK: a report never waits for, or causes, a token refresh.
        { auth: 'none' },
      )
      .catch(() => {});
  } catch {
    // Nothing more to do.
  }
}

/**
 * A failed request the user did not cause (the server failed, or a reply was not understood) goes
 * to the error tracker with its correlation id. Refusals (4xx) are shown to the user instead, a
 * lost connection is the user's network, and a request the user cancelled is no defect.
 */
export function reportFailedRequest(client: KitwrightClient, error: unknown): void {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
  if (isKitwrightError(error)) {
    if (error.status < 500 && error.code !== 'INTERNAL_ERROR') return;
    reportError(client, {
      kind: 'request',
      message: error.message,
      code: error.code,
      status: error.status,
      correlation_id: error.correlation_id,
    });
    return;
  }
  if (error instanceof Error)
    reportError(client, { kind: 'request', message: error.message, stack: error.stack });
}
