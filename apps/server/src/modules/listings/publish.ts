/**
 * Publishing a draft as a listing its owner owns. It needs the publishing flag, a valid kit, an
 * allowed use case, clean safety answers and the owner's acceptance of the current licence text;
 * automatic checks decide whether it goes live at once or waits for a person. Audited.
 */
import {
  BLOCKED_USE_CASE_REASONS,
  type ListingDetail,
  type PublishRequest,
  promptUseRestrictions,
  SAFETY_QUESTIONS,
  UGC_LICENCE_VERSION,
} from '@kitwright/contracts';
import { checkUseCase } from '@kitwright/mesher';
import { auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import type { StoredKitSummary } from '../drafts/kit-summary';
import { automaticChecks } from '../moderation/checks';
import { changed, type ListingsContext, sentToReview, textChanged } from './context';
import { toDetail } from './detail';
import type { ListingRow } from './repo';
import * as repo from './repo';
import { slugify } from './slug';
import { normaliseTags, searchWordsOf } from './text';
import * as text from './text-repo';

/** The slug to try on the given attempt: the title's own, then with a random suffix. */
function slugCandidate(title: string, attempt: number): string {
  const base = slugify(title);
  return attempt === 0 ? base : `${base.slice(0, 80)}-${newId().slice(-6)}`;
}

/**
 * A prompt's design is not published for a use its words describe and kits are not allowed for
 * ("a bench for two" is a seat for people), whatever use the form names: the app says so when
 * the design is made, with the same rule.
 */
export function checkPrompt(draft: { mode: 'A' | 'B'; prompt: string | null }) {
  if (draft.mode !== 'B') return;
  const [restriction] = promptUseRestrictions(draft.prompt);
  if (restriction)
    throw new AppError('USE_CASE_BLOCKED', BLOCKED_USE_CASE_REASONS[restriction.use_case], {
      use_case: restriction.use_case,
      source: 'prompt',
      matched: restriction.matched,
    });
}

function checkGates(body: PublishRequest) {
  const useCase = checkUseCase(body.use_case);
  if (!useCase.allowed)
    throw new AppError('USE_CASE_BLOCKED', useCase.reason ?? undefined, { use_case: body.use_case });
  const risky = SAFETY_QUESTIONS.filter((q) => body.safety[q]);
  if (risky.length > 0) {
    throw new AppError(
      'GATE_NOT_MET',
      'Block kits cannot be published for children, for carrying loads or people, with electrics, or for wet areas.',
      { gate: 'safety', answers: risky },
    );
  }
  if (body.licence.version !== UGC_LICENCE_VERSION) {
    throw new AppError('GATE_NOT_MET', 'Accept the current version of the owner licence.', {
      gate: 'licence',
      current_version: UGC_LICENCE_VERSION,
    });
  }
}

export async function publish(
  ctx: ListingsContext,
  user: SignedInUser,
  draftId: string,
  body: PublishRequest,
): Promise<ListingDetail> {
  await ctx.controls.requireCapability('publishing');
  await ctx.controls.requireFlag('publishing');
  const draft = await ctx.drafts.owned(user, draftId);
  if (draft.publish_state === 'published') {
    throw new AppError('INVALID_STATE', 'This draft is already published.', { listing_id: draft.listing_id });
  }
  const summary = draft.kit_summary as StoredKitSummary | null;
  if (
    draft.stage !== 'kit_ready' ||
    draft.validation_state !== 'valid' ||
    !draft.kit_file_id ||
    !draft.preview_file_id ||
    !summary
  ) {
    throw new AppError('KIT_NOT_READY', undefined, {
      stage: draft.stage,
      validation_state: draft.validation_state,
      validation: draft.validation,
    });
  }
  // Kits built before the summary carried the bill of materials are built again (not read back).
  if (!summary.bill_of_materials || !summary.build)
    throw new AppError('KIT_NOT_READY', 'Build the kit again before publishing it.', { stage: draft.stage });
  checkGates(body);
  checkPrompt(draft);
  const mediaIds = [...new Set(body.media_ids ?? [])];
  await ctx.media.requireOwnImages(user, mediaIds);

  const title = body.title.trim();
  const description = body.description.trim();
  const tags = normaliseTags(body.tags ?? []);
  const findings = automaticChecks({ title: body.title, description: body.description, tags });
  const now = ctx.clock.now();
  const sourceLanguage = body.source_language ?? draft.source_language;
  const listing = await auditedTransaction(ctx, async (trx, audit) => {
    // Claim the draft first: its row lock makes a concurrent publish of the same draft wait, and
    // then find it published, so the loser is told so instead of hitting a constraint.
    await ctx.drafts.claimForPublish(trx, draft.id);
    // A slug taken by a committed or concurrent listing is skipped, and the next attempt adds a
    // random suffix.
    let inserted: Awaited<ReturnType<typeof repo.insertListingIfSlugFree>>;
    for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
      inserted = await repo.insertListingIfSlugFree(trx, {
        id: newId(),
        slug: slugCandidate(title, attempt),
        draft_id: draft.id,
        owner_user_id: user.id,
        creator_user_id: draft.owner_user_id,
        title,
        source_language: sourceLanguage,
        category: body.category,
        tags,
        visibility: body.visibility,
        mode: draft.mode,
        use_case: body.use_case as 'free_standing' | 'decorative',
        licence_version: body.licence.version,
        licence_accepted_at: now,
        moderation_state: findings.length === 0 ? 'approved' : 'pending',
        kit_file_id: draft.kit_file_id as string,
        preview_file_id: draft.preview_file_id as string,
        preview_png_file_id: draft.preview_png_file_id,
        media_ids: mediaIds,
        part_count: summary.part_count,
        size_mm: Math.round(
          Math.max(summary.dimensions_mm.x, summary.dimensions_mm.y, summary.dimensions_mm.z),
        ),
        colours: summary.colours,
        search_vector: text.listingSearchVector({ title, tags, description }),
        title_vector: text.titleVectorSql(title),
        published_at: now,
        updated_at: now,
      });
    }
    if (!inserted)
      throw new AppError('CONFLICT', 'Could not find a free address for this listing. Try again.');
    const details = await repo.insertDetails(trx, {
      listing_id: inserted.id,
      description,
      kit_summary: JSON.stringify(summary),
      safety: JSON.stringify(body.safety),
      moderation_flags: JSON.stringify(findings),
    });
    const row: ListingRow = { ...inserted, ...details };
    await ctx.drafts.linkListing(trx, draft.id, row.id);
    await textChanged(ctx, trx, row);
    if (row.moderation_state === 'pending') await sentToReview(ctx, trx, row.id);
    await text.recordSearchWords(trx, searchWordsOf([row.title, ...row.tags]), row.source_language);
    const live = row.moderation_state === 'approved';
    await ctx.notifications.notify(trx, user.id, {
      kind: 'listing_published',
      title: live ? 'Your design is live' : 'Your design is waiting for review',
      body: live
        ? `"${row.title}" is published. It stays yours; we only host and show it.`
        : `"${row.title}" will appear once a person has checked it. We usually review within a day.`,
      link: `/listing/${row.slug}`,
    });
    await audit({
      actor: { type: 'user', id: user.id },
      action: 'listing.published',
      resourceType: 'listing',
      resourceId: row.id,
      details: {
        draft_id: draft.id,
        visibility: row.visibility,
        moderation_state: row.moderation_state,
        licence_version: row.licence_version,
      },
    });
    return row;
  });
  changed(ctx);
  await ctx.events.emit(
    'listing_published',
    { listing_id: listing.id, draft_id: draft.id, visibility: listing.visibility, mode: listing.mode },
    { userId: user.id, route: 'publish' },
  );
  return toDetail(ctx, listing, {
    viewer: user,
    locale: null,
    saved: false,
    reservationId: null,
    reservationsOpen: { open: false, reason: null },
  });
}
