/**
 * The founder dashboard's targets (jest-expo): the reservation target shows the households it is
 * judged on, with the raw and flagged reservations beside it, from the API's answer.
 */
import { describe, expect, it } from '@jest/globals';
import type { FounderDashboard } from '@kitwright/contracts';
import { render, screen, within } from '@testing-library/react-native';
import '../../i18n/staff-messages';
import { I18nProvider } from '../../i18n';
import { TargetsTable } from './beta-sections';

const metric = (key: string, value: number, target: number | null): FounderDashboard['metrics'][number] => ({
  key,
  value,
  target,
  expected_by_now: target,
  status: target === null ? null : value >= target ? 'met' : 'behind',
  source: key,
});

/** Launch week with a flagged burst: 18 reservations made, 3 of them flagged, from 12 households. */
const dashboard: FounderDashboard = {
  period: {
    kind: 'launch_week',
    from: '2026-03-01T00:00:00.000Z',
    to: '2026-03-08T00:00:00.000Z',
    launch_day: '2026-03-01',
    elapsed_share: 1,
    as_of: '2026-03-10T12:00:00.000Z',
  },
  metrics: [
    metric('sign_ups', 51, 50),
    metric('interest_reservations', 12, 15),
    metric('verified_reservations', 4, null),
  ],
  interest_reservations: { raw: 18, households: 12, flagged: 3 },
  cancellation_rate: { value: 0, cancelled: 0, reserved: 18, target_below: 0.15, status: 'met' },
  failed_jobs: { total: 0, by_type: [] },
  support: {
    opened: 0,
    open_now: 0,
    first_response: { responded: 0, awaiting: 0, median_minutes: null, max_minutes: null },
    breaches: 0,
    target: 'same_day',
    status: 'met',
  },
  beta_feedback: { available: true, reason: null, count: 0, mean_rating: null, by_reason: [] },
  incidents: { open: [], recent: [] },
  funnels: [],
  daily: [],
};

describe('the founder targets', () => {
  it('judges the reservation target on households and shows raw and flagged beside it', () => {
    render(
      <I18nProvider>
        <TargetsTable data={dashboard} />
      </I18nProvider>,
    );
    const row = screen.getByTestId('target-interest_reservations');
    expect(within(row).getByTestId('target-interest_reservations-actual')).toHaveTextContent('12');
    expect(within(row).getByTestId('target-interest_reservations-status')).toHaveTextContent('Behind');
    expect(within(row).getByTestId('target-interest_reservations-households')).toHaveTextContent('12');
    expect(within(row).getByTestId('target-interest_reservations-raw')).toHaveTextContent('18');
    expect(within(row).getByTestId('target-interest_reservations-flagged')).toHaveTextContent('3');
    expect(within(row).getByText('Counted as distinct households, flagged bursts left out:')).toBeTruthy();
    // Only the reservation target has them.
    expect(screen.getAllByTestId('target-interest_reservations-detail')).toHaveLength(1);
    expect(within(screen.getByTestId('target-sign_ups')).queryByTestId(/-detail$/)).toBeNull();
  });
});
