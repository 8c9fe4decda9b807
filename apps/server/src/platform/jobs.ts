/**
 * The job contract (ARCHITECTURE.md, Jobs): what a job row is, how a handler is written, what it is
 * given while it runs, and the queue operations a runner needs. Modules register handlers and the
 * jobs module implements the queue; workers run handlers over the queue; neither imports the other.
 */
import type { JobType } from '@kitwright/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { DB, JobsTable } from '../db/schema';

export type JobRow = Selectable<JobsTable>;

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

export interface JobContext {
  job: JobRow;
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

export interface JobHandler {
  /** A job type of the contracts (tests register handlers of their own types too). */
  type: string;
  run(ctx: JobContext): Promise<Record<string, unknown>>;
  /**
   * Effects of a usable result, in the transaction that marks the job succeeded or degraded (fenced
   * by the lease); `job.status` says which.
   */
  onSucceeded?(trx: Transaction<DB>, job: JobRow, artefacts: Record<string, unknown>): Promise<void>;
  /** Effects of a final failure (not of a retry), in the same transaction. */
  onFailed?(trx: Transaction<DB>, job: JobRow, error: JobError): Promise<void>;
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

/** Queues work. The jobs module implements it; modules that start jobs receive it. */
export interface EnqueueInput {
  type: JobType;
  ownerUserId: string | null;
  resource: { type: string; id: string } | null;
  idempotencyKey: string | null;
  payload: Record<string, unknown>;
  steps: readonly string[];
  correlationId: string | null;
}
