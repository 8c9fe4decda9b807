/** Reading drafts: the owner's draft, their list of drafts, and whose a draft is. */
import type { Draft } from '@kitwright/contracts';
import { isUuid } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { SignedInUser } from '../../platform/viewer';
import { type DraftsContext, owned } from './context';
import * as repo from './repo';
import { toDraft, toDrafts } from './view';

export async function get(ctx: DraftsContext, user: SignedInUser, draftId: string): Promise<Draft> {
  return toDraft(ctx, await owned(ctx, user, draftId));
}

export async function list(
  ctx: DraftsContext,
  user: SignedInUser,
  limit: number,
  cursor: string | null,
  filter: { publishState?: 'unpublished' | 'published' } = {},
): Promise<{ items: Draft[]; next_cursor: string | null }> {
  const rows = await repo.page(ctx.db, user.id, {
    publishState: filter.publishState,
    after: cursor ? readTimeCursor(cursor) : null,
    limit: limit + 1,
  });
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.updated_at, id: r.id }));
  return { items: await toDrafts(ctx, page), next_cursor };
}

/** The account the draft belongs to, or null when there is none with this id. */
export async function ownerOf(ctx: DraftsContext, draftId: string): Promise<string | null> {
  return isUuid(draftId) ? ((await repo.findDraft(ctx.db, draftId))?.owner_user_id ?? null) : null;
}
