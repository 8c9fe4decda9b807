/** The beta programme's part of a person's account export and erasure (the account module calls these). */
import type { ExportedBetaProgramme } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { BetaContext } from './context';
import * as repo from './repo';

/**
 * A person's part of the beta programme, for their account export: the cohorts they joined,
 * the feedback they sent (as an account or from their visitor sessions, with the staff
 * translation) and the sessions in which they were observed, with their tasks and notes.
 */
export async function exportFor(
  ctx: BetaContext,
  userId: string,
  visitorIds: readonly string[],
): Promise<ExportedBetaProgramme> {
  const [memberships, feedback, sessions] = await Promise.all([
    repo.membershipsOf(ctx.db, [userId]),
    repo.feedbackBy(ctx.db, userId, visitorIds),
    repo.sessionsOf(ctx.db, userId),
  ]);
  const tasks = await repo.tasksOf(
    ctx.db,
    sessions.map((s) => s.id),
  );
  return {
    cohorts: memberships.map((m) => ({
      cohort_id: m.cohort_id,
      cohort_name: m.cohort_name,
      joined_at: m.joined_at.toISOString(),
    })),
    feedback: feedback.map((f) => ({
      id: f.id,
      rating: f.rating,
      reason: f.reason,
      screen: f.screen,
      route: f.route,
      listing_id: f.listing_id,
      draft_id: f.draft_id,
      server_version: f.server_version,
      release_tag: f.release_tag,
      app_version: f.app_version,
      body: f.body,
      body_language: f.body_language,
      translation: f.translation,
      screenshot_media_id: f.screenshot_media_id,
      created_at: f.created_at.toISOString(),
    })),
    observed_sessions: sessions.map((s) => ({
      id: s.id,
      observed_at: s.observed_at.toISOString(),
      consent_text_version: s.consent_text_version,
      tasks: tasks
        .filter((t) => t.session_id === s.id)
        .map((t) => ({ task: t.task, outcome: t.outcome, notes: t.notes })),
      interview_notes: s.interview_notes,
    })),
  };
}

/**
 * A person's part of their account erasure, in its transaction: the feedback they sent (as the
 * account or from its visitor sessions) is kept anonymous — rating, reason, screen, release and
 * time, never their words, screenshot or context — and invitations emailed to their address
 * forget it. Their cohort places go with the account; observed sessions keep the founder's
 * notes without them. Returns how many feedback rows were anonymised.
 */
export async function eraseFor(
  _ctx: BetaContext,
  trx: Transaction<DB>,
  person: { userId: string; visitorIds: readonly string[]; email: string },
): Promise<{ feedback: number }> {
  const feedback = await repo.anonymiseFeedbackOf(trx, person.userId, person.visitorIds);
  await repo.forgetInvitationEmail(trx, person.email);
  return { feedback };
}
