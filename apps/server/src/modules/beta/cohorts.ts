/** Cohorts of testers: the founder makes them, staff list them, a person sees their own places. */
import type { BetaCohort, MyBeta } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import { audited, type BetaContext } from './context';
import * as repo from './repo';

function toCohort(row: repo.CohortSummaryRow): BetaCohort {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    testers: row.testers,
    invitations: row.invitations,
    redemptions: row.redemptions,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function createCohort(
  ctx: BetaContext,
  founder: SignedInUser,
  body: { name: string; description?: string | undefined },
) {
  const name = body.name.trim();
  if (!name) throw new AppError('VALIDATION_FAILED', undefined, { fields: { name: 'is empty' } });
  try {
    const row = await audited(ctx, async (trx, audit) => {
      const cohort = await repo.insertCohort(trx, {
        id: newId(),
        name,
        description: body.description?.trim() || null,
        created_by: founder.id,
        created_at: ctx.clock.now(),
      });
      await audit({
        actor: { type: 'user', id: founder.id },
        action: 'beta.cohort_created',
        resourceType: 'beta_cohort',
        resourceId: cohort.id,
        details: { name },
      });
      return cohort;
    });
    return toCohort({ ...row, testers: 0, invitations: 0, redemptions: 0 });
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      throw new AppError('CONFLICT', 'A cohort with this name already exists.', { field: 'name' });
    throw err;
  }
}

export async function listCohorts(ctx: BetaContext) {
  return { items: (await repo.cohortSummaries(ctx.db)).map(toCohort) };
}

export async function myBeta(ctx: BetaContext, userId: string): Promise<MyBeta> {
  const rows = await repo.membershipsOf(ctx.db, [userId]);
  return {
    tester: rows.length > 0,
    cohorts: rows.map((m) => ({
      cohort_id: m.cohort_id,
      cohort_name: m.cohort_name,
      joined_at: m.joined_at.toISOString(),
    })),
  };
}

/** Whether someone who is a tester of a cohort (for other modules' summaries). */
export async function isTester(ctx: BetaContext, userId: string): Promise<boolean> {
  return (await repo.membershipsOf(ctx.db, [userId])).length > 0;
}
