/** SQL of the beta programme's tables: cohorts, invitations, testers, feedback and observed sessions. */
import {
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB } from '../../db/schema';
import { ofPerson } from '../../platform/owner-column';
import { olderThan, type TimeKey } from '../../platform/pagination';

type Q = Kysely<DB> | Transaction<DB>;

// Cohorts

export function insertCohort(
  q: Q,
  row: { id: string; name: string; description: string | null; created_by: string; created_at: Date },
) {
  return q.insertInto('beta_cohorts').values(row).returningAll().executeTakeFirstOrThrow();
}

export interface CohortSummaryRow {
  id: string;
  name: string;
  description: string | null;
  created_at: Date;
  testers: number;
  invitations: number;
  redemptions: number;
}

export async function cohortSummaries(q: Q, ids?: readonly string[]): Promise<CohortSummaryRow[]> {
  if (ids && ids.length === 0) return [];
  const r = await sql<CohortSummaryRow>`
    SELECT c.id, c.name, c.description, c.created_at,
      (SELECT count(*)::int FROM beta_testers t WHERE t.cohort_id = c.id) AS testers,
      (SELECT count(*)::int FROM beta_invitations i WHERE i.cohort_id = c.id) AS invitations,
      (SELECT coalesce(sum(i.redemptions), 0)::int FROM beta_invitations i WHERE i.cohort_id = c.id) AS redemptions
    FROM beta_cohorts c
    ${ids ? sql`WHERE c.id IN (${sql.join([...ids])})` : sql``}
    ORDER BY c.created_at DESC, c.id DESC`.execute(q);
  return r.rows;
}

export function findCohort(q: Q, id: string) {
  return q.selectFrom('beta_cohorts').selectAll().where('id', '=', id).executeTakeFirst();
}

// Invitations

export type InvitationRow = Selectable<DB['beta_invitations']>;
export type FeedbackRow = Selectable<DB['beta_feedback']>;
export type SessionRow = Selectable<DB['beta_sessions']>;

export function insertInvitations(
  q: Q,
  rows: Array<{
    id: string;
    cohort_id: string;
    code: string;
    max_redemptions: number;
    expires_at: Date | null;
    email: string | null;
    locale: 'en' | 'fr' | 'de' | null;
    created_by: string;
    created_at: Date;
  }>,
) {
  return q.insertInto('beta_invitations').values(rows).returningAll().execute();
}

export function invitationsOf(q: Q, cohortId: string) {
  return q
    .selectFrom('beta_invitations')
    .selectAll()
    .where('cohort_id', '=', cohortId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
}

export function findInvitation(q: Q, id: string) {
  return q.selectFrom('beta_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationByCode(q: Q, code: string) {
  return q.selectFrom('beta_invitations').selectAll().where('code', '=', code).executeTakeFirst();
}

export function revokeInvitation(q: Q, id: string, by: string, at: Date) {
  return q
    .updateTable('beta_invitations')
    .set({ revoked_at: at, revoked_by: by })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one redemption of a usable code in one statement: it matches only while the code is not
 * revoked, not expired and below its limit, so parallel redemptions never pass the limit.
 */
export function takeRedemption(q: Q, code: string, now: Date) {
  return q
    .updateTable('beta_invitations')
    .set((eb) => ({ redemptions: eb('redemptions', '+', 1) }))
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .whereRef('redemptions', '<', 'max_redemptions')
    .returningAll()
    .executeTakeFirst();
}

// Testers

/** Adds the person to the cohort; undefined when they already are a tester of it. */
export function insertTester(
  q: Q,
  row: { id: string; cohort_id: string; user_id: string; invitation_id: string; joined_at: Date },
) {
  return q
    .insertInto('beta_testers')
    .values(row)
    .onConflict((oc) => oc.columns(['cohort_id', 'user_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function membershipsOf(q: Q, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('beta_testers as t')
    .innerJoin('beta_cohorts as c', 'c.id', 't.cohort_id')
    .select(['t.id as tester_id', 't.user_id', 't.cohort_id', 'c.name as cohort_name', 't.joined_at'])
    .where('t.user_id', 'in', [...userIds])
    .orderBy('t.joined_at')
    .execute();
}

// Feedback

export function insertFeedback(q: Q, row: Insertable<DB['beta_feedback']>) {
  return q.insertInto('beta_feedback').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function feedbackPage(
  q: Q,
  f: {
    screen?: string | undefined;
    reason?: FeedbackRow['reason'] | undefined;
    rating?: number | undefined;
    release?: string | undefined;
    cohort?: string | undefined;
  },
  after: TimeKey | null,
  limit: number,
) {
  let query = q.selectFrom('beta_feedback as f').selectAll('f');
  if (f.screen) query = query.where('f.screen', '=', f.screen);
  if (f.reason) query = query.where('f.reason', '=', f.reason);
  if (f.rating) query = query.where('f.rating', '=', f.rating);
  if (f.release) {
    const release = f.release;
    query = query.where((eb) =>
      eb.or([
        eb('f.release_tag', '=', release),
        eb('f.server_version', '=', release),
        eb('f.app_version', '=', release),
      ]),
    );
  }
  if (f.cohort) {
    const cohort = f.cohort;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('beta_testers as t')
          .select('t.id')
          .whereRef('t.user_id', '=', 'f.user_id')
          .where('t.cohort_id', '=', cohort),
      ),
    );
  }
  if (after) query = query.where(olderThan('f.created_at', 'f.id', after));
  return query
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function feedbackBetween(q: Q, from: Date, to: Date) {
  return q
    .selectFrom('beta_feedback')
    .selectAll()
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// Sessions

export function insertSession(q: Q, row: Insertable<DB['beta_sessions']>) {
  return q.insertInto('beta_sessions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateSession(q: Q, id: string, set: Updateable<DB['beta_sessions']>) {
  return q.updateTable('beta_sessions').set(set).where('id', '=', id).returningAll().executeTakeFirst();
}

export function findSession(q: Q, id: string, options: { lock?: boolean } = {}) {
  const query = q.selectFrom('beta_sessions').selectAll().where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function replaceTasks(
  q: Q,
  sessionId: string,
  tasks: ReadonlyArray<{ task: string; outcome: 'success' | 'struggled' | 'failed'; notes: string | null }>,
) {
  await q.deleteFrom('beta_session_tasks').where('session_id', '=', sessionId).execute();
  if (tasks.length > 0)
    await q
      .insertInto('beta_session_tasks')
      .values(tasks.map((t, position) => ({ session_id: sessionId, position, ...t })))
      .execute();
}

export function tasksOf(q: Q, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return q
    .selectFrom('beta_session_tasks')
    .selectAll()
    .where('session_id', 'in', [...sessionIds])
    .orderBy('session_id')
    .orderBy('position')
    .execute();
}

export function sessionPage(q: Q, after: TimeKey | null, limit: number) {
  let query = q.selectFrom('beta_sessions').selectAll();
  if (after) query = query.where(olderThan('observed_at', 'id', after));
  return query
    .orderBy('observed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
}

export function sessionsBetween(q: Q, from: Date, to: Date) {
  return q
    .selectFrom('beta_sessions')
    .selectAll()
    .where('observed_at', '>=', from)
    .where('observed_at', '<', to)
    .execute();
}

// One person's part of the programme (their account export)

export function feedbackBy(q: Q, userId: string, visitorIds: readonly string[]) {
  return q
    .selectFrom('beta_feedback')
    .selectAll()
    .where(ofPerson({ user: 'user_id', visitor: 'visitor_id' }, userId, visitorIds))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function sessionsOf(q: Q, userId: string) {
  return q
    .selectFrom('beta_sessions')
    .selectAll()
    .where('tester_user_id', '=', userId)
    .orderBy('observed_at')
    .orderBy('id')
    .execute();
}

/**
 * A person's feedback, kept without them (their account erasure): no link to them, no text or
 * translation, no screenshot, no route, listing or draft. The rating, reason, screen, release and
 * time stay: they are counted, and say nothing of who sent them. Returns how many rows.
 */
export async function anonymiseFeedbackOf(
  trx: Transaction<DB>,
  userId: string,
  visitorIds: readonly string[],
) {
  const result = await trx
    .updateTable('beta_feedback')
    .set({
      user_id: null,
      visitor_id: null,
      body: null,
      translation: null,
      translation_status: 'not_needed',
      translation_provider: null,
      route: null,
      listing_id: null,
      draft_id: null,
      screenshot_media_id: null,
    })
    .where(ofPerson({ user: 'user_id', visitor: 'visitor_id' }, userId, visitorIds))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Invitations emailed to an address (stored lower-case) forget it; the invitation itself stays. */
export async function forgetInvitationEmail(trx: Transaction<DB>, email: string) {
  const result = await trx
    .updateTable('beta_invitations')
    .set({ email: null })
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
