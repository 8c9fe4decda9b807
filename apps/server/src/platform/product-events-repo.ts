/** SQL for the local mirror of product events (owned by platform/product-events.ts). */
import type { Insertable, Kysely } from 'kysely';
import type { DB, ProductEventsTable } from '../db/schema';

export async function insertEvents(db: Kysely<DB>, events: Insertable<ProductEventsTable>[]) {
  if (events.length === 0) return;
  await db.insertInto('product_events').values(events).execute();
}
