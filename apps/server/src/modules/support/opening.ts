/**
 * A requester opens a conversation: a question, a bug, a listing to report or a decision to
 * appeal. It is checked and counted against its requester's limits first (intake.ts), translated
 * for staff, stored with its first message and uploads, handed to moderation when it is about a
 * listing, and announced to the support inbox. A first response is due the same business day.
 */
import type { CreateSupportRequest, SupportConversation } from '@kitwright/contracts';
import { resolveLocale } from '@kitwright/contracts';
import { newId } from '../../platform/ids';
import type { Owner } from '../../platform/viewer';
import { firstResponseDue } from './business-hours';
import { type AfterCommit, type SupportContext, toConversation } from './context';
import { admitConversation } from './intake';
import * as repo from './repo';
import { translateFor, translationSummary } from './thread';

export interface OpeningMeta {
  locale: string | null;
  ip: string | null;
  /** Makes (or finds) the requester's visitor session, once the request is accepted. */
  ensureVisitor?: () => Promise<string>;
}

export async function create(
  ctx: SupportContext,
  requester: Owner,
  body: CreateSupportRequest,
  meta: OpeningMeta,
): Promise<SupportConversation> {
  const { settings } = ctx;
  const { subject, message, attachments } = await admitConversation(ctx, requester, body, meta.ip);
  // The visitor session lets them read the thread here later.
  const owner =
    !requester.userId && !requester.visitorId && meta.ensureVisitor
      ? { userId: null, visitorId: await meta.ensureVisitor() }
      : requester;
  const now = ctx.clock.now();
  const language = resolveLocale(meta.locale);
  // Translated for staff before the transaction: a slow provider holds no connection.
  const forStaff = await translateFor(ctx.translation, ctx.logger, message, language, settings.staffLanguage);
  let afterCommit: AfterCommit | undefined;
  const row = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await repo.insertConversation(trx, {
      id: newId(),
      requester_user_id: owner.userId,
      requester_visitor_id: owner.userId ? null : owner.visitorId,
      contact_email: body.contact_email?.toLowerCase() ?? null,
      subject,
      category: body.category,
      // A listing report arrives high; otherwise what the requester said, never above normal.
      priority: body.category === 'report_listing' ? 'high' : (body.priority ?? 'normal'),
      // Blank means not said: the web form (the database refuses an empty surface).
      source_surface: body.source_surface?.trim() || 'web',
      resource_type: body.resource?.type ?? null,
      resource_id: body.resource?.id ?? null,
      language,
      last_customer_message_at: now,
      first_response_due_at: firstResponseDue(now, ctx.hours),
      translation_summary: translationSummary(language, settings.staffLanguage, [
        { translation_status: forStaff.status, translation_provider: forStaff.provider },
      ]),
      message_count: 1,
      attachment_count: attachments.length,
      created_at: now,
      updated_at: now,
    });
    const messageId = newId();
    await repo.insertMessage(trx, {
      id: messageId,
      conversation_id: conversation.id,
      author_role: 'requester',
      author_user_id: owner.userId,
      body: message,
      language,
      translated_body: forStaff.body,
      translated_language: forStaff.language,
      translation_status: forStaff.status,
      translation_provider: forStaff.provider,
      created_at: now,
    });
    await repo.insertAttachments(trx, conversation.id, messageId, attachments);
    if (
      (conversation.category === 'report_listing' || conversation.category === 'appeal') &&
      conversation.resource_type === 'listing' &&
      conversation.resource_id
    )
      afterCommit = await ctx.listings.opened(trx, {
        conversationId: conversation.id,
        category: conversation.category,
        listingId: conversation.resource_id,
        reason: body.report_reason ?? null,
        requester: owner,
        ip: meta.ip,
        message,
      });
    return conversation;
  });
  afterCommit?.();
  await ctx.events.emit(
    'support_conversation_created',
    {
      support_id: row.id,
      category: row.category,
      source_surface: row.source_surface,
      resource_reference: row.resource_type ? `${row.resource_type}:${row.resource_id}` : null,
    },
    {
      userId: owner.userId,
      sessionId: owner.visitorId,
      route: 'support',
    },
  );
  ctx.mail.announce(row, message, forStaff.body);
  return toConversation(ctx, row);
}
