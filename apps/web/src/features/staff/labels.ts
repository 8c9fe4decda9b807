/** The staff screens' words for the API's codes: statuses, priorities, categories, moderation. */
import type { MessageKey, Translate } from '../../i18n';

export const TICKET_STATUS: Record<string, MessageKey> = {
  open: 'staff.status.open',
  waiting_on_staff: 'staff.status.waiting_on_staff',
  waiting_on_requester: 'staff.status.waiting_on_requester',
  resolved: 'staff.status.resolved',
  closed: 'staff.status.closed',
};

export const PRIORITY: Record<string, MessageKey> = {
  low: 'staff.priority.low',
  normal: 'staff.priority.normal',
  high: 'staff.priority.high',
  urgent: 'staff.priority.urgent',
};

export const MODERATION_STATE: Record<string, MessageKey> = {
  pending: 'staff.mod.state.pending',
  approved: 'staff.mod.state.approved',
  rejected: 'staff.mod.state.rejected',
  hidden: 'staff.mod.state.hidden',
  changes_requested: 'staff.mod.state.changes_requested',
};

export const QUEUE_KIND: Record<string, MessageKey> = {
  review: 'staff.mod.kind.review',
  reported: 'staff.mod.kind.reported',
  hidden_by_reports: 'staff.mod.kind.hidden_by_reports',
  appealed: 'staff.mod.kind.appealed',
};

export const REPORT_REASON: Record<string, MessageKey> = {
  intellectual_property: 'staff.mod.reason.intellectual_property',
  safety: 'staff.mod.reason.safety',
  offensive_or_illegal: 'staff.mod.reason.offensive_or_illegal',
  spam: 'staff.mod.reason.spam',
  other: 'staff.mod.reason.other',
};

export const ACTION: Record<string, MessageKey> = {
  approve: 'staff.mod.action.approve',
  reject: 'staff.mod.action.reject',
  hide: 'staff.mod.action.hide',
  restore: 'staff.mod.action.restore',
  request_changes: 'staff.mod.action.request_changes',
};

/** A code's words, or the code itself when a newer server sends one this app does not know. */
export function label(t: Translate, words: Record<string, MessageKey>, code: string): string {
  const key = words[code];
  return key ? t(key) : code;
}

export function categoryLabel(t: Translate, category: string): string {
  return t(`help.support.cat.${category}` as MessageKey);
}

export function statusTone(status: string): 'brand' | 'warning' | 'success' | 'neutral' {
  if (status === 'open' || status === 'waiting_on_staff') return 'warning';
  if (status === 'waiting_on_requester') return 'brand';
  if (status === 'resolved') return 'success';
  return 'neutral';
}
