/** A listing's interest figures as every page shows them, from the counters its row keeps. */
import type { InterestSummary } from '@kitwright/contracts';
import type { ListingRow } from './repo';

type CounterColumns =
  | 'reservation_count'
  | 'verified_reservation_count'
  | 'visitor_reservation_count'
  | 'household_count'
  | 'reservation_quantity'
  | 'save_count'
  | 'view_count';

export function interestSummaryOf(row: Pick<ListingRow, CounterColumns>): InterestSummary {
  return {
    reservations: row.reservation_count,
    verified_reservations: row.verified_reservation_count,
    visitor_reservations: row.visitor_reservation_count,
    households: row.household_count,
    quantity: row.reservation_quantity,
    saves: row.save_count,
    views: row.view_count,
  };
}
