/**
 * The append-only, hash-chained audit log. Entries are written in the same transaction as the
 * mutation they record; if the audit write fails the whole mutation fails closed (503
 * AUDIT_UNAVAILABLE) and the failure is recorded for the P0 "Audit fail-closed event" alert (workers/alert-evaluator.ts).
 */
import { createHash, createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { AlertService } from './alerts';
import * as repo from './audit-repo';
import type { Clock } from './clock';
import { currentCorrelationId } from './correlation';
import { AppError } from './errors';
import { newId } from './ids';

export type ActorType = 'user' | 'operator' | 'system' | 'anonymous';

export interface Actor {
  type: ActorType;
  id: string | null;
}

export const OPERATOR: Actor = { type: 'operator', id: 'operator' };
export const SYSTEM: Actor = { type: 'system', id: null };

export interface AuditEntry {
  actor: Actor;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
}

/** Appends an entry inside an audited transaction (auditedTransaction's `audit`). */
export type AuditWriter = (entry: AuditEntry) => Promise<void>;

export const GENESIS_HASH = '0'.repeat(64);

export class AuditUnavailableError extends Error {
  constructor(cause: unknown) {
    super('audit entry could not be written', { cause });
    this.name = 'AuditUnavailableError';
  }
}

/** JSON with object keys sorted at every depth, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface AuditContent {
  seq: number;
  id: string;
  occurred_at: string;
  actor_type: ActorType;
  actor_id: string | null;
  action: string;
  resource_type: string;
  resource_id: string | null;
  correlation_id: string | null;
  details: Record<string, unknown>;
}

export function auditHash(prevHash: string, content: AuditContent): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(content)).digest('hex');
}

/**
 * Appends one entry inside the caller's transaction, with the current correlation id (the
 * request's or job's; null outside both); throws AuditUnavailableError on any failure.
 */
export async function appendAudit(trx: Transaction<DB>, entry: AuditEntry, clock: Clock): Promise<number> {
  try {
    const prev = await repo.lockHead(trx);
    if (!prev) throw new Error('audit chain head is missing');
    const content: AuditContent = {
      seq: Number(prev.seq) + 1,
      id: newId(),
      occurred_at: clock.now().toISOString(),
      actor_type: entry.actor.type,
      actor_id: entry.actor.id,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId ?? null,
      correlation_id: currentCorrelationId(),
      details: JSON.parse(JSON.stringify(entry.details ?? {})),
    };
    const hash = auditHash(prev.hash, content);
    await repo.appendEntry(trx, { ...content, prev_hash: prev.hash, hash });
    return content.seq;
  } catch (err) {
    throw new AuditUnavailableError(err);
  }
}

export interface AuditedContext {
  db: Kysely<DB>;
  clock: Clock;
  alerts: AlertService;
}

/**
 * Runs a mutation and its audit entries in one transaction. `audit` appends an entry; when the
 * audit store fails the transaction rolls back, the failure is recorded for the P0 alert, and the caller gets
 * AUDIT_UNAVAILABLE. Other errors pass through unchanged.
 */
export async function auditedTransaction<T>(
  ctx: AuditedContext,
  work: (trx: Transaction<DB>, audit: AuditWriter) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute((trx) =>
      work(trx, async (entry) => {
        await appendAudit(trx, entry, ctx.clock);
      }),
    );
  } catch (err) {
    if (err instanceof AuditUnavailableError) {
      // Recorded for the alert evaluator, which opens the P0 when failures go on (not for one blip).
      await ctx.alerts.signal('audit_fail_closed', {
        details: { reason: err.cause instanceof Error ? err.cause.message.slice(0, 200) : 'unknown' },
      });
      throw new AppError('AUDIT_UNAVAILABLE');
    }
    throw err;
  }
}

export interface ChainVerification {
  ok: boolean;
  entries: number;
  brokenAt?: { seq: number; id: string; reason: string };
}

/** Walks the chain from the start and names the first entry whose hash or link does not hold. */
export async function verifyAuditChain(db: Kysely<DB>, batchSize = 1000): Promise<ChainVerification> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  for (;;) {
    const rows = await repo.entriesFrom(db, expectedSeq, batchSize);
    for (const row of rows) {
      const seq = Number(row.seq);
      const broken = (reason: string): ChainVerification => ({
        ok: false,
        entries: count,
        brokenAt: { seq, id: row.id, reason },
      });
      if (seq !== expectedSeq) return broken(`sequence gap: expected ${expectedSeq}`);
      if (row.prev_hash !== prevHash) return broken('previous-hash link does not match the entry before it');
      const content: AuditContent = {
        seq,
        id: row.id,
        occurred_at: row.occurred_at.toISOString(),
        actor_type: row.actor_type,
        actor_id: row.actor_id,
        action: row.action,
        resource_type: row.resource_type,
        resource_id: row.resource_id,
        correlation_id: row.correlation_id,
        details: row.details,
      };
      if (auditHash(prevHash, content) !== row.hash) return broken('content does not match its hash');
      prevHash = row.hash;
      expectedSeq = seq + 1;
      count++;
    }
    if (rows.length < batchSize) break;
  }
  const head = await repo.head(db);
  if (head && (Number(head.seq) !== count || head.hash !== prevHash)) {
    return {
      ok: false,
      entries: count,
      brokenAt: {
        seq: Number(head.seq),
        id: 'chain-head',
        reason: 'entries are missing after the last verified entry',
      },
    };
  }
  return { ok: true, entries: count };
}

/**
 * The pseudonymous reference that stands for an erased account wherever a record of it must stay
 * (its erasure's audit entries, detached support conversations): an HMAC-SHA256 of the account id
 * under a server key. Without the key it cannot be traced back to the id, let alone the person;
 * with it, staff can confirm that a given id was erased and find what was kept about it.
 */
export function pseudonymousRef(key: string, userId: string): string {
  return `pseudonym:${createHmac('sha256', key).update(userId).digest('hex').slice(0, 32)}`;
}

/** Entries read per page by the account export; the event loop is yielded to between pages. */
const EXPORT_PAGE = 1000;

/** The entries about a person, oldest first (their account export). */
export async function auditRecordsAbout(
  db: Kysely<DB>,
  who: { userId: string; visitorIds: readonly string[]; sessionIds: readonly string[] },
) {
  const out: Awaited<ReturnType<typeof repo.pageAbout>> = [];
  let after = 0;
  for (;;) {
    const page = await repo.pageAbout(
      db,
      { actorIds: [who.userId, ...who.visitorIds], userId: who.userId, sessionIds: who.sessionIds },
      after,
      EXPORT_PAGE,
    );
    out.push(...page);
    const last = page[page.length - 1];
    if (page.length < EXPORT_PAGE || !last) break;
    after = Number(last.seq);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out.map((e) => ({
    seq: Number(e.seq),
    occurred_at: e.occurred_at.toISOString(),
    action: e.action,
    actor_type: e.actor_type,
    actor_id: e.actor_id,
    resource_type: e.resource_type,
    resource_id: e.resource_id,
    details: e.details,
  }));
}
