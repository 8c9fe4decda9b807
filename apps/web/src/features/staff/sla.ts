/**
 * A ticket's first-response timer in words: how long is left before the due time, or how long it
 * is overdue, with the tone that says how pressing it is. Plain functions, tested on their own.
 */
import type { Translate } from '../../i18n';

export type SlaTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

/** A duration in whole minutes, in the largest two units that matter ("2 d 3 h", "4 h 5 min", "12 min"). */
export function durationWords(t: Translate, ms: number): string {
  const minutes = Math.max(0, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return t('staff.duration.minutes', { m: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('staff.duration.hours', { h: hours, m: minutes % 60 });
  return t('staff.duration.days', { d: Math.floor(hours / 24), h: hours % 24 });
}

/** Less than this left before the due time: the timer turns amber. */
export const SLA_SOON_MS = 60 * 60_000;

export interface SlaView {
  text: string;
  tone: SlaTone;
}

export function slaView(
  t: Translate,
  ticket: { sla_state: string | null; first_response_due_at: string; status: string },
  now: number,
): SlaView | null {
  const due = Date.parse(ticket.first_response_due_at);
  if (ticket.sla_state === 'met') return { text: t('staff.sla.met'), tone: 'success' };
  if (ticket.sla_state === 'breached') return { text: t('staff.sla.breached'), tone: 'warning' };
  if (Number.isNaN(due) || (ticket.sla_state !== 'due' && ticket.sla_state !== 'overdue')) return null;
  const left = due - now;
  // The clock here may pass the due time before the server's answer says "overdue".
  if (left <= 0 || ticket.sla_state === 'overdue')
    return { text: t('staff.sla.overdue', { time: durationWords(t, left) }), tone: 'danger' };
  return {
    text: t('staff.sla.due', { time: durationWords(t, left) }),
    tone: left < SLA_SOON_MS ? 'warning' : 'brand',
  };
}
