/** What the saves module's flows share: their dependencies, listings through the narrow interface saves use. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import type { ProductEvents } from '../../platform/product-events';
import type { ListingsForSaves } from '../listings/face';

export interface SavesDeps {
  db: Kysely<DB>;
  clock: Clock;
  events: ProductEvents;
  /** The listings saved: made before this service (listings hear of saves through hooks). */
  listings: ListingsForSaves;
}

export type SavesContext = SavesDeps;
