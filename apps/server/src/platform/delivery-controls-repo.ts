/** SQL for feature flags, the delivery phase, gate evidence and phase decisions (platform/delivery-controls.ts). */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

/** Every stored flag with the phase, in one round trip (a flag never set reads as its default). */
export async function readFlagsAndPhase(q: Q) {
  const rows = await sql<{ key: string | null; enabled: boolean | null; phase: string }>`
    SELECT f.key, f.enabled, d.phase
    FROM delivery_state d LEFT JOIN feature_flags f ON true`.execute(q);
  return rows.rows;
}

/** The latest record of each gate. */
export function latestGateRecords(q: Q) {
  return q
    .selectFrom('gate_records')
    .distinctOn('gate')
    .selectAll()
    .orderBy('gate')
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The phase row, locked for the rest of the transaction (phase changes and flag rules serialise on it). */
export async function lockPhase(trx: Transaction<DB>): Promise<string> {
  const state = await trx.selectFrom('delivery_state').select('phase').forUpdate().executeTakeFirstOrThrow();
  return state.phase;
}

export async function flagValue(q: Q, key: string): Promise<boolean | undefined> {
  const row = await q.selectFrom('feature_flags').select('enabled').where('key', '=', key).executeTakeFirst();
  return row?.enabled;
}

export async function upsertFlag(q: Q, flag: { key: string; enabled: boolean; by: string; at: Date }) {
  const values = { enabled: flag.enabled, updated_by: flag.by, updated_at: flag.at };
  await q
    .insertInto('feature_flags')
    .values({ key: flag.key, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

export function allFlags(q: Q) {
  return q.selectFrom('feature_flags').select(['key', 'enabled']).execute();
}

export function insertGateRecord(
  q: Q,
  record: {
    id: string;
    gate: string;
    passed: boolean;
    version: string;
    evidence: string;
    by: string;
    at: Date;
  },
) {
  return q
    .insertInto('gate_records')
    .values({
      id: record.id,
      gate: record.gate,
      passed: record.passed,
      version: record.version,
      evidence: record.evidence,
      recorded_by: record.by,
      recorded_at: record.at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function recordPhaseDecision(
  trx: Transaction<DB>,
  decision: {
    id: string;
    from: string;
    to: string;
    reason: string;
    evidence: unknown[];
    releaseTag: string;
    by: string;
    at: Date;
  },
) {
  await trx
    .insertInto('phase_decisions')
    .values({
      id: decision.id,
      from_phase: decision.from,
      to_phase: decision.to,
      reason: decision.reason,
      gate_evidence: JSON.stringify(decision.evidence),
      release_tag: decision.releaseTag,
      decided_by: decision.by,
      decided_at: decision.at,
    })
    .execute();
  await trx
    .updateTable('delivery_state')
    .set({ phase: decision.to, decided_at: decision.at, decided_by: decision.by })
    .where('id', '=', true)
    .execute();
}
