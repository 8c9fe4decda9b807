/**
 * What the moderation flows share: their dependencies (the narrow parts of the listings, profiles
 * and notifications modules they call), the actions a decision can be appealed from, and telling
 * a listing's reservation holders it is under review.
 */
import type { ModerationAction } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { EmailProvider } from '../../providers/email/email-provider';
import type { Profiles } from '../auth/profiles';
import type { ListingsApi } from '../listings/face';
import type { NotificationsApi } from '../notifications/face';
import { holderNotice } from './messages';

/** What moderation reads of the interest module: who holds reservations of a listing. */
export interface ReservationHolders {
  holdersOf(trx: Transaction<DB>, listingId: string): Promise<string[]>;
}

/** What moderation does to listings: locks and moves their moderation state, reads their summaries. */
export type ModeratedListings = Pick<
  ListingsApi,
  'lockLive' | 'setModeration' | 'dropCaches' | 'moderationSummaries'
>;

export interface ModerationDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  logger: Logger;
  listings: ModeratedListings;
  holders: ReservationHolders;
  notifications: Pick<NotificationsApi, 'notify'>;
  profiles: Pick<Profiles, 'contact' | 'byIds'>;
  email: EmailProvider;
  fingerprintKey: Buffer;
  /** Distinct reporters (by account or visitor and by network) that hide a listing at once. */
  reportsToHide: number;
  publicBaseUrl: string;
}

export type ModerationContext = ModerationDeps;

export function createModerationContext(deps: ModerationDeps): ModerationContext {
  return { ...deps };
}

/** Decisions the owner is told the reason of, and may appeal. */
export const APPEALABLE: readonly ModerationAction[] = ['reject', 'hide', 'request_changes'];

/** Tells everyone holding a reservation of the listing that it is under review (same transaction). */
export async function notifyHolders(
  ctx: ModerationContext,
  trx: Transaction<DB>,
  row: { id: string; title: string },
) {
  for (const userId of await ctx.holders.holdersOf(trx, row.id))
    await ctx.notifications.notify(trx, userId, {
      kind: 'reservation_under_review',
      ...holderNotice(row),
      link: '/dashboard',
    });
}
