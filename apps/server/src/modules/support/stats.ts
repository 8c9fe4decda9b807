/**
 * What the support module tells the founder dashboard: the conversations opened in a period with
 * their due time and first staff reply (from the messages; internal notes are not replies), and how many are open now.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import * as repo from './stats-repo';

export interface OpenedConversation {
  id: string;
  created_at: Date;
  due_at: Date;
  first_response_at: Date | null;
}

export function openedWithFirstResponse(db: Kysely<DB>, from: Date, to: Date): Promise<OpenedConversation[]> {
  return repo.openedWithFirstResponse(db, from, to);
}

export function openNow(db: Kysely<DB>): Promise<number> {
  return repo.openNow(db);
}
