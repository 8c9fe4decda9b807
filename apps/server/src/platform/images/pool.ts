/**
 * The server's image processes (./process.ts): up to `size` of them, each running one task at a
 * time, started as work needs them and replaced when one dies or is killed.
 *
 * Work waits in one queue per owner (a person's id, or "system"), and a free process takes the
 * next task from the owner with the fewest tasks running, the one served longest ago first among
 * equals. No owner holds more than `maxRunningPerOwner` processes at once (by default all but
 * one), so with two or more there is always one another person's picture can start in at once:
 * one person's four heavy pictures run one after another beside everyone else's. Each owner may
 * have `maxQueuedPerOwner` tasks waiting and everyone together `maxQueued`; beyond, a task is
 * refused at once as busy, with a time to come back, rather than queued without end.
 *
 * Each task has a time limit by its kind (IMAGE_TIMEOUTS). A task over it kills its process; a
 * kit preview (an SVG we drew) is then tried once more in a fresh one, since a hang there is
 * libvips's, but a picture someone sent is not: it may be what made the process hang.
 */
import type { Logger } from 'pino';
import { type ImageChild, ImageProcessError, type ImageResult, startImageChild } from './process';
import type { ImageOp, ImageTask } from './tasks';

export interface ImageTimeouts extends Record<ImageOp, number> {
  /** Starting a process (tsx and sharp load in about 0.3 s; much longer under load). */
  start: number;
}

/**
 * A kit preview renders in well under a second; the largest picture allowed (40 megapixels, a
 * 16-bit PNG) re-encodes in about 2.5 s and decodes for a mosaic in about 1 s on a quiet two-core
 * machine, and a 40-megapixel JPEG took up to 8 s at a load of 15 on it: fifteen seconds means
 * the input or the process is at fault.
 */
export const IMAGE_TIMEOUTS: ImageTimeouts = {
  start: 20_000,
  'svg-png': 20_000,
  reencode: 15_000,
  'decode-rgba': 15_000,
};

export interface ImagePoolOptions {
  /** Processes at most. */
  size: number;
  /** Tasks one owner may have waiting (besides those running). */
  maxQueuedPerOwner: number;
  /** Processes one owner may hold at once; by default all but one (one when there is one). */
  maxRunningPerOwner?: number | undefined;
  /** Tasks waiting in all. */
  maxQueued: number;
  timeouts?: Partial<ImageTimeouts> | undefined;
  logger?: Logger | undefined;
}

export interface ImagePoolStats {
  size: number;
  /** The live processes' ids. */
  pids: number[];
  running: number;
  queued: number;
}

export interface ImagePool {
  /** Runs a task for an owner (a person's id, or "system"); refused as busy when their queue is full. */
  run(task: ImageTask, options: { owner: string }): Promise<ImageResult>;
  stats(): ImagePoolStats;
  close(): Promise<void>;
}

interface Pending {
  task: ImageTask;
  owner: string;
  resolve: (result: ImageResult) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  child: ImageChild | null;
  busy: boolean;
}

interface OwnerState {
  running: number;
  /** When this owner's latest task started (a sequence number): lower goes first among equals. */
  served: number;
}

/** Only a process failure may be retried, and after the task reached the process only our own SVG. */
function retryable(task: ImageTask, err: unknown): boolean {
  if (!(err instanceof ImageProcessError)) return false;
  if (err.reason !== 'timeout' && err.reason !== 'crashed') return false;
  return err.detail.started === false || task.op === 'svg-png';
}

/** What the pool's plain functions share: its settings, its processes, the queues and counters. */
interface PoolState {
  options: ImagePoolOptions;
  size: number;
  maxRunning: number;
  timeouts: ImageTimeouts;
  slots: Slot[];
  queues: Map<string, Pending[]>;
  owners: Map<string, OwnerState>;
  queued: number;
  /** Tasks started so far: each start's number is its owner's `served`. */
  served: number;
  closed: boolean;
  /** A running mean of task times, for the Retry-After of a refusal. */
  meanTaskMs: number;
}

export function createImagePool(options: ImagePoolOptions): ImagePool {
  const pool = poolState(options);
  return {
    run: (task, { owner }) => run(pool, task, owner),
    stats: () => stats(pool),
    close: () => close(pool),
  };
}

function poolState(options: ImagePoolOptions): PoolState {
  const size = Math.max(1, options.size);
  return {
    options,
    size,
    maxRunning: Math.max(1, options.maxRunningPerOwner ?? size - 1),
    timeouts: { ...IMAGE_TIMEOUTS, ...options.timeouts },
    slots: Array.from({ length: size }, () => ({ child: null, busy: false })),
    queues: new Map(),
    owners: new Map(),
    queued: 0,
    served: 0,
    closed: false,
    meanTaskMs: 1000,
  };
}

const closedError = () => new ImageProcessError('closed', 'the image processes are closed');

/** Queues a task for its owner, or refuses it at once as busy when their queue or all are full. */
function run(pool: PoolState, task: ImageTask, owner: string): Promise<ImageResult> {
  if (pool.closed) return Promise.reject(closedError());
  const mine = pool.queues.get(owner)?.length ?? 0;
  if (mine >= pool.options.maxQueuedPerOwner || pool.queued >= pool.options.maxQueued) {
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((pool.meanTaskMs * Math.ceil((pool.queued + 1) / pool.size)) / 1000),
    );
    return Promise.reject(
      new ImageProcessError(
        'busy',
        mine >= pool.options.maxQueuedPerOwner
          ? `${mine} image tasks of this owner are already waiting`
          : `${pool.queued} image tasks are already waiting`,
        { retryAfterSeconds },
      ),
    );
  }
  return new Promise<ImageResult>((resolve, reject) => {
    const queue = pool.queues.get(owner) ?? [];
    queue.push({ task, owner, resolve, reject });
    pool.queues.set(owner, queue);
    ownerState(pool, owner);
    pool.queued++;
    pump(pool);
  });
}

function stats(pool: PoolState): ImagePoolStats {
  return {
    size: pool.size,
    pids: pool.slots.flatMap((s) => (s.child?.alive() && s.child.pid !== undefined ? [s.child.pid] : [])),
    running: pool.slots.filter((s) => s.busy).length,
    queued: pool.queued,
  };
}

async function close(pool: PoolState): Promise<void> {
  pool.closed = true;
  for (const queue of pool.queues.values()) for (const pending of queue) pending.reject(closedError());
  pool.queues.clear();
  pool.queued = 0;
  await Promise.all(pool.slots.map((s) => s.child?.kill()));
}

function ownerState(pool: PoolState, owner: string): OwnerState {
  let state = pool.owners.get(owner);
  if (!state) {
    state = { running: 0, served: 0 };
    pool.owners.set(owner, state);
  }
  return state;
}

/** An idle slot, one with a warm process first. */
function freeSlot(pool: PoolState): Slot | null {
  let cold: Slot | null = null;
  for (const slot of pool.slots) {
    if (slot.busy) continue;
    if (slot.child?.alive()) return slot;
    cold ??= slot;
  }
  return cold;
}

/**
 * The next task: the owner with the fewest running, then the one served longest ago; none from
 * an owner already holding their share of the processes.
 */
function takeNext(pool: PoolState): Pending | null {
  let best: { owner: string; state: OwnerState } | null = null;
  for (const owner of pool.queues.keys()) {
    const state = ownerState(pool, owner);
    if (state.running >= pool.maxRunning) continue;
    if (
      !best ||
      state.running < best.state.running ||
      (state.running === best.state.running && state.served < best.state.served)
    )
      best = { owner, state };
  }
  if (!best) return null;
  const queue = pool.queues.get(best.owner) as Pending[];
  const pending = queue.shift() as Pending;
  if (queue.length === 0) pool.queues.delete(best.owner);
  pool.queued--;
  return pending;
}

/** Starts waiting tasks while there are free processes and owners under their share. */
function pump(pool: PoolState) {
  while (pool.queued > 0) {
    const slot = freeSlot(pool);
    if (!slot) return;
    const pending = takeNext(pool);
    if (!pending) return;
    void start(pool, slot, pending);
  }
}

async function start(pool: PoolState, slot: Slot, pending: Pending) {
  const state = ownerState(pool, pending.owner);
  slot.busy = true;
  state.running++;
  state.served = ++pool.served;
  try {
    pending.resolve(await execute(pool, slot, pending.task));
  } catch (err) {
    pending.reject(err);
  } finally {
    slot.busy = false;
    state.running--;
    if (state.running === 0 && !pool.queues.has(pending.owner)) pool.owners.delete(pending.owner);
    pump(pool);
  }
}

/** A fresh process in a slot; the slot forgets it when it exits. */
function spawn(pool: PoolState, slot: Slot): ImageChild {
  const child: ImageChild = startImageChild({
    logger: pool.options.logger,
    onExit: () => {
      if (slot.child === child) slot.child = null;
    },
  });
  slot.child = child;
  return child;
}

/** Runs a task in a slot's process (starting one if none is alive), retried once if it may be. */
async function execute(pool: PoolState, slot: Slot, task: ImageTask): Promise<ImageResult> {
  for (let attempt = 1; ; attempt++) {
    if (pool.closed) throw closedError();
    const child = slot.child?.alive() ? slot.child : spawn(pool, slot);
    const began = Date.now();
    try {
      const result = await child.run(task, { startMs: pool.timeouts.start, taskMs: pool.timeouts[task.op] });
      pool.meanTaskMs = 0.8 * pool.meanTaskMs + 0.2 * (Date.now() - began);
      return result;
    } catch (err) {
      if (attempt === 1 && retryable(task, err)) continue;
      throw err;
    }
  }
}
