/** What the account flows share: the database, the clock, the account itself and every module's personal-data part. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { PersonalDataPart } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limits';
import type { AuthApi } from '../auth/face';

export interface AccountDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  limiter: RateLimiter;
  /** The key of erased accounts' pseudonymous references (see pseudonymousRef). */
  pseudonymKey: string;
  /** The account itself: the subject of the export and erasure, erased last. */
  auth: AuthApi['accounts'];
  /** Every module's personal-data part, in the composition's list order. */
  parts: readonly PersonalDataPart[];
}

/** The account flows need nothing beyond their dependencies. */
export type AccountContext = AccountDeps;
