/**
 * What the requester and staff sides of support share: the status machine, the signed link for
 * anonymous requesters, machine translation of a message, and a conversation as each side sees it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SupportConversation, SupportTicket } from '@kitwright/contracts';
import {
  SUPPORT_ATTACHMENTS_PER_CONVERSATION,
  SUPPORT_MESSAGES_PER_CONVERSATION,
} from '@kitwright/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../platform/errors';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import { mediaUrl } from '../media/urls';
import type { ConversationRow, MessageRow } from './repo';
import * as repo from './repo';

type Q = Parameters<typeof repo.findConversation>[0];

export type SupportStatus = 'open' | 'waiting_on_staff' | 'waiting_on_requester' | 'resolved' | 'closed';

const DAY = 24 * 3600_000;

/**
 * The status machine (docs/decisions.md): a requester may reply to anything not closed (a reply
 * to a resolved conversation reopens it, within the reopen period), close anything not closed,
 * and reopen a resolved conversation within the reopen period. Closed is final: a new
 * conversation is opened instead.
 */
export function requesterRights(row: ConversationRow, now: Date, reopenDays: number) {
  const reopenUntil =
    row.status === 'resolved' && row.solved_at ? new Date(row.solved_at.getTime() + reopenDays * DAY) : null;
  const canReopen = reopenUntil !== null && now < reopenUntil;
  return {
    canReply: row.status !== 'closed' && (row.status !== 'resolved' || canReopen),
    canClose: row.status !== 'closed',
    canReopen,
    reopenUntil,
  };
}

/** The status after a requester's reply: back to staff once staff have answered or solved it. */
export function statusAfterRequesterReply(status: SupportStatus): SupportStatus {
  return status === 'open' ? 'open' : 'waiting_on_staff';
}

/** Refuses a message past the conversation's caps (messages, attachments). */
export function capped(row: ConversationRow, newAttachments: number) {
  if (row.message_count >= SUPPORT_MESSAGES_PER_CONVERSATION)
    throw new AppError('INVALID_STATE', 'This conversation is full. Open a new one and mention this one.');
  if (row.attachment_count + newAttachments > SUPPORT_ATTACHMENTS_PER_CONVERSATION)
    throw new AppError(
      'VALIDATION_FAILED',
      `A conversation holds at most ${SUPPORT_ATTACHMENTS_PER_CONVERSATION} files.`,
      { fields: { attachments: 'too many for this conversation' } },
    );
}

/** A signed link token for one conversation: an HMAC of its id under the server's support key. */
export function supportToken(key: string, conversationId: string): string {
  return createHmac('sha256', key).update(`support-thread:${conversationId}`).digest('base64url');
}

export function tokenMatches(key: string, conversationId: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(supportToken(key, conversationId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface Translated {
  status: 'same_language' | 'translated' | 'not_translated';
  body: string | null;
  language: string | null;
  provider: string | null;
}

/**
 * A message machine-translated for the other side. A provider that gives nothing (the local
 * "off" provider) or fails leaves it "not translated": the reader sees the original, and says so.
 */
export async function translateFor(
  provider: TranslationProvider,
  logger: Logger,
  text: string,
  from: string,
  to: string,
): Promise<Translated> {
  if (from === to) return { status: 'same_language', body: null, language: null, provider: null };
  try {
    const [out] = await provider.translate([text], from, to);
    if (out) return { status: 'translated', body: out, language: to, provider: provider.id };
  } catch (err) {
    logger.warn({ err, stage: 'support-translation' }, 'a support message could not be translated');
  }
  return { status: 'not_translated', body: null, language: to, provider: provider.id };
}

/**
 * The conversation's translation summary for staff, from its messages: which languages meet, how
 * many messages were machine-translated and by what, or that they were not (and why).
 */
export function translationSummary(
  requesterLanguage: string,
  staffLanguage: string,
  messages: ReadonlyArray<Pick<MessageRow, 'translation_status' | 'translation_provider'>>,
): string | null {
  if (requesterLanguage === staffLanguage) return null;
  const crossing = messages.filter((m) => m.translation_status !== 'same_language');
  const translated = crossing.filter((m) => m.translation_status === 'translated');
  const providers = [...new Set(translated.map((m) => m.translation_provider).filter(Boolean))];
  const head = `Requester writes in ${requesterLanguage}, staff in ${staffLanguage}.`;
  if (translated.length === crossing.length && crossing.length > 0)
    return `${head} All ${crossing.length} message(s) machine-translated (${providers.join(', ')}); originals kept.`;
  const untranslatedBy = [
    ...new Set(
      crossing
        .filter((m) => m.translation_status === 'not_translated')
        .map((m) => m.translation_provider ?? 'none'),
    ),
  ];
  return `${head} ${crossing.length - translated.length} of ${crossing.length} message(s) not translated (provider ${untranslatedBy.join(', ')} gave no translation): read the original.`;
}

/** The uploads attached to messages, in short (the media module knows them). */
export type FileSummaries = (
  ids: readonly string[],
) => Promise<Map<string, { kind: string; format: string; original_name: string | null }>>;

type Attached = Array<{
  message_id: string;
  upload_id: string;
  kind: string;
  format: string;
  original_name: string | null;
}>;

async function attachedFiles(q: Q, ids: readonly string[], files: FileSummaries): Promise<Attached> {
  const rows = await repo.attachmentsOf(q, ids);
  const found = await files(rows.map((r) => r.upload_id));
  return rows.flatMap((r) => {
    const f = found.get(r.upload_id);
    return f ? [{ ...r, ...f }] : [];
  });
}

function messageView(m: MessageRow, attachments: Attached) {
  return {
    id: m.id,
    author_role: m.author_role,
    body: m.body,
    language: m.language,
    translation:
      m.translation_status === 'same_language' || !m.translated_language
        ? null
        : {
            language: m.translated_language,
            status: m.translation_status as 'translated' | 'not_translated',
            body: m.translated_body,
          },
    attachments: attachments
      .filter((a) => a.message_id === m.id)
      .map((a) => ({
        id: a.upload_id,
        kind: a.kind === 'image' ? 'image' : 'source_model',
        format: a.format,
        original_name: a.original_name,
        url: mediaUrl(a.upload_id),
      })),
    created_at: m.created_at.toISOString(),
  };
}

/** Conversations as their requester sees them: no internal notes. */
export async function requesterViews(
  q: Q,
  rows: ConversationRow[],
  now: Date,
  reopenDays: number,
  files: FileSummaries,
): Promise<SupportConversation[]> {
  const ids = rows.map((r) => r.id);
  const [messages, attachments] = await Promise.all([repo.messagesOf(q, ids), attachedFiles(q, ids, files)]);
  return rows.map((row) => {
    const rights = requesterRights(row, now, reopenDays);
    return {
      id: row.id,
      subject: row.subject,
      category: row.category as SupportConversation['category'],
      status: row.status,
      priority: row.priority,
      resource:
        row.resource_type && row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
      messages: messages.filter((m) => m.conversation_id === row.id).map((m) => messageView(m, attachments)),
      first_response_due_at: row.first_response_due_at.toISOString(),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      language: row.language,
      source_surface: row.source_surface,
      last_customer_message_at: row.last_customer_message_at.toISOString(),
      last_staff_response_at: row.last_staff_response_at?.toISOString() ?? null,
      can_reply: rights.canReply,
      can_close: rights.canClose,
      can_reopen: rights.canReopen,
      reopen_until: rights.reopenUntil?.toISOString() ?? null,
    };
  });
}

/** Where a conversation stands against its first-response target. */
export function slaState(row: ConversationRow, now: Date): SupportTicket['sla_state'] {
  if (row.first_staff_response_at)
    return row.first_staff_response_at <= row.first_response_due_at ? 'met' : 'breached';
  if (row.status !== 'open' && row.status !== 'waiting_on_staff') return null;
  return row.first_response_due_at >= now ? 'due' : 'overdue';
}

/** Conversations as staff see them: internal notes, authors, links, audit references, SLA. */
export async function staffViews(
  q: Q,
  rows: ConversationRow[],
  now: Date,
  reopenDays: number,
  files: FileSummaries,
  people: (ids: string[]) => Promise<Map<string, { id: string; username: string; display_name: string }>>,
): Promise<SupportTicket[]> {
  const ids = rows.map((r) => r.id);
  const [base, messages, attachments, links] = await Promise.all([
    requesterViews(q, rows, now, reopenDays, files),
    repo.messagesOf(q, ids, true),
    attachedFiles(q, ids, files),
    repo.linksOf(q, ids),
  ]);
  const personIds = [
    ...rows.flatMap((r) => (r.assignee_user_id ? [r.assignee_user_id] : [])),
    ...messages.flatMap((m) => (m.author_role === 'staff' && m.author_user_id ? [m.author_user_id] : [])),
  ];
  const persons = await people([...new Set(personIds)]);
  return rows.map((row, i) => ({
    ...(base[i] as SupportConversation),
    messages: messages
      .filter((m) => m.conversation_id === row.id)
      .map((m) => ({
        ...messageView(m, attachments),
        internal: m.internal,
        // Staff authors are named to staff; a requester is the conversation's requester.
        author:
          m.author_role === 'staff' && m.author_user_id ? (persons.get(m.author_user_id) ?? null) : null,
      })),
    requester: {
      user_id: row.requester_user_id,
      visitor: row.requester_user_id === null && row.requester_visitor_id !== null,
      contact_email: row.contact_email,
      former_requester_ref: row.former_requester_ref,
    },
    assignee: row.assignee_user_id ? (persons.get(row.assignee_user_id) ?? null) : null,
    sla_state: slaState(row, now),
    first_staff_response_at: row.first_staff_response_at?.toISOString() ?? null,
    response_time_bucket: row.response_time_bucket,
    solved_at: row.solved_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
    translation_summary: row.translation_summary,
    links: links
      .filter((l) => l.conversation_id === row.id)
      .map((l) => ({ type: l.type, reference: l.reference, created_at: l.created_at.toISOString() })),
    audit_refs: row.audit_refs.map(Number),
    message_count: row.message_count,
    attachment_count: row.attachment_count,
  }));
}
