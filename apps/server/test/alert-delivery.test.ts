/**
 * Alert notices reach every configured channel: the alert webhook and the incident channel
 * (Slack-compatible JSON, real HTTP servers on loopback) and email to ALERT_EMAIL through the email
 * provider (a real SMTP server). One channel failing never keeps a notice from the others, and the
 * start-up probe says which channels work.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/platform/clock';
import { newId } from '../src/platform/ids';
import { configuredChannels, probeChannels } from '../src/providers/alerts/alert-channels';
import { createSmtpEmail } from '../src/providers/email/smtp-email';
import { startSmtpSink } from './support/smtp-sink';
import { createTestApp, type TestApp } from './support/test-app';

interface Received {
  path: string;
  body: { text: string; blocks?: unknown[] } & Record<string, unknown>;
}

async function startWebhookReceiver() {
  const received: Received[] = [];
  const status: Record<string, number> = {};
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, body: JSON.parse(raw) });
      res.writeHead(status[path] ?? 200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    status,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('alert delivery by every configured channel', () => {
  let t: TestApp;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  const clock = new ManualClock('2026-11-25T10:00:00Z');
  const OPS = 'ops@kitwright.test';

  beforeAll(async () => {
    hooks = await startWebhookReceiver();
    smtp = await startSmtpSink();
    t = await createTestApp({
      clock,
      env: {
        ALERT_WEBHOOK_URL: hooks.url('/alerts'),
        INCIDENT_CHANNEL: hooks.url('/incidents'),
        ALERT_EMAIL: OPS,
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: smtp.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await hooks.close();
    await smtp.close();
  });

  const failStore = () =>
    t.database.db
      .insertInto('alert_signals')
      .values({
        id: newId(),
        alert_key: 'webhook_store_failure',
        correlation_id: 'corr-delivery',
        details: '{}',
        occurred_at: clock.now(),
      })
      .execute();
  const check = async () => {
    clock.advance(60_000);
    await t.maintenance.evaluateAlerts();
    clock.advance(1);
  };
  const bodies = (path: string) => hooks.received.filter((r) => r.path === path).map((r) => r.body);

  it('sends the opened and the resolved notice to the webhook, the incident channel and ALERT_EMAIL', async () => {
    await check(); // the evaluator is running: failures fall between its checks
    await failStore();
    await check();
    expect(hooks.received).toEqual([]);
    await failStore();
    await check();

    for (const path of ['/alerts', '/incidents']) {
      const [opened] = bodies(path);
      expect(opened?.text).toBe(
        '[P0] Opened: Webhook durable-store failure. Action: Fix before accepting more pre-orders',
      );
      expect(Object.keys(opened ?? {}).sort()).toEqual(['blocks', 'text']);
      expect(JSON.stringify(opened?.blocks)).toContain('Correlation id: corr-delivery');
    }
    const mail = await smtp.next(OPS);
    expect(mail.decoded).toContain('Subject: [P0] Opened: Webhook durable-store failure');
    expect(mail.decoded).toContain('Owner: Founder / CTO');

    // De-duplicated: still failing, nobody is paged again.
    await failStore();
    await check();
    expect(bodies('/alerts').length).toBe(1);

    // The alert webhook is down when the condition clears: the other two still get the notice.
    hooks.status['/alerts'] = 500;
    const mailsBefore = smtp.messages.length;
    await check();
    expect(bodies('/alerts').map((b) => b.text.slice(0, 12))).toEqual(['[P0] Opened:', '[P0] Resolve']);
    expect(bodies('/incidents')[1]?.text).toBe(
      '[P0] Resolved: Webhook durable-store failure. The condition has cleared.',
    );
    const resolvedMail = await smtp.next(OPS, mailsBefore);
    expect(resolvedMail.decoded).toContain('Subject: [P0] Resolved: Webhook durable-store failure');
    expect(t.logs.some((l) => l.includes('alert notice not delivered') && l.includes('alert_webhook'))).toBe(
      true,
    );
    delete hooks.status['/alerts'];
  });

  it('probes each channel: the app reports which work', async () => {
    const before = hooks.received.length;
    const probes = await t.maintenance.probeAlertChannels();
    expect(probes).toEqual([
      { channel: 'alert_webhook', ok: true },
      { channel: 'email', ok: true },
      { channel: 'incident_channel', ok: true },
    ]);
    expect(hooks.received.slice(before).map((r) => r.body.text)).toEqual([
      expect.stringContaining('started: alert channel check.'),
      expect.stringContaining('started: alert channel check.'),
    ]);
  });

  it('a probe fails for a webhook that refuses, a webhook nobody answers, and an SMTP server that is down', async () => {
    hooks.status['/gone'] = 404;
    const email = createSmtpEmail('smtp://127.0.0.1:1', 'alerts@kitwright.test');
    try {
      const probes = await probeChannels(
        configuredChannels({
          webhookUrl: hooks.url('/gone'),
          emailTo: OPS,
          incidentChannelUrl: 'http://127.0.0.1:1/incidents',
          email,
          origin: 'test',
        }),
      );
      expect(probes.map((p) => [p.channel, p.ok])).toEqual([
        ['alert_webhook', false],
        ['email', false],
        ['incident_channel', false],
      ]);
      expect(probes[0]?.error).toBe('webhook answered 404');
    } finally {
      email.close();
    }
  });
});
