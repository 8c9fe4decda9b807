/** What the founder dashboard's flows share: their dependencies, with the rollup's lag settled. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import type { DeliveryControls } from '../../platform/delivery-controls';

export interface FounderDeps {
  db: Kysely<DB>;
  clock: Clock;
  controls: DeliveryControls;
  alerts: AlertService;
  /**
   * How old an event's arrival must be before the rollup takes it (a write that started before the
   * mark but committed after it would otherwise be missed). Newer events are counted live.
   */
  rollupLagMs?: number;
}

export interface FounderContext extends FounderDeps {
  lagMs: number;
}

export function createFounderContext(deps: FounderDeps): FounderContext {
  return { ...deps, lagMs: deps.rollupLagMs ?? 5000 };
}
