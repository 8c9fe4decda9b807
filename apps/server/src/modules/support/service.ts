/**
 * Support for requesters, people and visitors: open a conversation (a question, a bug, a listing
 * to report), read its thread, reply or add evidence, close or reopen it. A first response is due
 * the same business day (business-hours.ts). A reply needs an address: a signed-in person has
 * their account's, anyone else must give one, and follows up through the signed link emailed to
 * it (`?token=` or the `x-support-token` header). Staff work the queue through desk.ts.
 */
import type { CreateSupportRequest, ReportReason, SupportConversation } from '@kitwright/contracts';
import { resolveLocale } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { BusinessHours } from '../../config';
import { RATE_LIMITS } from '../../config/rate-limits';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import { DEFAULT_BUSINESS_HOURS, firstResponseDue } from './business-hours';
import { admitConversation, type SupportReferences } from './intake';
import type { SupportMail } from './notify';
import type { ConversationRow } from './repo';
import * as repo from './repo';
import {
  capped,
  type FileSummaries,
  requesterRights,
  requesterViews,
  statusAfterRequesterReply,
  tokenMatches,
  translateFor,
  translationSummary,
} from './thread';

export { firstResponseDue } from './business-hours';

/** Who follows up on a conversation: its requester's session or account, or its signed link. */
export interface Follower {
  owner: Owner;
  token: string | null;
  ip: string | null;
}

export interface SupportSettings {
  reopenDays: number;
  staffLanguage: string;
  /** The key of the signed links in support emails. */
  tokenKey: string;
}

/**
 * What the moderation module does when a conversation about a listing opens: a report puts the
 * listing in its queue (and enough distinct reporters hide it), an appeal reopens its review. It
 * runs inside the conversation's transaction, so a refusal (an AppError) leaves nothing behind.
 */
export interface ListingConversations {
  opened(
    trx: Transaction<DB>,
    c: {
      conversationId: string;
      category: 'report_listing' | 'appeal';
      listingId: string;
      reason: ReportReason | null;
      requester: Owner;
      ip: string | null;
      message: string;
    },
  ): Promise<AfterCommit | undefined>;
}

/** What must happen once the conversation's transaction has committed (e.g. dropping a cache). */
export type AfterCommit = () => void;

export function createSupportService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: ProductEvents;
  limiter: RateLimiter;
  listings: ListingConversations;
  references: SupportReferences;
  hours?: BusinessHours;
  translation: TranslationProvider;
  logger: Logger;
  mail: SupportMail;
  media: {
    requireOwnUploads(userId: string, ids: readonly string[]): Promise<void>;
    summaries: FileSummaries;
  };
  settings: SupportSettings;
}) {
  const { db, settings } = deps;
  const hours = deps.hours ?? DEFAULT_BUSINESS_HOURS;

  const toConversations = (rows: ConversationRow[]): Promise<SupportConversation[]> =>
    requesterViews(db, rows, deps.clock.now(), settings.reopenDays, deps.media.summaries);

  async function toConversation(row: ConversationRow): Promise<SupportConversation> {
    return (await toConversations([row]))[0] as SupportConversation;
  }

  /** The conversation if this follower may see it: its requester, or the holder of its signed link. */
  async function followed(follower: Follower, id: string): Promise<ConversationRow> {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    const row = await repo.findConversation(db, id);
    const { owner } = follower;
    const mine =
      row &&
      ((owner.userId && row.requester_user_id === owner.userId) ||
        (owner.visitorId && row.requester_visitor_id === owner.visitorId) ||
        tokenMatches(settings.tokenKey, row.id, follower.token));
    if (!row || !mine) throw new AppError('NOT_FOUND');
    return row;
  }

  function trimmed(text: string, field: string): string {
    const value = text.trim();
    if (value.length === 0)
      throw new AppError('VALIDATION_FAILED', undefined, {
        location: 'body',
        fields: { [field]: 'is empty' },
      });
    return value;
  }

  return {
    /** The "Support backlog breach" signal: conversations past their first-response due time. */
    overdue: (now: Date) => repo.overdueFirstResponses(db, now),
    async create(
      requester: Owner,
      body: CreateSupportRequest,
      meta: {
        locale: string | null;
        ip: string | null;
        /** Makes (or finds) the requester's visitor session, once the request is accepted. */
        ensureVisitor?: () => Promise<string>;
      },
    ): Promise<SupportConversation> {
      const { subject, message, attachments } = await admitConversation(deps, requester, body, meta.ip);
      // The visitor session lets them read the thread here later.
      const owner =
        !requester.userId && !requester.visitorId && meta.ensureVisitor
          ? { userId: null, visitorId: await meta.ensureVisitor() }
          : requester;
      const now = deps.clock.now();
      const language = resolveLocale(meta.locale);
      // Translated for staff before the transaction: a slow provider holds no connection.
      const forStaff = await translateFor(
        deps.translation,
        deps.logger,
        message,
        language,
        settings.staffLanguage,
      );
      let afterCommit: AfterCommit | undefined;
      const row = await db.transaction().execute(async (trx) => {
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
          first_response_due_at: firstResponseDue(now, hours),
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
          afterCommit = await deps.listings.opened(trx, {
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
      await deps.events.emit(
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
      deps.mail.announce(row, message, forStaff.body);
      return toConversation(row);
    },

    /** The requester's most recently updated conversations (the dashboard's list). */
    async list(owner: Owner, limit = 20): Promise<SupportConversation[]> {
      return (await this.page(owner, null, limit)).items;
    },

    /** One page of the requester's conversations, most recently updated first. */
    async page(
      owner: Owner,
      cursor: string | null,
      limit = 20,
    ): Promise<{ items: SupportConversation[]; next_cursor: string | null }> {
      if (!owner.userId && !owner.visitorId) return { items: [], next_cursor: null };
      const rows = await repo.pageOwn(db, owner, cursor ? readTimeCursor(cursor) : null, limit + 1);
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({ at: r.updated_at, id: r.id }));
      return { items: await toConversations(page), next_cursor };
    },

    async get(follower: Follower | Owner, id: string): Promise<SupportConversation> {
      const f = 'owner' in follower ? follower : { owner: follower, token: null, ip: null };
      return toConversation(await followed(f, id));
    },

    /**
     * The requester replies or adds evidence (their uploads, when signed in). Moves a conversation
     * staff answered or solved back to them; a solved one only within the reopen period, a closed
     * one never (a new conversation is opened instead). Notifies the assignee.
     */
    async reply(
      follower: Follower,
      id: string,
      body: { message: string; attachments?: string[] },
    ): Promise<SupportConversation> {
      const found = await followed(follower, id);
      const message = trimmed(body.message, 'message');
      const attachments = [...new Set(body.attachments ?? [])];
      const requesterKey = follower.owner.userId ?? follower.owner.visitorId ?? `link:${id}`;
      await enforceLimit(
        deps.limiter,
        `support-reply:${requesterKey}`,
        RATE_LIMITS.supportRepliesPerRequester,
        'You have sent many messages in the last hour. Wait a little before the next one.',
      );
      if (!follower.owner.userId)
        await enforceLimit(
          deps.limiter,
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
        await deps.media.requireOwnUploads(follower.owner.userId, attachments);
      }
      const forStaff = await translateFor(
        deps.translation,
        deps.logger,
        message,
        found.language,
        settings.staffLanguage,
      );
      const row = await db.transaction().execute(async (trx) => {
        const current = await repo.lockConversation(trx, id);
        if (!current) throw new AppError('NOT_FOUND');
        const now = deps.clock.now();
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
          status: statusAfterRequesterReply(
            current.status as Parameters<typeof statusAfterRequesterReply>[0],
          ),
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
      await deps.events.emit(
        'support_conversation_replied',
        { support_id: id, responder_role: 'requester', response_time_bucket: 'not_applicable' },
        {
          userId: follower.owner.userId,
          sessionId: follower.owner.visitorId,
          route: 'support',
        },
      );
      deps.mail.toAssignee(row, message, forStaff.body);
      return toConversation(row);
    },

    /** The requester closes a conversation, or reopens a solved one within the reopen period. */
    async update(follower: Follower, id: string, action: 'close' | 'reopen'): Promise<SupportConversation> {
      await followed(follower, id);
      const row = await db.transaction().execute(async (trx) => {
        const current = await repo.lockConversation(trx, id);
        if (!current) throw new AppError('NOT_FOUND');
        const now = deps.clock.now();
        const rights = requesterRights(current, now, settings.reopenDays);
        if (action === 'close') {
          if (!rights.canClose) throw new AppError('INVALID_STATE', 'This conversation is already closed.');
          return repo.updateConversation(trx, id, { status: 'closed', closed_at: now, updated_at: now });
        }
        if (!rights.canReopen)
          throw new AppError(
            'INVALID_STATE',
            current.status === 'resolved'
              ? `A solved conversation can be reopened for ${settings.reopenDays} days. Open a new one.`
              : current.status === 'closed'
                ? 'A closed conversation cannot be reopened. Open a new one.'
                : 'This conversation is still open.',
          );
        return repo.updateConversation(trx, id, { status: 'waiting_on_staff', updated_at: now });
      });
      return toConversation(row);
    },

    /** On sign-in the visitor's conversations follow them. */
    claim: (trx: Transaction<DB>, visitorId: string, userId: string) =>
      repo.moveVisitorConversations(trx, visitorId, userId),

    /** Every conversation a person opened, with its thread and the reply address (their account export). */
    async exportFor(userId: string, visitorIds: readonly string[]) {
      const rows = await repo.allOf(db, userId, visitorIds);
      const threads = await toConversations(rows);
      return threads.map((thread, i) => ({
        ...thread,
        contact_email: rows[i]?.contact_email ?? null,
        language: rows[i]?.language ?? 'en',
      }));
    },

    /**
     * Erasing an account, in its transaction: its conversations are kept for their retention
     * period but detached from it, under the account's pseudonymous reference. Returns how many.
     */
    detachFrom: (trx: Transaction<DB>, userId: string, visitorIds: readonly string[], ref: string) =>
      repo.detach(trx, userId, visitorIds, ref),
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
