/**
 * Sentry, spoken directly: each event is POSTed as an envelope to the project's ingest endpoint
 * named by the DSN (https://<public key>@<host>/<project id>). No SDK, no global hooks: the server
 * decides what is an error and sends the same scrubbed event the local tracker would keep.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { cleanErrorEvent, type ErrorTracker, pendingSet } from './error-tracker';

export interface SentryDsn {
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

export function parseSentryDsn(dsn: string): SentryDsn {
  const url = new URL(dsn);
  const projectId = url.pathname.split('/').filter(Boolean).pop();
  if (!url.username || !projectId)
    throw new Error('ERROR_TRACKER_DSN must look like https://<key>@<host>/<project id>');
  const base = url.pathname.slice(0, url.pathname.lastIndexOf('/'));
  return {
    envelopeUrl: `${url.protocol}//${url.host}${base}/api/${projectId}/envelope/`,
    publicKey: url.username,
    dsn,
  };
}

export function createSentryErrorTracker(options: {
  dsn: string;
  environment: string;
  logger: Logger;
  fetch?: typeof fetch;
}): ErrorTracker {
  const target = parseSentryDsn(options.dsn);
  const send = options.fetch ?? fetch;
  const pending = pendingSet();
  return {
    kind: 'sentry',
    capture(event) {
      const e = cleanErrorEvent(event);
      const eventId = randomUUID().replaceAll('-', '');
      const payload = {
        event_id: eventId,
        timestamp: Date.now() / 1000,
        platform: e.source === 'client' ? 'javascript' : 'node',
        level: 'error',
        environment: options.environment,
        ...(e.release ? { release: e.release } : {}),
        fingerprint: [e.fingerprint],
        message: { formatted: e.message },
        ...(e.route ? { transaction: e.route } : {}),
        ...(e.actor ? { user: { id: e.actor } } : {}),
        tags: {
          source: e.source,
          kind: e.kind,
          ...(e.code ? { code: e.code } : {}),
          ...(e.status ? { status: String(e.status) } : {}),
          ...(e.correlationId ? { correlation_id: e.correlationId } : {}),
        },
        ...(e.stack ? { extra: { stack: e.stack } } : {}),
      };
      const body = [
        JSON.stringify({ event_id: eventId, dsn: target.dsn, sent_at: new Date().toISOString() }),
        JSON.stringify({ type: 'event', content_type: 'application/json' }),
        JSON.stringify(payload),
      ].join('\n');
      const request = send(target.envelopeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=kitwright/1.0`,
        },
        body,
        signal: AbortSignal.timeout(5000),
      })
        .then((res) => {
          if (!res.ok)
            options.logger.warn({ stage: 'error-tracker', status: res.status }, 'Sentry refused an event');
        })
        .catch((err: unknown) =>
          options.logger.warn({ err, stage: 'error-tracker' }, 'could not reach Sentry'),
        );
      pending.track(request);
    },
    flush: () => pending.flush(),
  };
}
