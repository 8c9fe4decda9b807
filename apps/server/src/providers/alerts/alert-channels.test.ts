import { describe, expect, it } from 'vitest';
import type { AlertNotice } from '../../platform/alerts';
import { requireWorkingChannel, slackPayload } from './alert-channels';

describe('alert channels', () => {
  it('a production start needs one working channel', () => {
    expect(() => requireWorkingChannel([])).toThrow(/no alert channel works \(none configured\)/);
    expect(() =>
      requireWorkingChannel([
        { channel: 'alert_webhook', ok: false, error: 'webhook answered 404' },
        { channel: 'email', ok: false, error: 'connect ECONNREFUSED' },
      ]),
    ).toThrow('alert_webhook: webhook answered 404; email: connect ECONNREFUSED');
    expect(() =>
      requireWorkingChannel([
        { channel: 'alert_webhook', ok: false, error: 'webhook answered 404' },
        { channel: 'incident_channel', ok: true },
      ]),
    ).not.toThrow();
  });

  it('writes Slack-compatible JSON: text for any receiver, blocks for Slack', () => {
    const notice: AlertNotice = {
      key: 'job_queue_stuck',
      kind: 'escalated',
      title: 'Job queue stuck',
      severity: 'P1',
      owner: 'Pipeline owner',
      runbook: 'Drain, retry, or cut supported formats',
      correlationId: null,
      incidentId: 'inc-1',
      details: { queue_age_p95_seconds: 900, note: '<b>&' },
    };
    const body = slackPayload(notice);
    expect(body.text).toBe('[P1] Escalated: Job queue stuck. Action: Drain, retry, or cut supported formats');
    expect(body.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*[P1] Escalated: Job queue stuck*' } },
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: 'Action: Drain, retry, or cut supported formats\nOwner: Pipeline owner\nMeasured: queue_age_p95_seconds=900, note=&lt;b&gt;&amp;\nIncident: inc-1',
        },
      },
    ]);
  });
});
