/**
 * The alert table of the spec (Limits: Alerts): each alert's severity, threshold, owner and
 * runbook action. Alert records in the database refer to these keys.
 */
export const ALERT_SEVERITIES = ['P0', 'P1', 'P2'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export interface AlertDefinition {
  title: string;
  severity: AlertSeverity;
  threshold: string;
  owner: string;
  runbook: string;
  capability: string;
}

export const ALERT_CATALOGUE = {
  app_unavailable: {
    title: 'Production app unavailable',
    severity: 'P0',
    threshold: '/api/readyz unavailable for two minutes or three consecutive checks',
    owner: 'Founder / CTO',
    runbook: 'Roll back or disable the failing dependency',
    capability: 'platform',
  },
  checkout_blocked: {
    title: 'Checkout blocked',
    severity: 'P0',
    threshold: 'Checkout confirmation failure rate above 20% over ten minutes, or any accidental capture',
    owner: 'Founder / CTO',
    runbook: 'Stop launch traffic, inspect payment and setup-intent state',
    capability: 'checkout',
  },
  webhook_store_failure: {
    title: 'Webhook durable-store failure',
    severity: 'P0',
    threshold: 'Any valid webhook cannot be stored or enqueued',
    owner: 'Founder / CTO',
    runbook: 'Fix before accepting more pre-orders',
    capability: 'checkout',
  },
  audit_fail_closed: {
    title: 'Audit fail-closed event',
    severity: 'P0',
    threshold: 'Any critical mutation blocked by audit persistence',
    owner: 'Founder / CTO',
    runbook: 'Restore audit persistence or disable the feature',
    capability: 'audit',
  },
  job_queue_stuck: {
    title: 'Job queue stuck',
    severity: 'P1',
    threshold: '95th-percentile queue age above configured limit, or dead-letter count above threshold',
    owner: 'Pipeline owner',
    runbook: 'Drain, retry, or cut supported formats',
    capability: 'jobs',
  },
  upload_validation_spike: {
    title: 'Upload validation spike',
    severity: 'P1',
    threshold: 'Invalid upload rate or parser failures above baseline',
    owner: 'Pipeline owner',
    runbook: 'Improve copy, narrow accepted formats',
    capability: 'uploads',
  },
  support_backlog_breach: {
    title: 'Support backlog breach',
    severity: 'P1',
    threshold: 'Oldest open ticket exceeds the same-business-day target',
    owner: 'Growth / Ops',
    runbook: 'Reply, update FAQ or copy, tag the recurring issue',
    capability: 'support',
  },
  analytics_dispatch_failure: {
    title: 'Analytics dispatch failure',
    severity: 'P2',
    threshold: 'Dispatch failure above threshold for fifteen minutes',
    owner: 'Founder / CTO',
    runbook: 'Keep local mirror, replay later',
    capability: 'analytics',
  },
} as const satisfies Record<string, AlertDefinition>;

export type AlertKey = keyof typeof ALERT_CATALOGUE;
