/** The words for the dashboard's metric, funnel-step and status keys (unknown keys show as they are). */
import type { MessageKey, Translate } from '../../i18n';

const METRICS: Record<string, MessageKey> = {
  sign_ups: 'founder.metric.sign_ups',
  design_starts: 'founder.metric.design_starts',
  saved_drafts: 'founder.metric.saved_drafts',
  published_public_designs: 'founder.metric.published_public_designs',
  listing_views: 'founder.metric.listing_views',
  interest_reservations: 'founder.metric.interest_reservations',
  verified_reservations: 'founder.metric.verified_reservations',
  visitor_reservations: 'founder.metric.visitor_reservations',
  cancellations: 'founder.metric.cancellations',
  failed_jobs: 'founder.metric.failed_jobs',
  support_opened: 'founder.metric.support_opened',
  incidents_opened: 'founder.metric.incidents_opened',
};

const STEPS: Record<string, MessageKey> = {
  session_started: 'founder.step.session_started',
  create_started: 'founder.step.create_started',
  draft_saved: 'founder.step.draft_saved',
  listing_published: 'founder.step.listing_published',
  listing_viewed: 'founder.step.listing_viewed',
  interest_reservation: 'founder.step.interest_reservation',
};

const FUNNELS: Record<string, MessageKey> = {
  create: 'founder.funnel.create',
  reserve: 'founder.funnel.reserve',
};

export const DAILY_KEYS = [
  'sign_ups',
  'design_starts',
  'saved_drafts',
  'published_public_designs',
  'listing_views',
  'interest_reservations',
  'verified_reservations',
  'visitor_reservations',
  'cancellations',
  'failed_jobs',
  'support_opened',
  'incidents_opened',
] as const;

export const metricLabel = (t: Translate, key: string) => (METRICS[key] ? t(METRICS[key]) : key);
export const stepLabel = (t: Translate, key: string) => (STEPS[key] ? t(STEPS[key]) : key);
export const funnelLabel = (t: Translate, key: string) => (FUNNELS[key] ? t(FUNNELS[key]) : key);

export type TargetStatus = 'met' | 'on_track' | 'behind' | null;

export function statusLabel(t: Translate, status: TargetStatus): string {
  if (status === 'met') return t('founder.status.met');
  if (status === 'on_track') return t('founder.status.onTrack');
  if (status === 'behind') return t('founder.status.behind');
  return t('founder.status.none');
}

export function statusTone(status: TargetStatus): 'success' | 'warning' | 'danger' | 'neutral' {
  return status === 'met'
    ? 'success'
    : status === 'on_track'
      ? 'warning'
      : status === 'behind'
        ? 'danger'
        : 'neutral';
}

/** "42%" in the reader's language; a dash when there is nothing to divide. */
export function percent(locale: string, share: number | null): string {
  if (share === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/** A UTC moment as the reader writes it, with "UTC" so nobody reads it as local time. */
export function utcTime(locale: string, iso: string): string {
  return `${new Date(iso).toLocaleString(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  })} UTC`;
}

const SEVERITY_TONE: Record<string, 'danger' | 'warning' | 'neutral'> = { P0: 'danger', P1: 'warning' };
export const severityTone = (severity: string) => SEVERITY_TONE[severity] ?? 'neutral';

export function incidentStateLabel(t: Translate, state: string): string {
  if (state === 'open') return t('founder.incident.state.open');
  if (state === 'acknowledged') return t('founder.incident.state.acknowledged');
  if (state === 'resolved') return t('founder.incident.state.resolved');
  return state;
}

export const incidentStateTone = (state: string) =>
  state === 'open' ? 'danger' : state === 'acknowledged' ? 'warning' : 'success';
