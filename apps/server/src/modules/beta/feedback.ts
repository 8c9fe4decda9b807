/**
 * Feedback from testers and visitors: rated, with its screen, context and release, its free text
 * kept in its language with a machine translation for staff; and the staff list of it.
 */
import {
  type BetaFeedback,
  type BetaFeedbackQuery,
  type BetaFeedbackRequest,
  type Locale,
  resolveLocale,
} from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { enforceLimit } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner, SignedInUser } from '../../platform/viewer';
import { type BetaContext, STAFF_LANGUAGE, textOf } from './context';
import * as repo from './repo';

type Who = { user: SignedInUser | null; owner: Owner };
type FeedbackMeta = {
  acceptLanguage: string | null;
  ip: string | null;
  ensureVisitor: () => Promise<string>;
};

/** Per network and per person (account or visitor session), an hour's feedback is limited. */
async function limitFeedback(ctx: BetaContext, owner: Owner, ip: string | null) {
  await enforceLimit(
    ctx.limiter,
    `beta-feedback-ip:${sha256Hex(ip ?? 'unknown')}`,
    RATE_LIMITS.betaFeedbackPerIp,
    'Too much feedback was sent from your network in the last hour. Thank you; try again later.',
  );
  if (owner.userId || owner.visitorId)
    await enforceLimit(
      ctx.limiter,
      `beta-feedback:${owner.userId ?? owner.visitorId}`,
      RATE_LIMITS.betaFeedbackPerViewer,
      'You have sent a lot of feedback in the last hour. Thank you; try again later.',
    );
}

/** Drafts and screenshots need an account; the listing, draft and upload must be the sender's to name. */
async function checkFeedbackContext(ctx: BetaContext, user: SignedInUser | null, body: BetaFeedbackRequest) {
  const context = body.context ?? {};
  const needsAccount: Record<string, string> = {};
  if (!user && context.draft_id) needsAccount['context.draft_id'] = 'needs a signed-in account';
  if (!user && body.screenshot_media_id) needsAccount.screenshot_media_id = 'needs a signed-in account';
  if (Object.keys(needsAccount).length > 0)
    throw new AppError('VALIDATION_FAILED', 'Drafts and screenshots belong to accounts: sign in first.', {
      fields: needsAccount,
    });
  if (context.listing_id) await ctx.feedbackContext.visibleListing(user, context.listing_id);
  if (user && context.draft_id) await ctx.feedbackContext.ownDraft(user, context.draft_id);
  if (user && body.screenshot_media_id) {
    const file = await ctx.feedbackContext.ownUpload(user, body.screenshot_media_id);
    if (file.kind !== 'image')
      throw new AppError('VALIDATION_FAILED', 'A screenshot must be an image upload.', {
        fields: { screenshot_media_id: 'is not an image' },
      });
  }
}

/** The staff translation of a text not in the staff language (none when it is, or there is no text). */
async function translateForStaff(ctx: BetaContext, text: string | null, language: Locale) {
  let translation: string | null = null;
  let status: repo.FeedbackRow['translation_status'] = 'not_needed';
  if (text && language !== STAFF_LANGUAGE) {
    try {
      translation = (await ctx.translation.translate([text], language, STAFF_LANGUAGE))[0] ?? null;
      status = translation === null ? 'unavailable' : 'translated';
    } catch (err) {
      ctx.logger.warn({ err }, 'beta feedback translation failed');
      status = 'failed';
    }
  }
  return { translation, status };
}

async function emitSubmitted(
  ctx: BetaContext,
  owner: Owner,
  row: repo.FeedbackRow,
  text: string | null,
  language: Locale,
) {
  const tester = owner.userId ? (await repo.membershipsOf(ctx.db, [owner.userId]))[0] : undefined;
  await ctx.events.emit(
    'beta_feedback_submitted',
    {
      beta_tester_id: tester?.tester_id ?? null,
      user_id: owner.userId,
      flow: row.screen,
      rating: row.rating,
      reason_category: row.reason,
      // The text itself stays in the beta_feedback row (localised, translated for staff):
      // analytics learn only that there is one, in which language, and how long it is.
      free_text: text
        ? { stored_in: 'beta_feedback', feedback_id: row.id, language, characters: text.length }
        : {},
    },
    {
      userId: owner.userId,
      sessionId: owner.visitorId,
      route: 'POST /api/beta/feedback',
    },
  );
}

/** POST /api/beta/feedback: from a signed-in person or a visitor session (made if needed). */
export async function submitFeedback(
  ctx: BetaContext,
  who: Who,
  body: BetaFeedbackRequest,
  meta: FeedbackMeta,
) {
  const { user } = who;
  await limitFeedback(ctx, who.owner, meta.ip);
  await checkFeedbackContext(ctx, user, body);
  const context = body.context ?? {};
  let owner = who.owner;
  if (!owner.userId && !owner.visitorId) owner = { userId: null, visitorId: await meta.ensureVisitor() };

  const text = body.text?.trim() || null;
  const language = body.language ?? resolveLocale(meta.acceptLanguage);
  const { translation, status } = await translateForStaff(ctx, text, language);
  const release = await ctx.release();
  const row = await repo.insertFeedback(ctx.db, {
    id: newId(),
    user_id: owner.userId,
    visitor_id: owner.userId ? null : owner.visitorId,
    rating: body.rating,
    reason: body.reason,
    screen: body.screen,
    route: context.route ?? null,
    listing_id: context.listing_id ?? null,
    draft_id: context.draft_id ?? null,
    server_version: release.version,
    release_tag: release.release,
    app_version: body.app_version ?? null,
    body: text,
    body_language: language,
    translation_language: STAFF_LANGUAGE,
    translation,
    translation_status: status,
    translation_provider: text && language !== STAFF_LANGUAGE ? ctx.translation.id : null,
    screenshot_media_id: body.screenshot_media_id ?? null,
    created_at: ctx.clock.now(),
  });
  await emitSubmitted(ctx, owner, row, text, language);
  return {
    id: row.id,
    rating: row.rating,
    reason: row.reason,
    screen: row.screen,
    release: {
      server_version: row.server_version,
      release_tag: row.release_tag,
      app_version: row.app_version,
    },
    created_at: row.created_at.toISOString(),
  };
}

/** The staff list of feedback, newest first, with the original text and its translation. */
export async function listFeedback(ctx: BetaContext, query: BetaFeedbackQuery) {
  const limit = query.limit ?? 20;
  const after = query.cursor ? readTimeCursor(query.cursor) : null;
  const rows = await repo.feedbackPage(ctx.db, query, after, limit);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.created_at, id: r.id }));
  const memberships = await repo.membershipsOf(
    ctx.db,
    page.flatMap((r) => (r.user_id ? [r.user_id] : [])),
  );
  const items: BetaFeedback[] = page.map((r) => ({
    id: r.id,
    rating: r.rating,
    reason: r.reason,
    screen: r.screen,
    context: { route: r.route, listing_id: r.listing_id, draft_id: r.draft_id },
    release: { server_version: r.server_version, release_tag: r.release_tag, app_version: r.app_version },
    text: textOf(r),
    screenshot_media_id: r.screenshot_media_id,
    author: {
      kind: r.user_id ? 'user' : r.visitor_id ? 'visitor' : 'unknown',
      user_id: r.user_id,
      cohorts: memberships
        .filter((m) => m.user_id === r.user_id)
        .map((m) => ({ id: m.cohort_id, name: m.cohort_name })),
    },
    created_at: r.created_at.toISOString(),
  }));
  return { items, next_cursor };
}
