/**
 * The staff side of support: the queue (filters, SLA state, sort by due time), one ticket with
 * safe context about its requester and what it is about, replies (emailed to the requester in
 * their language) and internal notes (never shown to them), and changes (assignee, priority,
 * status, category, links to a bug, order or pre-order). Every staff action is audited and its
 * audit entry's seq kept on the conversation.
 */
import {
  SUPPORT_STAFF_LIST_MAX,
  type SupportStaffList,
  type SupportTicket,
  type SupportTicketDetail,
} from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { BusinessHours } from '../../config';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import { type AuditEntry, appendAudit, auditedTransaction } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid, newId } from '../../platform/ids';
import { pageOf, readTimeCursor } from '../../platform/pagination';
import type { ProductEvents } from '../../platform/product-events';
import type { SignedInUser } from '../../platform/viewer';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import { DEFAULT_BUSINESS_HOURS, responseTimeBucket } from './business-hours';
import type { SupportMail, SupportPeople } from './notify';
import type { ConversationRow, QueueFilters } from './repo';
import * as repo from './repo';
import type { SupportSettings } from './service';
import {
  capped,
  type FileSummaries,
  type SupportStatus,
  staffViews,
  translateFor,
  translationSummary,
} from './thread';

const HOUR = 3600_000;

/** What staff see about the requester: read through the other modules' services. */
export interface SupportContextSources {
  listingsOf(userId: string): Promise<SupportTicketDetail['context']['listings']>;
  reservationsOf(userId: string): Promise<SupportTicketDetail['context']['reservations']>;
  jobsOf(userId: string): Promise<SupportTicketDetail['context']['jobs']>;
  /** The resource a conversation is about, in short; null when it no longer exists. */
  resource(
    type: string,
    id: string,
  ): Promise<{ title: string | null; state: string | null; owner_user_id: string | null } | null | undefined>;
}

export interface QueueQuery {
  cursor?: string;
  limit?: number;
  status?: string;
  priority?: string;
  category?: string;
  sla?: 'due' | 'overdue' | 'met' | 'breached';
  assignee?: string;
  requester_user_id?: string;
  resource_type?: string;
  resource_id?: string;
  min_age_hours?: number;
  max_age_hours?: number;
  sort?: 'due' | 'created' | 'updated';
}

export interface TicketChange {
  assignee_id?: string | null;
  priority?: string;
  status?: 'waiting_on_staff' | 'waiting_on_requester' | 'resolved' | 'closed';
  category?: string;
  add_link?: { type: 'bug' | 'order' | 'preorder'; reference: string };
  remove_link?: { type: 'bug' | 'order' | 'preorder'; reference: string };
}

export interface SupportNotifications {
  notify(
    q: Transaction<DB>,
    userId: string,
    n: { kind: string; title: string; body: string; link?: string | null },
  ): Promise<void>;
}

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

export function createSupportDesk(deps: {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  events: ProductEvents;
  logger: Logger;
  translation: TranslationProvider;
  mail: SupportMail;
  people: SupportPeople;
  media: {
    requireOwnUploads(userId: string, ids: readonly string[]): Promise<void>;
    summaries: FileSummaries;
  };
  context: SupportContextSources;
  settings: SupportSettings;
  /** The requester's in-app notification of a staff reply (signed-in requesters only). */
  notifications: SupportNotifications;
  hours?: BusinessHours;
}) {
  const { db, clock, settings } = deps;
  const hours = deps.hours ?? DEFAULT_BUSINESS_HOURS;

  const views = (rows: ConversationRow[]) =>
    staffViews(db, rows, clock.now(), settings.reopenDays, deps.media.summaries, (ids) =>
      deps.people.byIds(ids),
    );

  async function context(row: ConversationRow): Promise<SupportTicketDetail['context']> {
    const userId = row.requester_user_id;
    const [account, listings, reservations, jobs, resource] = await Promise.all([
      userId ? deps.people.account(userId) : null,
      userId ? deps.context.listingsOf(userId) : [],
      userId ? deps.context.reservationsOf(userId) : [],
      userId ? deps.context.jobsOf(userId) : [],
      row.resource_type && row.resource_id ? deps.context.resource(row.resource_type, row.resource_id) : null,
    ]);
    return {
      account: account?.summary ?? null,
      listings,
      reservations,
      jobs,
      resource:
        row.resource_type && row.resource_id
          ? {
              type: row.resource_type,
              id: row.resource_id,
              // undefined: this kind of resource is not looked up; null: it does not exist (any more).
              found: resource === undefined ? null : resource !== null,
              title: resource?.title ?? null,
              state: resource?.state ?? null,
              owner_user_id: resource?.owner_user_id ?? null,
            }
          : null,
    };
  }

  async function detail(id: string): Promise<SupportTicketDetail> {
    const row = await repo.findConversation(db, id);
    if (!row) throw new AppError('NOT_FOUND');
    const [ticket] = await views([row]);
    return { ...(ticket as SupportTicket), context: await context(row) };
  }

  async function requireStaff(id: string) {
    if (!(await deps.people.staff(id)))
      throw new AppError('VALIDATION_FAILED', 'Assign a conversation to a staff member or a founder.', {
        fields: { assignee_id: 'is not staff' },
      });
  }

  return {
    /** Whom a conversation can be assigned to: every staff member and founder. */
    async staffMembers(): Promise<SupportStaffList> {
      return { items: await deps.people.staffMembers(SUPPORT_STAFF_LIST_MAX) };
    },
    async queue(
      staff: SignedInUser,
      q: QueueQuery,
    ): Promise<{ items: SupportTicket[]; next_cursor: string | null }> {
      const now = clock.now();
      const limit = q.limit ?? 20;
      const filters: QueueFilters = {
        ...(q.status ? { status: q.status } : {}),
        ...(q.priority ? { priority: q.priority } : {}),
        ...(q.category ? { category: q.category } : {}),
        ...(q.sla ? { sla: q.sla } : {}),
        ...(q.assignee
          ? { assignee: q.assignee === 'unassigned' ? null : q.assignee === 'me' ? staff.id : q.assignee }
          : {}),
        ...(q.requester_user_id ? { requesterUserId: q.requester_user_id } : {}),
        ...(q.resource_type ? { resourceType: q.resource_type } : {}),
        ...(q.resource_id ? { resourceId: q.resource_id } : {}),
        ...(q.min_age_hours !== undefined
          ? { openedBefore: new Date(now.getTime() - q.min_age_hours * HOUR) }
          : {}),
        ...(q.max_age_hours !== undefined
          ? { openedAfter: new Date(now.getTime() - q.max_age_hours * HOUR) }
          : {}),
      };
      const sort = q.sort ?? 'due';
      const rows = await repo.queue(
        db,
        filters,
        sort,
        now,
        q.cursor ? readTimeCursor(q.cursor) : null,
        limit + 1,
      );
      const { page, next_cursor } = pageOf(rows, limit, (r) => ({
        at: sort === 'due' ? r.first_response_due_at : sort === 'created' ? r.created_at : r.updated_at,
        id: r.id,
      }));
      return { items: await views(page), next_cursor };
    },

    async get(id: string): Promise<SupportTicketDetail> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      return detail(id);
    },

    /**
     * A staff reply (emailed to the requester, translated into their language when it differs)
     * or an internal note (`internal`: never shown or sent to the requester). A reply moves the
     * conversation to waiting_on_requester; the first one sets the response-time bucket.
     */
    async reply(
      staff: SignedInUser,
      id: string,
      body: { message: string; internal?: boolean; attachments?: string[] },
    ): Promise<SupportTicketDetail> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const message = body.message.trim();
      if (message.length === 0)
        throw new AppError('VALIDATION_FAILED', undefined, {
          location: 'body',
          fields: { message: 'is empty' },
        });
      const internal = body.internal === true;
      const attachments = [...new Set(body.attachments ?? [])];
      await deps.media.requireOwnUploads(staff.id, attachments);
      const found = await repo.findConversation(db, id);
      if (!found) throw new AppError('NOT_FOUND');
      const forRequester = internal
        ? ({ status: 'same_language', body: null, language: null, provider: null } as const)
        : await translateFor(deps.translation, deps.logger, message, settings.staffLanguage, found.language);
      let bucket = 'not_applicable';
      const row = await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx) => {
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
          await deps.notifications.notify(trx, current.requester_user_id, {
            kind: 'support_reply',
            ...replyNotice(current.language, current.subject),
            link: `/help/support/${id}`,
          });
        const first = current.first_staff_response_at === null;
        bucket = first
          ? responseTimeBucket(current.created_at, now, hours)
          : responseTimeBucket(current.last_customer_message_at, now, hours);
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
        await deps.events.emit(
          'support_conversation_replied',
          { support_id: id, responder_role: 'staff', response_time_bucket: bucket },
          { userId: staff.id, sessionId: null, route: 'admin/support' },
        );
        deps.mail.toRequester(row, message, forRequester.body);
      }
      return detail(id);
    },

    /**
     * Assigns, prioritises, changes status or category, links or unlinks a bug, order or
     * pre-order, in one audited transaction. A change to what already holds is refused.
     */
    async update(staff: SignedInUser, id: string, change: TicketChange): Promise<SupportTicketDetail> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      if (change.assignee_id) await requireStaff(change.assignee_id);
      const addRef = change.add_link?.reference.trim();
      const removeRef = change.remove_link?.reference.trim();
      if (change.add_link && !addRef)
        throw new AppError('VALIDATION_FAILED', 'Give the reference to link.', {
          fields: { 'add_link.reference': 'is empty' },
        });
      await auditedTransaction({ db, clock, alerts: deps.alerts }, async (trx) => {
        const current = await repo.lockConversation(trx, id);
        if (!current) throw new AppError('NOT_FOUND');
        const now = clock.now();
        const seqs: number[] = [];
        const audit = (entry: AuditEntry) => appendAudit(trx, entry, clock);
        const record = async (action: string, details: Record<string, unknown>) => {
          seqs.push(
            await audit({
              actor: { type: 'user', id: staff.id },
              action,
              resourceType: 'support_conversation',
              resourceId: id,
              details,
            }),
          );
        };
        const set: Parameters<typeof repo.updateConversation>[2] = {};
        if (change.assignee_id !== undefined) {
          if (change.assignee_id === current.assignee_user_id)
            throw new AppError('INVALID_STATE', 'The conversation already has this assignee.');
          set.assignee_user_id = change.assignee_id;
          await record('support.assigned', { from: current.assignee_user_id, to: change.assignee_id });
        }
        if (change.priority !== undefined) {
          if (change.priority === current.priority)
            throw new AppError('INVALID_STATE', 'The conversation already has this priority.');
          set.priority = change.priority;
          await record('support.priority_changed', { from: current.priority, to: change.priority });
        }
        if (change.category !== undefined) {
          if (change.category === current.category)
            throw new AppError('INVALID_STATE', 'The conversation already has this category.');
          set.category = change.category;
          await record('support.category_changed', { from: current.category, to: change.category });
        }
        if (change.status !== undefined) {
          const from = current.status as SupportStatus;
          if (from === 'closed')
            throw new AppError(
              'INVALID_STATE',
              'A closed conversation stays closed; the requester opens a new one.',
            );
          if (change.status === from)
            throw new AppError('INVALID_STATE', `The conversation is already ${from}.`);
          if (change.status === 'waiting_on_requester' && current.first_staff_response_at === null)
            throw new AppError('INVALID_STATE', 'Reply first: nothing was asked of the requester yet.');
          set.status = change.status;
          if (change.status === 'resolved') set.solved_at = now;
          if (change.status === 'closed') set.closed_at = now;
          await record('support.status_changed', { from, to: change.status });
        }
        if (change.add_link && addRef) {
          const added = await repo.addLink(trx, {
            conversation_id: id,
            type: change.add_link.type,
            reference: addRef,
            created_by: staff.id,
            created_at: now,
          });
          if (!added) throw new AppError('INVALID_STATE', 'This link is already on the conversation.');
          await record('support.linked', { type: change.add_link.type, reference: addRef });
        }
        if (change.remove_link && removeRef) {
          if (!(await repo.removeLink(trx, id, change.remove_link.type, removeRef)))
            throw new AppError('INVALID_STATE', 'The conversation has no such link.');
          await record('support.unlinked', { type: change.remove_link.type, reference: removeRef });
        }
        await repo.updateConversation(trx, id, { ...set, updated_at: now });
        await repo.addAuditRefs(trx, id, seqs);
      });
      return detail(id);
    },
  };
}

export type SupportDesk = ReturnType<typeof createSupportDesk>;
