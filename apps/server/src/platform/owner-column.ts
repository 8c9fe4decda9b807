/** The column an owner's rows are keyed by (user_id or visitor_id), for the repos that keep both. */
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Owner } from './viewer';

export type { Owner };

export function ownerColumn(owner: Owner): { column: 'user_id' | 'visitor_id'; value: string } {
  if (owner.userId) return { column: 'user_id', value: owner.userId };
  if (owner.visitorId) return { column: 'visitor_id', value: owner.visitorId };
  throw new Error('an owner needs a user or a visitor session');
}

export function hasOwner(owner: Owner): boolean {
  return owner.userId !== null || owner.visitorId !== null;
}

/**
 * Rows of one person: those keyed by their account, or by one of the visitor sessions they used
 * before signing in (an export, an erasure). Column names are the repo's own.
 */
export function ofPerson(
  columns: { user: string; visitor: string },
  userId: string,
  visitorIds: readonly string[],
): RawBuilder<SqlBool> {
  return visitorIds.length > 0
    ? sql<SqlBool>`(${sql.ref(columns.user)} = ${userId} OR ${sql.ref(columns.visitor)} IN (${sql.join([...visitorIds])}))`
    : sql<SqlBool>`${sql.ref(columns.user)} = ${userId}`;
}
