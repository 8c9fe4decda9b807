/** The column an owner's rows are keyed by (user_id or visitor_id), for the repos that keep both. */
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
