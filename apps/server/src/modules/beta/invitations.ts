/**
 * Invitations: codes for a cohort (or one emailed to an address), their list and withdrawal, and a
 * code's redemption by a signed-in person or with a new account at sign-up.
 */
import { randomInt } from 'node:crypto';
import type { BetaInvitation, CreateBetaInvitationsRequest, Locale } from '@kitwright/contracts';
import type { Transaction } from 'kysely';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { enforceLimit } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import { supportPage } from '../../providers/email/layout';
import { audited, type BetaContext, iso } from './context';
import { invitationEmail } from './emails';
import * as repo from './repo';

/** Invitation codes: no 0/O or 1/I, so a code read aloud or copied by hand still works. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

class AlreadyTester extends Error {}

const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function invitationStatus(row: repo.InvitationRow, now: Date): BetaInvitation['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (row.redemptions >= row.max_redemptions) return 'used_up';
  return 'active';
}

const REFUSALS: Record<string, string> = {
  unknown: 'This invitation code does not exist. Check it and try again.',
  expired: 'This invitation has expired. Ask for a new one.',
  revoked: 'This invitation was withdrawn. Ask for a new one.',
  used_up: 'This invitation has been used as many times as it allows. Ask for a new one.',
};

function refused(reason: keyof typeof REFUSALS | 'active'): AppError {
  const r = reason === 'active' ? 'used_up' : reason;
  return new AppError('INVITATION_UNAVAILABLE', REFUSALS[r], { reason: r });
}

const linkOf = (ctx: BetaContext, code: string) =>
  `${ctx.settings.publicBaseUrl}/invite/${encodeURIComponent(code)}`;

function toInvitation(ctx: BetaContext, row: repo.InvitationRow, now: Date): BetaInvitation {
  return {
    id: row.id,
    cohort_id: row.cohort_id,
    code: row.code,
    link: linkOf(ctx, row.code),
    max_redemptions: row.max_redemptions,
    redemptions: row.redemptions,
    status: invitationStatus(row, now),
    expires_at: iso(row.expires_at),
    email: row.email,
    locale: row.locale,
    revoked_at: iso(row.revoked_at),
    created_at: row.created_at.toISOString(),
  };
}

/** What a request for invitations may not ask for (an emailed one is one code, expiring later). */
function checkInvitationsRequest(
  body: CreateBetaInvitationsRequest,
  count: number,
  expiresAt: Date | null,
  now: Date,
) {
  const problems: Record<string, string> = {};
  if (body.email && count !== 1) problems.count = 'must be 1 when the invitation is emailed';
  if (expiresAt && expiresAt.getTime() <= now.getTime()) problems.expires_at = 'must be in the future';
  if (body.locale && !body.email) problems.locale = 'goes with email';
  if (Object.keys(problems).length > 0)
    throw new AppError('VALIDATION_FAILED', undefined, { fields: problems });
}

/** Codes for a cohort, or one code emailed to an address (sent after the codes are stored). */
export async function createInvitations(
  ctx: BetaContext,
  founder: SignedInUser,
  cohortId: string,
  body: CreateBetaInvitationsRequest,
) {
  const now = ctx.clock.now();
  const count = body.count ?? 1;
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  checkInvitationsRequest(body, count, expiresAt, now);
  const locale: Locale | null = body.email ? (body.locale ?? 'en') : null;
  const rows = await audited(ctx, async (trx, audit) => {
    const cohort = await repo.findCohort(trx, cohortId);
    if (!cohort) throw new AppError('NOT_FOUND');
    const made = await repo.insertInvitations(
      trx,
      Array.from({ length: count }, () => ({
        id: newId(),
        cohort_id: cohortId,
        code: newCode(),
        max_redemptions: body.max_redemptions ?? 1,
        expires_at: expiresAt,
        email: body.email?.toLowerCase() ?? null,
        locale,
        created_by: founder.id,
        created_at: now,
      })),
    );
    await audit({
      actor: { type: 'user', id: founder.id },
      action: 'beta.invitations_created',
      resourceType: 'beta_cohort',
      resourceId: cohortId,
      details: {
        count,
        max_redemptions: body.max_redemptions ?? 1,
        expires_at: iso(expiresAt),
        emailed: Boolean(body.email),
        invitation_ids: made.map((m) => m.id),
      },
    });
    return made;
  });
  const first = rows[0];
  if (body.email && locale && first)
    await ctx.email.send(
      invitationEmail(
        body.email,
        locale,
        { code: first.code, link: linkOf(ctx, first.code), expiresAt },
        supportPage(ctx.settings.publicBaseUrl),
      ),
    );
  return { items: rows.map((r) => toInvitation(ctx, r, now)) };
}

export async function listInvitations(ctx: BetaContext, cohortId: string) {
  if (!(await repo.findCohort(ctx.db, cohortId))) throw new AppError('NOT_FOUND');
  const now = ctx.clock.now();
  return { items: (await repo.invitationsOf(ctx.db, cohortId)).map((r) => toInvitation(ctx, r, now)) };
}

/** Withdraws an invitation: its code is refused from now on; who joined with it stays. */
export async function revokeInvitation(ctx: BetaContext, founder: SignedInUser, invitationId: string) {
  const row = await audited(ctx, async (trx, audit) => {
    const existing = await repo.findInvitation(trx, invitationId);
    if (!existing) throw new AppError('NOT_FOUND');
    if (existing.revoked_at) return existing;
    const revoked = await repo.revokeInvitation(trx, invitationId, founder.id, ctx.clock.now());
    await audit({
      actor: { type: 'user', id: founder.id },
      action: 'beta.invitation_revoked',
      resourceType: 'beta_invitation',
      resourceId: invitationId,
      details: { cohort_id: existing.cohort_id, redemptions: existing.redemptions },
    });
    return revoked ?? existing;
  });
  return toInvitation(ctx, row, ctx.clock.now());
}

/**
 * Takes one redemption of a code for a person, in the caller's transaction: the person becomes a
 * tester of the code's cohort. A code that is unknown, expired, withdrawn or used up is refused
 * (INVITATION_UNAVAILABLE); someone already in the cohort keeps their place and uses nothing.
 */
async function claim(ctx: BetaContext, trx: Transaction<DB>, rawCode: string, userId: string) {
  const code = normaliseCode(rawCode);
  const now = ctx.clock.now();
  const invitation = /^[A-Z0-9]{6,32}$/.test(code) ? await repo.findInvitationByCode(trx, code) : undefined;
  if (!invitation) throw refused('unknown');
  const cohort = await repo.findCohort(trx, invitation.cohort_id);
  const mine = (await repo.membershipsOf(trx, [userId])).find((m) => m.cohort_id === invitation.cohort_id);
  if (mine) throw new AlreadyTester();
  const taken = await repo.takeRedemption(trx, code, now);
  if (!taken) throw refused(invitationStatus(invitation, now));
  const tester = await repo.insertTester(trx, {
    id: newId(),
    cohort_id: taken.cohort_id,
    user_id: userId,
    invitation_id: taken.id,
    joined_at: now,
  });
  // Joined by a parallel request meanwhile: this redemption is rolled back with the transaction.
  if (!tester) throw new AlreadyTester();
  return { cohort_id: taken.cohort_id, cohort_name: cohort?.name ?? '', joined_at: now.toISOString() };
}

/** POST /api/beta/invitations/{code}/redeem by a signed-in person. */
export async function redeem(ctx: BetaContext, user: SignedInUser, code: string) {
  await enforceLimit(
    ctx.limiter,
    `beta-redeem:${user.id}`,
    RATE_LIMITS.betaRedeemsPerUser,
    'Too many invitation codes were tried from your account. Try again later.',
  );
  try {
    const membership = await ctx.db.transaction().execute((trx) => claim(ctx, trx, code, user.id));
    return { membership, already_tester: false };
  } catch (err) {
    if (!(err instanceof AlreadyTester)) throw err;
    const invitation = await repo.findInvitationByCode(ctx.db, normaliseCode(code));
    const mine = (await repo.membershipsOf(ctx.db, [user.id])).find(
      (m) => m.cohort_id === invitation?.cohort_id,
    );
    if (!mine) throw refused('unknown');
    return {
      membership: {
        cohort_id: mine.cohort_id,
        cohort_name: mine.cohort_name,
        joined_at: mine.joined_at.toISOString(),
      },
      already_tester: true,
    };
  }
}

/**
 * Registration with an invitation code (auth calls this in the account's transaction): the
 * code is redeemed with the account, or the account is not made. Refuses a registration
 * without a code while sign-up is invitation-only (BETA_INVITE_ONLY_SIGN_UP).
 */
export async function claimForSignUp(
  ctx: BetaContext,
  trx: Transaction<DB>,
  code: string | null | undefined,
  userId: string,
) {
  if (!code) {
    if (ctx.settings.inviteOnlySignUp) throw new AppError('INVITATION_REQUIRED');
    return null;
  }
  try {
    return await claim(ctx, trx, code, userId);
  } catch (err) {
    // A brand-new account is in no cohort yet; keep the type checker and the reader honest.
    if (err instanceof AlreadyTester) return null;
    throw err;
  }
}
