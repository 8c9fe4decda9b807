/**
 * What the support flows share: the requester side's context (service.ts) and the staff desk's
 * (desk.ts), their dependencies, and the small checks and views both sides use.
 */
import type { ReportReason, SupportConversation, SupportTicketDetail } from '@kitwright/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { BusinessHours } from '../../config';
import type { DB } from '../../db/schema';
import type { AlertService } from '../../platform/alerts';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import type { ProductEvents } from '../../platform/product-events';
import type { RateLimiter } from '../../platform/rate-limits';
import type { Owner } from '../../platform/viewer';
import type { TranslationProvider } from '../../providers/translation/translation-provider';
import { DEFAULT_BUSINESS_HOURS } from './business-hours';
import type { SupportReferences } from './intake';
import type { SupportMail, SupportPeople } from './notify';
import type { ConversationRow } from './repo';
import * as repo from './repo';
import { type FileSummaries, requesterViews, tokenMatches } from './thread';

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

/** The uploads a conversation may carry: checked as the uploader's own, and summarised for the thread. */
export interface SupportMedia {
  requireOwnUploads(userId: string, ids: readonly string[]): Promise<void>;
  summaries: FileSummaries;
}

export interface SupportDeps {
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
  media: SupportMedia;
  settings: SupportSettings;
}

/** The requester side's context: its dependencies, with the business day settled. */
export interface SupportContext extends SupportDeps {
  hours: BusinessHours;
}

export function createSupportContext(deps: SupportDeps): SupportContext {
  return { ...deps, hours: deps.hours ?? DEFAULT_BUSINESS_HOURS };
}

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

export interface SupportNotifications {
  notify(
    q: Transaction<DB>,
    userId: string,
    n: { kind: string; title: string; body: string; link?: string | null },
  ): Promise<void>;
}

export interface SupportDeskDeps {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
  events: ProductEvents;
  logger: Logger;
  translation: TranslationProvider;
  mail: SupportMail;
  people: SupportPeople;
  media: SupportMedia;
  context: SupportContextSources;
  settings: SupportSettings;
  /** The requester's in-app notification of a staff reply (signed-in requesters only). */
  notifications: SupportNotifications;
  hours?: BusinessHours;
}

/** The staff desk's context: its dependencies, with the business day settled. */
export interface DeskContext extends SupportDeskDeps {
  hours: BusinessHours;
}

export function createDeskContext(deps: SupportDeskDeps): DeskContext {
  return { ...deps, hours: deps.hours ?? DEFAULT_BUSINESS_HOURS };
}

/** The text trimmed, or VALIDATION_FAILED naming the field when nothing is left. */
export function trimmed(text: string, field: string): string {
  const value = text.trim();
  if (value.length === 0)
    throw new AppError('VALIDATION_FAILED', undefined, {
      location: 'body',
      fields: { [field]: 'is empty' },
    });
  return value;
}

/** Conversations as their requester reads them. */
export function toConversations(
  ctx: SupportContext,
  rows: ConversationRow[],
): Promise<SupportConversation[]> {
  return requesterViews(ctx.db, rows, ctx.clock.now(), ctx.settings.reopenDays, ctx.media.summaries);
}

export async function toConversation(
  ctx: SupportContext,
  row: ConversationRow,
): Promise<SupportConversation> {
  return (await toConversations(ctx, [row]))[0] as SupportConversation;
}

/** The conversation if this follower may see it: its requester, or the holder of its signed link. */
export async function followed(
  ctx: SupportContext,
  follower: Follower,
  id: string,
): Promise<ConversationRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  const row = await repo.findConversation(ctx.db, id);
  const { owner } = follower;
  const mine =
    row &&
    ((owner.userId && row.requester_user_id === owner.userId) ||
      (owner.visitorId && row.requester_visitor_id === owner.visitorId) ||
      tokenMatches(ctx.settings.tokenKey, row.id, follower.token));
  if (!row || !mine) throw new AppError('NOT_FOUND');
  return row;
}
