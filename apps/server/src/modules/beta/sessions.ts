/** The founder's observed sessions: recorded with the tester's consent, changed, listed and read by staff. */
import type { BetaSession, CreateBetaSessionRequest, UpdateBetaSessionRequest } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { SignedInUser } from '../../platform/viewer';
import { audited, type BetaContext } from './context';
import * as repo from './repo';

async function toSessions(ctx: BetaContext, rows: repo.SessionRow[]): Promise<BetaSession[]> {
  const tasks = await repo.tasksOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const people = await ctx.people(rows.flatMap((r) => (r.tester_user_id ? [r.tester_user_id] : [])));
  return rows.map((r) => ({
    id: r.id,
    tester: {
      user_id: r.tester_user_id,
      display_name: r.tester_user_id ? (people.get(r.tester_user_id)?.display_name ?? null) : null,
      label: r.tester_label,
    },
    consent_given: r.consent_given,
    consent_text_version: r.consent_text_version,
    observed_at: r.observed_at.toISOString(),
    tasks: tasks
      .filter((t) => t.session_id === r.id)
      .map((t) => ({ task: t.task, outcome: t.outcome, notes: t.notes })),
    linked_issues: r.linked_issues,
    interview_notes: r.interview_notes,
    recorded_by: r.recorded_by,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  }));
}

const toSession = async (ctx: BetaContext, row: repo.SessionRow) =>
  (await toSessions(ctx, [row]))[0] as BetaSession;

const taskRows = (tasks: CreateBetaSessionRequest['tasks']) =>
  tasks.map((t) => ({ task: t.task.trim(), outcome: t.outcome, notes: t.notes ?? null }));

/** A session is recorded only with consent, and names its tester by account or by label. */
async function checkNewSession(ctx: BetaContext, body: CreateBetaSessionRequest, label: string | null) {
  const problems: Record<string, string> = {};
  if (!body.consent_given) problems.consent_given = 'must be true: a session is recorded only with consent';
  if (!body.tester_user_id && !label) problems.tester_user_id = 'or tester_label is required';
  if (Object.keys(problems).length > 0)
    throw new AppError('VALIDATION_FAILED', 'The session cannot be recorded as sent.', {
      fields: problems,
    });
  if (body.tester_user_id && !(await ctx.people([body.tester_user_id])).has(body.tester_user_id))
    throw new AppError('NOT_FOUND', 'No account has this tester_user_id.');
}

export async function createSession(ctx: BetaContext, founder: SignedInUser, body: CreateBetaSessionRequest) {
  const label = body.tester_label?.trim() || null;
  await checkNewSession(ctx, body, label);
  const now = ctx.clock.now();
  const row = await audited(ctx, async (trx, audit) => {
    const session = await repo.insertSession(trx, {
      id: newId(),
      tester_user_id: body.tester_user_id ?? null,
      tester_label: label,
      consent_given: true,
      consent_text_version: body.consent_text_version.trim(),
      observed_at: body.observed_at ? new Date(body.observed_at) : now,
      linked_issues: body.linked_issues ?? [],
      interview_notes: body.interview_notes ?? null,
      recorded_by: founder.id,
      created_at: now,
      updated_at: now,
    });
    await repo.replaceTasks(trx, session.id, taskRows(body.tasks));
    await audit({
      actor: { type: 'user', id: founder.id },
      action: 'beta.session_recorded',
      resourceType: 'beta_session',
      resourceId: session.id,
      details: { tasks: body.tasks.length, consent_text_version: session.consent_text_version },
    });
    return session;
  });
  return toSession(ctx, row);
}

export async function updateSession(
  ctx: BetaContext,
  founder: SignedInUser,
  id: string,
  body: UpdateBetaSessionRequest,
) {
  const row = await audited(ctx, async (trx, audit) => {
    const existing = await repo.findSession(trx, id, { lock: true });
    if (!existing) throw new AppError('NOT_FOUND');
    const label = body.tester_label === undefined ? existing.tester_label : body.tester_label?.trim() || null;
    if (!existing.tester_user_id && !label)
      throw new AppError('VALIDATION_FAILED', 'A session without a tester account keeps its label.', {
        fields: { tester_label: 'is required without tester_user_id' },
      });
    const updated = await repo.updateSession(trx, id, {
      tester_label: label,
      ...(body.observed_at ? { observed_at: new Date(body.observed_at) } : {}),
      ...(body.linked_issues ? { linked_issues: body.linked_issues } : {}),
      ...(body.interview_notes !== undefined ? { interview_notes: body.interview_notes } : {}),
      updated_at: ctx.clock.now(),
    });
    if (body.tasks) await repo.replaceTasks(trx, id, taskRows(body.tasks));
    await audit({
      actor: { type: 'user', id: founder.id },
      action: 'beta.session_updated',
      resourceType: 'beta_session',
      resourceId: id,
      details: { fields: Object.keys(body).sort() },
    });
    return updated ?? existing;
  });
  return toSession(ctx, row);
}

export async function getSession(ctx: BetaContext, id: string) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await repo.findSession(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return toSession(ctx, row);
}

export async function listSessions(
  ctx: BetaContext,
  query: { cursor?: string | undefined; limit?: number | undefined },
) {
  const limit = query.limit ?? 20;
  const after = query.cursor ? readTimeCursor(query.cursor) : null;
  const rows = await repo.sessionPage(ctx.db, after, limit);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.observed_at, id: r.id }));
  return { items: await toSessions(ctx, page), next_cursor };
}
