/**
 * Crashes and failed requests reported by the app go to the same error tracker as the server's
 * own errors, with the correlation id that links them to the request. Anyone may report, so a
 * broken or hostile client cannot flood the tracker: each source has a budget.
 */
import { createHash } from 'node:crypto';
import type { ClientErrorReport } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { currentCorrelationId } from '../../platform/correlation';
import type { CaptureError } from '../../platform/error-report';
import { type RateLimiter, rateLimitedError } from '../../platform/rate-limits';
import { scrubText, scrubUrl } from '../../platform/scrub';
import type { Viewer } from '../../platform/viewer';

export function createClientErrors(deps: { capture: CaptureError; limiter: RateLimiter }) {
  return {
    async report(
      report: ClientErrorReport,
      from: {
        viewer: Viewer;
        ip: string;
        log: { error(details: object, message: string): void };
      },
    ): Promise<void> {
      const { viewer } = from;
      const actor = viewer.user
        ? `user:${viewer.user.id}`
        : viewer.visitorId
          ? `visitor:${viewer.visitorId}`
          : null;
      const source = actor ?? `ip:${createHash('sha256').update(from.ip).digest('hex').slice(0, 16)}`;
      const decision = await deps.limiter.hit(
        `client-errors:${source}`,
        RATE_LIMITS.clientErrorReports.limit,
        RATE_LIMITS.clientErrorReports.windowMs,
      );
      if (!decision.allowed)
        throw rateLimitedError(decision, 'Too many error reports; later ones are dropped for a while.');
      // Scrubbed once, the same for the tracker and the log: the app sends what the user typed
      // and where they were (a form's values in a message, a route with its query string).
      const message = scrubText(report.message);
      const stack = report.stack === undefined ? undefined : scrubText(report.stack);
      const route = report.route === undefined ? undefined : scrubUrl(report.route);
      deps.capture({
        source: 'client',
        kind: report.kind,
        message,
        code: report.code,
        status: report.status,
        stack,
        route,
        // The id of the failed request when there was one; otherwise this report's own request.
        correlationId: report.correlation_id ?? currentCorrelationId(),
        release: report.release,
        actor,
      });
      from.log.error(
        {
          stage: 'client',
          client_error: {
            kind: report.kind,
            message,
            stack,
            route,
            code: report.code,
            status: report.status,
            release: report.release,
          },
          client_correlation_id: report.correlation_id ?? null,
          actor,
        },
        'client error reported',
      );
    },
  };
}

export type ClientErrors = ReturnType<typeof createClientErrors>;
