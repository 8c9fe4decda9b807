/**
 * A staff reply (emailed to the requester, translated into their language when it differs, and
 * told in-app to a signed-in requester) or an internal note (never shown or sent to them). Audited;
 * the audit entry's seq is kept on the conversation.
 */
import type { SupportTicketDetail } from '@kitwright/contracts';
import { type AuditEntry, appendAudit, auditedTransaction } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import type { SignedInUser } from '../../platform/viewer';
import { responseTimeBucket } from './business-hours';
import { type DeskContext, trimmed } from './context';
import type { ConversationRow } from './repo';
import * as repo from './repo';
import { capped, translateFor, translationSummary } from './thread';
import { ticketDetail } from './tickets';

const REPLY_NOTICE: Record<string, { title: string; body: (subject: string) => string }> = {
  en: { title: 'Support replied', body: (s) => `There is a new reply in your conversation “${s}”.` },
  fr: {
    title: 'L’assistance a répondu',
    body: (s) => `Il y a une nouvelle réponse dans votre conversation « ${s} ».`,
  },
  de: {
    title: 'Der Support hat geantwortet',
    body: (s) => `Es gibt eine neue Antwort in Ihrem Gespräch „${s}“.`,
  },
};

/** The in-app notice of a staff reply, in the conversation's language. */
export function replyNotice(language: string, subject: string): { title: string; body: string } {
  const words = REPLY_NOTICE[language] ?? (REPLY_NOTICE.en as (typeof REPLY_NOTICE)[string]);
  return { title: words.title, body: words.body(subject) };
}

/**
 * A reply moves the conversation to waiting_on_requester; the first one sets the response-time
 * bucket. A note only counts on the conversation.
 */
export async function reply(
  ctx: DeskContext,
  staff: SignedInUser,
  id: string,
  body: { message: string; internal?: boolean; attachments?: string[] },
): Promise<SupportTicketDetail> {
  const { db, clock, settings } = ctx;
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const message = trimmed(body.message, 'message');
  const internal = body.internal === true;
  const attachments = [...new Set(body.attachments ?? [])];
  await ctx.media.requireOwnUploads(staff.id, attachments);
  const found = await repo.findConversation(db, id);
  if (!found) throw new AppError('NOT_FOUND');
  const forRequester = internal
    ? ({ status: 'same_language', body: null, language: null, provider: null } as const)
    : await translateFor(ctx.translation, ctx.logger, message, settings.staffLanguage, found.language);
  let bucket = 'not_applicable';
  const row = await auditedTransaction({ db, clock, alerts: ctx.alerts }, async (trx) => {
    // Written directly, for its seq (the conversation keeps it); a failure still fails closed.
    const audit = (entry: AuditEntry) => appendAudit(trx, entry, clock);
    const current = await repo.lockConversation(trx, id);
    if (!current) throw new AppError('NOT_FOUND');
    if (current.status === 'closed')
      throw new AppError('INVALID_STATE', 'This conversation is closed; the requester opens a new one.');
    capped(current, attachments.length);
    const now = clock.now();
    const messageId = newId();
    await repo.insertMessage(trx, {
      id: messageId,
      conversation_id: id,
      author_role: 'staff',
      author_user_id: staff.id,
      body: message,
      internal,
      language: settings.staffLanguage,
      translated_body: forRequester.body,
      translated_language: forRequester.language,
      translation_status: forRequester.status,
      translation_provider: forRequester.provider,
      created_at: now,
    });
    await repo.insertAttachments(trx, id, messageId, attachments);
    const seq = await audit({
      actor: { type: 'user', id: staff.id },
      action: internal ? 'support.note_added' : 'support.replied',
      resourceType: 'support_conversation',
      resourceId: id,
      details: { message_id: messageId, length: message.length, attachments: attachments.length },
    });
    const counts = {
      message_count: current.message_count + 1,
      attachment_count: current.attachment_count + attachments.length,
      updated_at: now,
    };
    if (internal) {
      const updated = await repo.updateConversation(trx, id, counts);
      await repo.addAuditRefs(trx, id, [seq]);
      return updated;
    }
    if (current.requester_user_id)
      await ctx.notifications.notify(trx, current.requester_user_id, {
        kind: 'support_reply',
        ...replyNotice(current.language, current.subject),
        link: `/help/support/${id}`,
      });
    const first = current.first_staff_response_at === null;
    bucket = first
      ? responseTimeBucket(current.created_at, now, ctx.hours)
      : responseTimeBucket(current.last_customer_message_at, now, ctx.hours);
    const updated = await repo.updateConversation(trx, id, {
      ...counts,
      status: 'waiting_on_requester',
      last_staff_response_at: now,
      ...(first
        ? {
            first_staff_response_at: now,
            response_time_bucket: bucket as ConversationRow['response_time_bucket'],
          }
        : {}),
      translation_summary: translationSummary(
        current.language,
        settings.staffLanguage,
        await repo.messagesOf(trx, [id], true),
      ),
    });
    await repo.addAuditRefs(trx, id, [seq]);
    return updated;
  });
  if (!internal) {
    await ctx.events.emit(
      'support_conversation_replied',
      { support_id: id, responder_role: 'staff', response_time_bucket: bucket },
      { userId: staff.id, sessionId: null, route: 'admin/support' },
    );
    ctx.mail.toRequester(row, message, forRequester.body);
  }
  return ticketDetail(ctx, id);
}
