/**
 * The requester follows up on their conversations: lists them, reads a thread, replies or adds
 * evidence, closes one or reopens a solved one. A reply needs no account: the signed link emailed
 * to the requester's address stands in for it (context.ts `followed`).
 */
import type { SupportConversation } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import { enforceLimit } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';
import {
  type Follower,
  followed,
  type SupportContext,
  toConversation,
  toConversations,
  trimmed,
} from './context';
import * as repo from './repo';
import {
  capped,
  requesterRights,
  statusAfterRequesterReply,
  translateFor,
  translationSummary,
} from './thread';

/** The "Support backlog breach" signal: conversations past their first-response due time. */
export function overdue(ctx: SupportContext, now: Date) {
  return repo.overdueFirstResponses(ctx.db, now);
}

/** One page of the requester's conversations, most recently updated first. */
export async function page(
  ctx: SupportContext,
  owner: Owner,
  cursor: string | null,
  limit = 20,
): Promise<{ items: SupportConversation[]; next_cursor: string | null }> {
  if (!owner.userId && !owner.visitorId) return { items: [], next_cursor: null };
  const rows = await repo.pageOwn(ctx.db, owner, cursor ? readTimeCursor(cursor) : null, limit + 1);
  const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.updated_at, id: r.id }));
  return { items: await toConversations(ctx, page), next_cursor };
}

/** The requester's most recently updated conversations (the dashboard's list). */
export async function list(ctx: SupportContext, owner: Owner, limit = 20): Promise<SupportConversation[]> {
  return (await page(ctx, owner, null, limit)).items;
}

export async function get(
  ctx: SupportContext,
  follower: Follower | Owner,
  id: string,
): Promise<SupportConversation> {
  const f = 'owner' in follower ? follower : { owner: follower, token: null, ip: null };
  return toConversation(ctx, await followed(ctx, f, id));
}

/**
 * The requester replies or adds evidence (their uploads, when signed in). Moves a conversation
 * staff answered or solved back to them; a solved one only within the reopen period, a closed
 * one never (a new conversation is opened instead). Notifies the assignee.
 */
export async function reply(
  ctx: SupportContext,
  follower: Follower,
  id: string,
  body: { message: string; attachments?: string[] },
): Promise<SupportConversation> {
  const { settings } = ctx;
  const found = await followed(ctx, follower, id);
  const message = trimmed(body.message, 'message');
  const attachments = [...new Set(body.attachments ?? [])];
  const requesterKey = follower.owner.userId ?? follower.owner.visitorId ?? `link:${id}`;
  await enforceLimit(
    ctx.limiter,
    `support-reply:${requesterKey}`,
    RATE_LIMITS.supportRepliesPerRequester,
    'You have sent many messages in the last hour. Wait a little before the next one.',
  );
  if (!follower.owner.userId)
    await enforceLimit(
      ctx.limiter,
      `support-reply-ip:${sha256Hex(follower.ip ?? 'unknown')}`,
      RATE_LIMITS.anonymousSupportRepliesPerIp,
      'Too many messages were sent from your network. Try again later, or sign in.',
    );
  if (attachments.length > 0) {
    // Uploads belong to accounts: the requester attaches their own, so they must be signed in as them.
    if (!follower.owner.userId || follower.owner.userId !== found.requester_user_id)
      throw new AppError('VALIDATION_FAILED', 'Sign in to your account to attach files.', {
        fields: { attachments: 'need you signed in as the requester' },
      });
    await ctx.media.requireOwnUploads(follower.owner.userId, attachments);
  }
  const forStaff = await translateFor(
    ctx.translation,
    ctx.logger,
    message,
    found.language,
    settings.staffLanguage,
  );
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockConversation(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    const now = ctx.clock.now();
    const rights = requesterRights(current, now, settings.reopenDays);
    if (!rights.canReply)
      throw new AppError(
        'INVALID_STATE',
        current.status === 'closed'
          ? 'This conversation is closed. Open a new one and mention this one if it helps.'
          : 'This conversation was solved too long ago to reopen. Open a new one.',
      );
    capped(current, attachments.length);
    const messageId = newId();
    await repo.insertMessage(trx, {
      id: messageId,
      conversation_id: id,
      author_role: 'requester',
      author_user_id: follower.owner.userId,
      body: message,
      language: current.language,
      translated_body: forStaff.body,
      translated_language: forStaff.language,
      translation_status: forStaff.status,
      translation_provider: forStaff.provider,
      created_at: now,
    });
    await repo.insertAttachments(trx, id, messageId, attachments);
    return repo.updateConversation(trx, id, {
      status: statusAfterRequesterReply(current.status as Parameters<typeof statusAfterRequesterReply>[0]),
      last_customer_message_at: now,
      updated_at: now,
      message_count: current.message_count + 1,
      attachment_count: current.attachment_count + attachments.length,
      translation_summary: translationSummary(
        current.language,
        settings.staffLanguage,
        await repo.messagesOf(trx, [id], true),
      ),
    });
  });
  await ctx.events.emit(
    'support_conversation_replied',
    { support_id: id, responder_role: 'requester', response_time_bucket: 'not_applicable' },
    {
      userId: follower.owner.userId,
      sessionId: follower.owner.visitorId,
      route: 'support',
    },
  );
  ctx.mail.toAssignee(row, message, forStaff.body);
  return toConversation(ctx, row);
}

/** The requester closes a conversation, or reopens a solved one within the reopen period. */
export async function update(
  ctx: SupportContext,
  follower: Follower,
  id: string,
  action: 'close' | 'reopen',
): Promise<SupportConversation> {
  const { reopenDays } = ctx.settings;
  await followed(ctx, follower, id);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockConversation(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    const now = ctx.clock.now();
    const rights = requesterRights(current, now, reopenDays);
    if (action === 'close') {
      if (!rights.canClose) throw new AppError('INVALID_STATE', 'This conversation is already closed.');
      return repo.updateConversation(trx, id, { status: 'closed', closed_at: now, updated_at: now });
    }
    if (!rights.canReopen)
      throw new AppError(
        'INVALID_STATE',
        current.status === 'resolved'
          ? `A solved conversation can be reopened for ${reopenDays} days. Open a new one.`
          : current.status === 'closed'
            ? 'A closed conversation cannot be reopened. Open a new one.'
            : 'This conversation is still open.',
      );
    return repo.updateConversation(trx, id, { status: 'waiting_on_staff', updated_at: now });
  });
  return toConversation(ctx, row);
}
