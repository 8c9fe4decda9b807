/** What the account flows share: the database, the clock and the parts of every module they gather. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limits';
import type { AuthService } from '../auth/service';
import type { BetaService } from '../beta/service';
import type { DraftsService } from '../drafts/service';
import type { ErrorEvents } from '../error-events/service';
import type { InterestService } from '../interest/service';
import type { JobsService } from '../jobs/service';
import type { ListingsService } from '../listings/service';
import type { MediaService } from '../media/service';
import type { ModerationService } from '../moderation/service';
import type { NotificationsService } from '../notifications/service';
import type { PreordersService } from '../preorders/service';
import type { SavesService } from '../saves/service';
import type { SupportService } from '../support/service';
import type { TranslationsService } from '../translations/service';

export interface AccountDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  limiter: RateLimiter;
  /** The key of erased accounts' pseudonymous references (see pseudonymousRef). */
  pseudonymKey: string;
  auth: AuthService;
  drafts: DraftsService;
  listings: ListingsService;
  media: MediaService;
  saves: SavesService;
  interest: InterestService;
  notifications: NotificationsService;
  support: SupportService;
  beta: BetaService;
  moderation: Pick<ModerationService, 'detachReporter'>;
  jobs: JobsService;
  translations: TranslationsService;
  errorEvents: ErrorEvents;
  preorders: Pick<PreordersService, 'exportFor' | 'eraseFor' | 'detachAfterErasure'>;
}

/** The account flows need nothing beyond their dependencies. */
export type AccountContext = AccountDeps;

/** How an account's requests are named in the error tracker and listing view markers. */
export const actorsOf = (userId: string, visitorIds: readonly string[]) => [
  `user:${userId}`,
  ...visitorIds.map((id) => `visitor:${id}`),
];
