/**
 * Where alert notices go: every configured channel, each on its own, so one channel being down
 * never keeps a notice from the others.
 *
 * - the alert webhook (`ALERT_WEBHOOK_URL`): Slack-compatible JSON, `{text, blocks}`;
 * - email to `ALERT_EMAIL` through the email provider (SMTP; the outbox locally);
 * - the incident channel (`INCIDENT_CHANNEL`): a second Slack-compatible webhook URL, the channel
 *   where incidents are worked (e.g. #incidents), sent the same notices.
 *
 * A log line is always written as well. `probe()` checks each channel at start-up (production
 * refuses to start when none works; see main.ts).
 */
import type { Logger } from 'pino';
import type { AlertNotice, AlertNotifier } from '../../platform/alerts';
import type { EmailProvider } from '../email/email-provider';
import { layoutEmail } from '../email/layout';

export type AlertChannelName = 'alert_webhook' | 'email' | 'incident_channel';

export interface AlertChannel {
  name: AlertChannelName;
  deliver(notice: AlertNotice): Promise<void>;
  /** Proves the channel works (throws when it does not). */
  probe(): Promise<void>;
}

export interface ChannelProbe {
  channel: AlertChannelName;
  ok: boolean;
  error?: string;
}

const VERB: Record<AlertNotice['kind'], string> = {
  opened: 'Opened',
  escalated: 'Escalated',
  resolved: 'Resolved',
};

/** One line: "[P0] Opened: Production app unavailable". */
export function noticeHeadline(n: AlertNotice): string {
  return `[${n.severity}] ${VERB[n.kind]}: ${n.title}`;
}

function noticeLines(n: AlertNotice): string[] {
  const lines = [
    n.kind === 'resolved' ? 'The condition has cleared.' : `Action: ${n.runbook}`,
    `Owner: ${n.owner}`,
  ];
  const figures = Object.entries(n.details)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  if (figures) lines.push(`Measured: ${figures}`);
  if (n.incidentId) lines.push(`Incident: ${n.incidentId}`);
  if (n.correlationId) lines.push(`Correlation id: ${n.correlationId}`);
  return lines;
}

/** Slack's three control characters in message text (its formatting reference; not HTML). */
const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Slack-compatible body: `text` for any receiver, `blocks` for Slack's layout. */
export function slackPayload(n: AlertNotice): { text: string; blocks: unknown[] } {
  const lines = noticeLines(n).map(escapeSlack);
  const headline = escapeSlack(noticeHeadline(n));
  return {
    text: `${headline}. ${lines[0]}`,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${headline}*` } },
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } },
    ],
  };
}

async function postJson(url: string, body: unknown, timeoutMs: number): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  // Drain the body so the connection is released.
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
}

export function webhookChannel(
  name: 'alert_webhook' | 'incident_channel',
  url: string,
  probeText: string,
  timeoutMs = 5000,
): AlertChannel {
  return {
    name,
    deliver: (notice) => postJson(url, slackPayload(notice), timeoutMs),
    // A Slack webhook has no read-only check: the probe posts one short line.
    probe: () => postJson(url, { text: probeText }, timeoutMs),
  };
}

export function emailChannel(email: EmailProvider, to: string): AlertChannel {
  return {
    name: 'email',
    async deliver(notice) {
      await email.send(
        layoutEmail({
          to,
          subject: noticeHeadline(notice),
          lang: 'en',
          title: noticeHeadline(notice),
          blocks: [{ lines: noticeLines(notice) }],
          footer: {
            reason: 'You get this email because ALERT_EMAIL names this address for Kitwright’s alerts.',
          },
        }),
      );
    },
    async probe() {
      await email.verify?.();
    },
  };
}

export interface AlertChannelConfig {
  webhookUrl: string | null;
  emailTo: string | null;
  incidentChannelUrl: string | null;
  email: EmailProvider;
  /** Names the process in the probe line ("Kitwright 1.2.3 (production) started"). */
  origin: string;
}

export function configuredChannels(c: AlertChannelConfig): AlertChannel[] {
  const probeText = `${c.origin} started: alert channel check.`;
  const channels: AlertChannel[] = [];
  if (c.webhookUrl) channels.push(webhookChannel('alert_webhook', c.webhookUrl, probeText));
  if (c.emailTo) channels.push(emailChannel(c.email, c.emailTo));
  if (c.incidentChannelUrl)
    channels.push(webhookChannel('incident_channel', c.incidentChannelUrl, probeText));
  return channels;
}

/** Sends a notice by every channel (each failure logged, none stopping the others), and logs it. */
export function channelsNotifier(channels: readonly AlertChannel[], log: Logger): AlertNotifier {
  return async (notice) => {
    const level = notice.kind === 'resolved' ? 'info' : 'warn';
    log[level](
      {
        alert: notice.key,
        kind: notice.kind,
        severity: notice.severity,
        incident_id: notice.incidentId,
        correlation_id: notice.correlationId,
        channels: channels.map((c) => c.name),
      },
      `alert ${notice.kind}`,
    );
    const results = await Promise.allSettled(channels.map((c) => c.deliver(notice)));
    results.forEach((r, i) => {
      if (r.status === 'rejected')
        log.error(
          { alert: notice.key, kind: notice.kind, channel: channels[i]?.name, err: r.reason },
          'alert notice not delivered',
        );
    });
  };
}

export async function probeChannels(channels: readonly AlertChannel[]): Promise<ChannelProbe[]> {
  return Promise.all(
    channels.map(async (c): Promise<ChannelProbe> => {
      try {
        await c.probe();
        return { channel: c.name, ok: true };
      } catch (err) {
        return {
          channel: c.name,
          ok: false,
          error: err instanceof Error ? err.message.slice(0, 200) : 'failed',
        };
      }
    }),
  );
}

/** Throws (failing the start) unless at least one probed channel works. */
export function requireWorkingChannel(probes: readonly ChannelProbe[]): void {
  if (probes.some((p) => p.ok)) return;
  const why = probes.map((p) => `${p.channel}: ${p.error}`).join('; ') || 'none configured';
  throw new Error(
    `no alert channel works (${why}); production needs ALERT_WEBHOOK_URL, ALERT_EMAIL or INCIDENT_CHANNEL to reach someone`,
  );
}
