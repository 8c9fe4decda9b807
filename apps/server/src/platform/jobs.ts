/**
 * The job contract (ARCHITECTURE.md, Jobs): jobs are declared like routes. A module declares each
 * kind of work it queues with `jobSpec` (its type name, payload schema, result schema and steps) and
 * implements it with `defineJob(spec, handler)`; whoever queues it passes the same spec to
 * `enqueue`, so the payload queued and the payload the handler reads are one type. The runner
 * checks a stored payload against the schema before it runs (a mismatch is a safe failure,
 * JOB_PAYLOAD_INVALID) and the result before it is stored (JOB_RESULT_INVALID). The jobs module
 * implements the queue; workers run definitions over the queue; neither imports the other.
 */
import type { JobType } from '@kitwright/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Static, TSchema } from 'typebox';
import type { DB, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;

/**
 * A job as its handler sees it: the row without its stored payload and artefacts, which it reads
 * typed instead (the payload checked against the job's schema, the result as the run returned it).
 */
export type RunningJob = Omit<JobRow, 'payload' | 'artefacts'>;
/** A job with its payload checked against the job's schema (what the effects of an ending are given). */
export type JobOf<Payload> = RunningJob & { payload: Payload };

export interface JobStepState {
  name: string;
  status: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  progress: number;
}

/** A failure with a code and message that are safe to show, and whether trying again may help. */
export class JobError extends Error {
  constructor(
    readonly code: string,
    readonly safeMessage: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(safeMessage, options);
    this.name = 'JobError';
  }
}

export interface JobContext<Payload = unknown> {
  job: RunningJob;
  /** The stored payload, checked against the job's payload schema before the run began. */
  payload: Payload;
  /** Aborts when the job is cancelled, its lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** Runs one named step; cancellation is honoured before it starts. */
  step<T>(name: string, work: (progress: (fraction: number) => void) => Promise<T>): Promise<T>;
  /**
   * For work that reports its own stages (the mesher pipeline): finishes the running step and
   * starts `name`. Cancellation is honoured here too.
   */
  enter(name: string): Promise<void>;
  /** Progress of the running step, 0 to 1. */
  progress(fraction: number): void;
  /**
   * Declares that the job, if it finishes, ends `degraded` rather than `succeeded`: its result is
   * usable but part of the request was not honoured. The reason (safe to show) is kept with the job;
   * a later call replaces it. A degraded job is terminal and never retried.
   */
  degrade(reason: string): void;
  logger: Logger;
}

/**
 * What a kind of work is: its type name (a job type of the contracts; tests declare types of their
 * own), the TypeBox schemas of its payload and of its result (the job's artefacts, an object), and
 * the steps a job of it shows when queued. Both whoever queues the work and its handler use it.
 */
export interface JobSpec<
  P extends TSchema = TSchema,
  R extends TSchema = TSchema,
  T extends string = string,
> {
  readonly type: T;
  readonly payload: P;
  readonly result: R;
  readonly steps: readonly string[];
}

/** Declares a kind of work (see JobSpec); its type name stays a literal, so enqueue can require a contract type. */
export function jobSpec<const T extends string, P extends TSchema, R extends TSchema>(
  spec: JobSpec<P, R, T>,
): JobSpec<P, R, T> {
  return spec;
}

/** How a kind of work is done, over its payload and result types. */
export interface JobHandler<Payload, Result> {
  run(ctx: JobContext<Payload>): Promise<Result>;
  /**
   * Effects of a usable result, in the transaction that marks the job succeeded or degraded (fenced
   * by the lease); `job.status` says which.
   */
  onSucceeded?(trx: Transaction<DB>, job: JobOf<Payload>, result: Result): Promise<void>;
  /**
   * Effects of a final failure (not of a retry), in the same transaction. A job whose stored payload
   * did not match its schema has no payload to give, and fails without them.
   */
  onFailed?(trx: Transaction<DB>, job: JobOf<Payload>, error: JobError): Promise<void>;
}

/** A kind of work and how it is done: what a runner runs. */
export interface JobDefinition<
  P extends TSchema = TSchema,
  R extends TSchema = TSchema,
  T extends string = string,
> extends JobSpec<P, R, T>,
    JobHandler<Static<P>, Static<R>> {}

/** Implements a declared kind of work: the handler reads and returns the spec's types. */
export function defineJob<P extends TSchema, R extends TSchema, T extends string>(
  spec: JobSpec<P, R, T>,
  handler: JobHandler<Static<P>, Static<R>>,
): JobDefinition<P, R, T> {
  return { ...spec, ...handler };
}

/** What a job should become when its attempt ends with an error. */
export type FailureOutcome =
  | { retryInMs: number; error: JobError }
  | { retryInMs: null; error: JobError; steps: JobStepState[] };

/**
 * The queue as a runner sees it. Every write about a running job is fenced by the lease owner:
 * a method answers null when the worker no longer holds the job (its lease expired and another
 * worker claimed it), so a worker that lost its lease can never finish a job twice.
 */
export interface JobQueue {
  /** Dead-letters running jobs whose lease expired after their last attempt. */
  deadLetterExpired(): Promise<JobRow[]>;
  /** Claims the next due job of these types (FOR UPDATE SKIP LOCKED) with a fresh lease. */
  claim(types: readonly string[], workerId: string, leaseMs: number): Promise<JobRow | null>;
  /** Extends the lease; says whether a cancel was asked for. */
  heartbeat(jobId: string, workerId: string, leaseMs: number): Promise<{ cancelRequested: boolean } | null>;
  saveProgress(
    jobId: string,
    workerId: string,
    progress: { steps: JobStepState[]; current: string | null; progress: number },
  ): Promise<JobRow | null>;
  /**
   * Marks the job succeeded (or degraded, when `degradedReason` is given) and runs the handler's
   * effects in the same transaction.
   */
  succeed(
    jobId: string,
    workerId: string,
    result: { artefacts: Record<string, unknown>; steps: JobStepState[]; degradedReason: string | null },
    effects: (trx: Transaction<DB>, row: JobRow) => Promise<void>,
  ): Promise<JobRow | null>;
  /** Schedules a retry or fails the job for good (then the effects run in the same transaction). */
  fail(
    jobId: string,
    workerId: string,
    outcome: FailureOutcome,
    effects: (trx: Transaction<DB>, row: JobRow) => Promise<void>,
  ): Promise<JobRow | null>;
  markCancelled(jobId: string, workerId: string): Promise<JobRow | null>;
  /** Hands a job back to the queue at once (the worker is stopping), not counting the attempt. */
  handBack(jobId: string, workerId: string): Promise<JobRow | null>;
}

/** What a job is queued with, besides its kind; the payload is the kind's payload type. */
export interface EnqueueInput<Payload> {
  ownerUserId: string | null;
  resource: { type: string; id: string } | null;
  idempotencyKey: string | null;
  payload: Payload;
  /** The steps it shows while queued, when they differ from the kind's own (a draft's mode). */
  steps?: readonly string[];
  correlationId: string | null;
}

/** Queues work. The jobs module implements it; modules that start jobs receive it. */
export interface JobEnqueuer {
  /** Queues a job of this kind; the same idempotency key (per type and owner) returns the same job. */
  enqueue<S extends JobSpec<TSchema, TSchema, JobType>>(
    job: S,
    input: EnqueueInput<Static<S['payload']>>,
    trx?: Transaction<DB>,
  ): Promise<{ job: JobRow; created: boolean }>;
}
