/**
 * Newest-first keyset pages over (timestamp, id): the cursor is the last row's key, opaque to
 * clients (base64url of `iso|uuid`), so a page never scans an offset and stays stable while rows
 * are added.
 */
import { type RawBuilder, sql } from 'kysely';
import { AppError } from './errors';
import { isUuid } from './ids';

export interface TimeKey {
  at: Date;
  id: string;
}

/** Reads a cursor made by `pageOf`, or refuses it as VALIDATION_FAILED. */
export function readTimeCursor(cursor: string): TimeKey {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !isUuid(id) || Number.isNaN(Date.parse(at)))
    throw new AppError('VALIDATION_FAILED', 'The cursor is not valid.', { fields: { cursor: 'is invalid' } });
  return { at: new Date(at), id };
}

/** Splits `limit + 1` fetched rows into the page and the cursor of the next one (null at the end). */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => TimeKey,
): { page: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (rows.length <= limit || !last) return { page, next_cursor: null };
  const key = keyOf(last);
  return { page, next_cursor: Buffer.from(`${key.at.toISOString()}|${key.id}`).toString('base64url') };
}

/**
 * The keyset condition of a newest-first page: rows whose (timestamp, id) sorts after the cursor's,
 * as one row comparison (which a (timestamp, id) index serves). Columns may be qualified (`f.id`).
 */
export function olderThan(atColumn: string, idColumn: string, after: TimeKey): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) < (${after.at}, ${after.id})`;
}
