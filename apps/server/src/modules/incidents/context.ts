/** What the incident flows share: the alert records (platform/alerts), the clock and the people. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { Profiles } from '../auth/profiles';

export interface IncidentsDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  /** Who is named on an incident, and who may own one (staff and founders). */
  profiles: Pick<Profiles, 'byIds' | 'staff'>;
}

export type IncidentsContext = IncidentsDeps;

export function createIncidentsContext(deps: IncidentsDeps): IncidentsContext {
  return { ...deps };
}
