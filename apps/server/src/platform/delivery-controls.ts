/**
 * Feature flags and the delivery phase: the one module every feature asks whether it may run.
 * Flags and phase live in the database. Phases open only by an explicit, audited decision once
 * every gate of the spec is recorded as passed; nothing here opens a phase by itself.
 */
import {
  type Capability,
  DEFAULT_FEATURE_FLAGS,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlags,
  type Gate,
  isPhase,
  NEXT_PHASE,
  PAID_AI_CREDIT_GATES,
  PHASE_CAPABILITIES,
  PHASE_GATES,
  type Phase,
  RELEASE_CAPABILITIES,
  releaseTagProblem,
} from '@kitwright/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type Actor, type AuditedContext, auditedTransaction } from './audit';
import * as repo from './delivery-controls-repo';
import { AppError } from './errors';
import { newId } from './ids';

export interface GateState {
  gate: Gate;
  passed: boolean;
  version: string;
  evidence: string;
  recorded_by: string;
  recorded_at: string;
}

export interface DeliverySnapshot {
  phase: Phase;
  flags: FeatureFlags;
}

export interface DeliveryControls {
  snapshot(): Promise<DeliverySnapshot>;
  phase(): Promise<Phase>;
  isEnabled(flag: FeatureFlag): Promise<boolean>;
  /** Throws FEATURE_DISABLED unless the flag is on. */
  requireFlag(flag: FeatureFlag): Promise<void>;
  /** Throws PHASE_CLOSED unless the current phase allows the capability. */
  requireCapability(capability: Capability): Promise<void>;
  setFlag(flag: FeatureFlag, enabled: boolean, actor: Actor): Promise<FeatureFlags>;
  gates(): Promise<GateState[]>;
  recordGate(
    input: { gate: Gate; passed: boolean; version: string; evidence: string },
    actor: Actor,
  ): Promise<GateState>;
  /**
   * Opens the next phase. `releaseTag` names the release that opens it (phase-a5-preorder-YYYYMMDD.N
   * for A.5, phase-b-fulfilment-YYYYMMDD.N for B) and is recorded in the decision's audit entry.
   */
  decidePhase(target: Phase, reason: string, actor: Actor, releaseTag: string): Promise<Phase>;
}

export interface DeliveryControlsDeps extends AuditedContext {
  /** Capabilities this build implements; a phase needing others cannot be opened by this release. */
  releaseCapabilities?: readonly Capability[];
  /**
   * How long a read of flags and phase may be reused. Changes made through this process are seen
   * at once; another process sees them within this time. 0 disables the cache.
   */
  cacheMs?: number;
}

/** Flags and phase are read on almost every request; one second of reuse keeps that off the database. */
export const DEFAULT_CONTROLS_CACHE_MS = 1000;

function actorLabel(actor: Actor): string {
  return actor.type === 'user' ? `user:${actor.id}` : actor.type;
}

/** What the controls share: their dependencies and the cached read of flags and phase. */
interface ControlsContext extends DeliveryControlsDeps {
  releaseCapabilities: readonly Capability[];
  cacheMs: number;
  cached: { at: number; value: Promise<DeliverySnapshot> } | null;
}

type GateInput = { gate: Gate; passed: boolean; version: string; evidence: string };

export function createDeliveryControls(deps: DeliveryControlsDeps): DeliveryControls {
  const ctx: ControlsContext = {
    ...deps,
    releaseCapabilities: deps.releaseCapabilities ?? RELEASE_CAPABILITIES,
    cacheMs: deps.cacheMs ?? DEFAULT_CONTROLS_CACHE_MS,
    cached: null,
  };
  return {
    snapshot: () => snapshot(ctx),
    phase: async () => (await snapshot(ctx)).phase,
    isEnabled: async (flag) => (await snapshot(ctx)).flags[flag],
    requireFlag: (flag) => requireFlag(ctx, flag),
    requireCapability: (capability) => requireCapability(ctx, capability),
    setFlag: (flag, enabled, actor) => afterCommit(ctx, setFlag(ctx, flag, enabled, actor)),
    gates: async () => [...(await latestGates(ctx.db)).values()],
    recordGate: (input, actor) => recordGate(ctx, input, actor),
    decidePhase: (target, reason, actor, releaseTag) => decidePhase(ctx, target, reason, actor, releaseTag),
  };
}

function snapshot(ctx: ControlsContext): Promise<DeliverySnapshot> {
  const now = performance.now();
  if (ctx.cached && now - ctx.cached.at < ctx.cacheMs) return ctx.cached.value;
  const value = readSnapshot(ctx.db);
  ctx.cached = { at: now, value };
  // A failed read is not reused.
  value.catch(() => {
    if (ctx.cached?.value === value) ctx.cached = null;
  });
  return value;
}

/** Drops the cached read once a change has committed, so this process never serves the old value. */
async function afterCommit<T>(ctx: ControlsContext, change: Promise<T>): Promise<T> {
  const result = await change;
  ctx.cached = null;
  return result;
}

async function readSnapshot(db: Kysely<DB>): Promise<DeliverySnapshot> {
  const rows = await repo.readFlagsAndPhase(db);
  const flags: FeatureFlags = { ...DEFAULT_FEATURE_FLAGS };
  let phase: Phase = 'A';
  for (const row of rows) {
    if (isPhase(row.phase)) phase = row.phase;
    if (row.key && row.enabled !== null && (FEATURE_FLAGS as readonly string[]).includes(row.key)) {
      flags[row.key as FeatureFlag] = row.enabled;
    }
  }
  return { phase, flags };
}

function gateState(r: Awaited<ReturnType<typeof repo.insertGateRecord>>): GateState {
  return {
    gate: r.gate as Gate,
    passed: r.passed,
    version: r.version,
    evidence: r.evidence,
    recorded_by: r.recorded_by,
    recorded_at: r.recorded_at.toISOString(),
  };
}

async function latestGates(q: Kysely<DB>): Promise<Map<string, GateState>> {
  const rows = await repo.latestGateRecords(q);
  return new Map(rows.map((r) => [r.gate, gateState(r)]));
}

async function requireFlag(ctx: ControlsContext, flag: FeatureFlag): Promise<void> {
  if (!(await snapshot(ctx)).flags[flag]) {
    throw new AppError('FEATURE_DISABLED', `The ${flag} feature is switched off right now.`, { flag });
  }
}

async function requireCapability(ctx: ControlsContext, capability: Capability): Promise<void> {
  const phase = (await snapshot(ctx)).phase;
  if (!PHASE_CAPABILITIES[phase].includes(capability)) {
    throw new AppError('PHASE_CLOSED', undefined, { capability, phase });
  }
}

function setFlag(
  ctx: ControlsContext,
  flag: FeatureFlag,
  enabled: boolean,
  actor: Actor,
): Promise<FeatureFlags> {
  return auditedTransaction(ctx, async (trx, audit) => {
    const phase = await repo.lockPhase(trx);
    if (enabled && flag === 'phaseA5Preorders' && phase === 'A') {
      throw new AppError('PHASE_CLOSED', 'Pre-orders cannot be switched on before Phase A.5 is opened.', {
        flag,
        phase,
      });
    }
    if (enabled && flag === 'paidAICredits') {
      const gates = await latestGates(trx);
      const missing = PAID_AI_CREDIT_GATES.filter((g) => !gates.get(g)?.passed);
      if (missing.length > 0) {
        throw new AppError(
          'GATE_NOT_MET',
          'Paid AI credits need their tax, refund, payment and consumer-law gates.',
          {
            missing_gates: missing,
          },
        );
      }
    }
    const before = await repo.flagValue(trx, flag);
    await repo.upsertFlag(trx, { key: flag, enabled, by: actorLabel(actor), at: ctx.clock.now() });
    await audit({
      actor,
      action: 'feature_flag.set',
      resourceType: 'feature_flag',
      resourceId: flag,
      details: { from: before ?? DEFAULT_FEATURE_FLAGS[flag], to: enabled },
    });
    const rows = await repo.allFlags(trx);
    const flags = { ...DEFAULT_FEATURE_FLAGS };
    for (const r of rows) flags[r.key as FeatureFlag] = r.enabled;
    return flags;
  });
}

function recordGate(ctx: ControlsContext, input: GateInput, actor: Actor): Promise<GateState> {
  return auditedTransaction(ctx, async (trx, audit) => {
    const row = await repo.insertGateRecord(trx, {
      id: newId(),
      gate: input.gate,
      passed: input.passed,
      version: input.version,
      evidence: input.evidence,
      by: actorLabel(actor),
      at: ctx.clock.now(),
    });
    await audit({
      actor,
      action: 'phase_gate.recorded',
      resourceType: 'phase_gate',
      resourceId: input.gate,
      details: { passed: input.passed, version: input.version },
    });
    return gateState(row);
  });
}

async function decidePhase(
  ctx: ControlsContext,
  target: Phase,
  reason: string,
  actor: Actor,
  releaseTag: string,
): Promise<Phase> {
  if (target === 'A')
    throw new AppError('INVALID_STATE', 'Phase A is where the platform starts; it is never decided.', {
      requested: target,
    });
  // The tag is checked first: a decision that names no valid release is refused whatever the gates say.
  const tagProblem = releaseTagProblem(target, releaseTag);
  if (tagProblem)
    throw new AppError('VALIDATION_FAILED', tagProblem, {
      location: 'body',
      fields: { release_tag: tagProblem },
    });
  return afterCommit(
    ctx,
    auditedTransaction(ctx, async (trx, audit) => {
      const current = (await repo.lockPhase(trx)) as Phase;
      const { required, gates } = await checkPhaseCanOpen(ctx, trx, current, target);
      const evidence = required.map((g) => gates.get(g));
      await repo.recordPhaseDecision(trx, {
        id: newId(),
        from: current,
        to: target,
        reason,
        evidence,
        releaseTag,
        by: actorLabel(actor),
        at: ctx.clock.now(),
      });
      await audit({
        actor,
        action: 'delivery_phase.decided',
        resourceType: 'delivery_phase',
        resourceId: target,
        details: {
          from: current,
          to: target,
          reason,
          release_tag: releaseTag,
          gates: evidence.map((g) => ({ gate: g?.gate, version: g?.version })),
        },
      });
      return target;
    }),
  );
}

/** The target must be the next phase, its gates passed and its capabilities in this release. */
async function checkPhaseCanOpen(
  ctx: ControlsContext,
  trx: Kysely<DB>,
  current: Phase,
  target: Exclude<Phase, 'A'>,
) {
  if (NEXT_PHASE[current] !== target) {
    throw new AppError(
      'INVALID_STATE',
      `The platform is in phase ${current}; the next phase is ${NEXT_PHASE[current] ?? 'none'}.`,
      {
        phase: current,
        requested: target,
      },
    );
  }
  const required = PHASE_GATES[target];
  const gates = await latestGates(trx);
  const missing = required.filter((g) => !gates.get(g)?.passed);
  const notInRelease = PHASE_CAPABILITIES[target].filter((c) => !ctx.releaseCapabilities.includes(c));
  if (missing.length > 0 || notInRelease.length > 0) {
    throw new AppError('GATE_NOT_MET', `Phase ${target} cannot open yet.`, {
      missing_gates: missing,
      capabilities_not_in_release: notInRelease,
    });
  }
  return { required, gates };
}
