import '../../i18n/staff-messages';
import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n';
import { durationWords, slaView } from './sla';

const t: Translate = (key, ...params) => translate('en', key, ...params);

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ticket = (sla_state: string | null, dueInMinutes: number) => ({
  sla_state,
  status: 'open',
  first_response_due_at: new Date(NOW + dueInMinutes * 60_000).toISOString(),
});

describe('the first-response timer in words', () => {
  it('says durations in the two largest units', () => {
    expect(durationWords(t, 12 * 60_000)).toBe('12 min');
    expect(durationWords(t, (4 * 60 + 5) * 60_000)).toBe('4 h 5 min');
    expect(durationWords(t, (51 * 60 + 10) * 60_000)).toBe('2 d 3 h');
    expect(durationWords(t, -90 * 60_000)).toBe('1 h 30 min');
  });

  it('counts down while in time, amber in the last hour, red once overdue', () => {
    expect(slaView(t, ticket('due', 180), NOW)).toEqual({ text: 'Reply due in 3 h 0 min', tone: 'brand' });
    expect(slaView(t, ticket('due', 40), NOW)).toEqual({ text: 'Reply due in 40 min', tone: 'warning' });
    expect(slaView(t, ticket('overdue', -75), NOW)).toEqual({
      text: 'Overdue by 1 h 15 min',
      tone: 'danger',
    });
    // The clock here passed the due time before the server said so.
    expect(slaView(t, ticket('due', -2), NOW)?.tone).toBe('danger');
  });

  it('says whether an answered ticket was answered in time, and nothing without a timer', () => {
    expect(slaView(t, ticket('met', -600), NOW)).toEqual({ text: 'Answered in time', tone: 'success' });
    expect(slaView(t, ticket('breached', -600), NOW)).toEqual({ text: 'Answered late', tone: 'warning' });
    expect(slaView(t, ticket(null, 60), NOW)).toBeNull();
  });
});
