/**
 * Support and report entry for people and visitors: open a conversation (a question, a bug, a
 * listing to report), read its thread. First response is due the same business day; staff
 * tooling is a later capability, so replies arrive through the support inbox for now. A reply
 * needs an address: a signed-in person has their account's, anyone else must give one.
 */
import type { ReportReason, SupportConversation } from '@kitwright/contracts';
import { resolveLocale, SUPPORT_SUBJECT_MIN_LENGTH } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import type { ProductEvents } from '../../platform/product-events';
import { enforceLimit, RATE_LIMITS, type RateLimiter } from '../../platform/rate-limits';
import { sha256Hex } from '../../platform/secrets';
import type { Owner } from '../../platform/viewer';
import type { ConversationRow } from './repo';
import * as repo from './repo';

export interface BusinessHours {
  /** IANA time zone of the support team (default UTC). */
  timezone: string;
  /** When the business day ends, in minutes after local midnight (default 17:30). */
  dayEndMinutes: number;
}

export const DEFAULT_BUSINESS_HOURS: BusinessHours = { timezone: 'UTC', dayEndMinutes: 17 * 60 + 30 };

/** The wall-clock date and time of an instant in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant a wall-clock time (given as if UTC) has in a time zone. */
function fromWallClock(wall: number, timeZone: string): Date {
  let guess = wall;
  for (let i = 0; i < 3; i++) guess += wall - wallClock(new Date(guess), timeZone);
  return new Date(guess);
}

/**
 * The end of the same business day (17:30 UTC by default: SUPPORT_TIMEZONE, SUPPORT_DAY_END), or
 * of the next working day (Monday to Friday) after hours and at weekends.
 */
export function firstResponseDue(at: Date, hours: BusinessHours = DEFAULT_BUSINESS_HOURS): Date {
  const DAY = 24 * 3600_000;
  const local = wallClock(at, hours.timezone);
  let day = local - (local % DAY);
  if (local >= day + hours.dayEndMinutes * 60_000) day += DAY;
  while (new Date(day).getUTCDay() === 0 || new Date(day).getUTCDay() === 6) day += DAY;
  return fromWallClock(day + hours.dayEndMinutes * 60_000, hours.timezone);
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
  ): Promise<void>;
}

export function createSupportService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  events: ProductEvents;
  limiter: RateLimiter;
  listings: ListingConversations;
  hours?: BusinessHours;
}) {
  const { db } = deps;

  async function toConversations(rows: ConversationRow[]): Promise<SupportConversation[]> {
    const messages = await repo.messagesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      conversationOf(
        row,
        messages.filter((m) => m.conversation_id === row.id),
      ),
    );
  }

  async function toConversation(row: ConversationRow): Promise<SupportConversation> {
    return (await toConversations([row]))[0] as SupportConversation;
  }

  function conversationOf(
    row: ConversationRow,
    messages: Awaited<ReturnType<typeof repo.messagesOf>>,
  ): SupportConversation {
    return {
      id: row.id,
      subject: row.subject,
      category: row.category as SupportConversation['category'],
      status: row.status,
      priority: row.priority,
      resource:
        row.resource_type && row.resource_id ? { type: row.resource_type, id: row.resource_id } : null,
      messages: messages.map((m) => ({
        id: m.id,
        author_role: m.author_role,
        body: m.body,
        created_at: m.created_at.toISOString(),
      })),
      first_response_due_at: row.first_response_due_at.toISOString(),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }

  return {
    /** The "Support backlog breach" signal: conversations past their first-response due time. */
    overdue: (now: Date) => repo.overdueFirstResponses(db, now),
    async create(
      requester: Owner,
      body: {
        subject: string;
        category: string;
        message: string;
        contact_email?: string;
        resource?: { type: string; id: string };
        source_surface?: string;
        report_reason?: ReportReason;
      },
      meta: {
        locale: string | null;
        correlationId: string;
        ip: string | null;
        /** Makes (or finds) the requester's visitor session, once the request is accepted. */
        ensureVisitor?: () => Promise<string>;
      },
    ): Promise<SupportConversation> {
      // Spaces around the text do not count towards its length (the stored text is trimmed).
      const subject = body.subject.trim();
      const message = body.message.trim();
      const blank: Record<string, string> = {};
      if (subject.length < SUPPORT_SUBJECT_MIN_LENGTH)
        blank.subject = `needs at least ${SUPPORT_SUBJECT_MIN_LENGTH} characters besides spaces`;
      if (message.length === 0) blank.message = 'is empty';
      if (Object.keys(blank).length > 0)
        throw new AppError('VALIDATION_FAILED', undefined, { location: 'body', fields: blank });
      let owner = requester;
      if (!owner.userId) {
        // Without an account there is no other way to answer: the address is required.
        if (!body.contact_email) {
          throw new AppError(
            'VALIDATION_FAILED',
            'Give an email address so we can answer you; without an account it is the only way we can reply.',
            { fields: { contact_email: 'is required' } },
          );
        }
        await enforceLimit(
          deps.limiter,
          `support-ip:${sha256Hex(meta.ip ?? 'unknown')}`,
          RATE_LIMITS.anonymousSupportPerIp,
          'Too many conversations were opened from your network. Try again later, or sign in.',
        );
        if (owner.visitorId)
          await enforceLimit(
            deps.limiter,
            `support-visitor:${owner.visitorId}`,
            RATE_LIMITS.anonymousSupportPerVisitor,
            'You have opened several conversations in the last hour. Try again later, or sign in.',
          );
        // The visitor session lets them read the thread here later.
        if (!owner.visitorId && meta.ensureVisitor)
          owner = { userId: null, visitorId: await meta.ensureVisitor() };
      }
      const now = deps.clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const conversation = await repo.insertConversation(trx, {
          id: newId(),
          requester_user_id: owner.userId,
          requester_visitor_id: owner.userId ? null : owner.visitorId,
          contact_email: body.contact_email?.toLowerCase() ?? null,
          subject,
          category: body.category,
          priority: body.category === 'report_listing' ? 'high' : 'normal',
          source_surface: body.source_surface ?? 'web',
          resource_type: body.resource?.type ?? null,
          resource_id: body.resource?.id ?? null,
          language: resolveLocale(meta.locale),
          last_customer_message_at: now,
          first_response_due_at: firstResponseDue(now, deps.hours),
          created_at: now,
          updated_at: now,
        });
        await repo.insertMessage(trx, {
          id: newId(),
          conversation_id: conversation.id,
          author_role: 'requester',
          author_user_id: owner.userId,
          body: message,
          created_at: now,
        });
        if (
          (conversation.category === 'report_listing' || conversation.category === 'appeal') &&
          conversation.resource_type === 'listing' &&
          conversation.resource_id
        )
          await deps.listings.opened(trx, {
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
          correlationId: meta.correlationId,
        },
      );
      return toConversation(row);
    },

    async list(owner: Owner, limit = 20): Promise<SupportConversation[]> {
      if (!owner.userId && !owner.visitorId) return [];
      return toConversations(await repo.listOwn(db, owner, limit));
    },

    async get(owner: Owner, id: string): Promise<SupportConversation> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const row = await repo.findConversation(db, id);
      const mine =
        row &&
        ((owner.userId && row.requester_user_id === owner.userId) ||
          (owner.visitorId && row.requester_visitor_id === owner.visitorId));
      if (!row || !mine) throw new AppError('NOT_FOUND');
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
