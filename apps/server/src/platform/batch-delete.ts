/**
 * Deleting expired rows a bounded batch at a time: the rows are found by an index and deleted by
 * their physical address, in one short statement, so housekeeping never holds many locks or one
 * long transaction. The table's owner repo calls it with its own table and condition.
 */
import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

/** Deletes up to `limit` rows of `table` matching `where`; returns how many went. */
export async function deleteBatch(
  q: Kysely<DB> | Transaction<DB>,
  table: keyof DB,
  where: RawBuilder<SqlBool>,
  limit: number,
): Promise<number> {
  const result = await sql`
    DELETE FROM ${sql.table(table)} WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM ${sql.table(table)} WHERE ${where} LIMIT ${limit}))`.execute(q);
  return Number(result.numAffectedRows ?? 0);
}
