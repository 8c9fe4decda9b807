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

export function createImagePool(options: ImagePoolOptions): ImagePool {
  const size = Math.max(1, options.size);
  const maxRunning = Math.max(1, options.maxRunningPerOwner ?? size - 1);
  const timeouts: ImageTimeouts = { ...IMAGE_TIMEOUTS, ...options.timeouts };
  const slots: Slot[] = Array.from({ length: size }, () => ({ child: null, busy: false }));
  const queues = new Map<string, Pending[]>();
  const owners = new Map<string, OwnerState>();
  let queued = 0;
  let served = 0;
  let closed = false;
  /** A running mean of task times, for the Retry-After of a refusal. */
  let meanTaskMs = 1000;

  const closedError = () => new ImageProcessError('closed', 'the image processes are closed');

  function ownerState(owner: string): OwnerState {
    let state = owners.get(owner);
    if (!state) {
      state = { running: 0, served: 0 };
      owners.set(owner, state);
    }
    return state;
  }

  /** An idle slot, one with a warm process first. */
  function freeSlot(): Slot | null {
    let cold: Slot | null = null;
    for (const slot of slots) {
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
  function takeNext(): Pending | null {
    let best: { owner: string; state: OwnerState } | null = null;
    for (const owner of queues.keys()) {
      const state = ownerState(owner);
      if (state.running >= maxRunning) continue;
      if (
        !best ||
        state.running < best.state.running ||
        (state.running === best.state.running && state.served < best.state.served)
      )
        best = { owner, state };
    }
    if (!best) return null;
    const queue = queues.get(best.owner) as Pending[];
    const pending = queue.shift() as Pending;
    if (queue.length === 0) queues.delete(best.owner);
    queued--;
    return pending;
  }

  function pump() {
    while (queued > 0) {
      const slot = freeSlot();
      if (!slot) return;
      const pending = takeNext();
      if (!pending) return;
      void start(slot, pending);
    }
  }

  async function start(slot: Slot, pending: Pending) {
    const state = ownerState(pending.owner);
    slot.busy = true;
    state.running++;
    state.served = ++served;
    try {
      pending.resolve(await execute(slot, pending.task));
    } catch (err) {
      pending.reject(err);
    } finally {
      slot.busy = false;
      state.running--;
      if (state.running === 0 && !queues.has(pending.owner)) owners.delete(pending.owner);
      pump();
    }
  }

  function spawn(slot: Slot): ImageChild {
    const child: ImageChild = startImageChild({
      logger: options.logger,
      onExit: () => {
        if (slot.child === child) slot.child = null;
      },
    });
    slot.child = child;
    return child;
  }

  async function execute(slot: Slot, task: ImageTask): Promise<ImageResult> {
    for (let attempt = 1; ; attempt++) {
      if (closed) throw closedError();
      const child = slot.child?.alive() ? slot.child : spawn(slot);
      const began = Date.now();
      try {
        const result = await child.run(task, { startMs: timeouts.start, taskMs: timeouts[task.op] });
        meanTaskMs = 0.8 * meanTaskMs + 0.2 * (Date.now() - began);
        return result;
      } catch (err) {
        if (attempt === 1 && retryable(task, err)) continue;
        throw err;
      }
    }
  }

  return {
    run(task, { owner }) {
      if (closed) return Promise.reject(closedError());
      const mine = queues.get(owner)?.length ?? 0;
      if (mine >= options.maxQueuedPerOwner || queued >= options.maxQueued) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((meanTaskMs * Math.ceil((queued + 1) / size)) / 1000),
        );
        return Promise.reject(
          new ImageProcessError(
            'busy',
            mine >= options.maxQueuedPerOwner
              ? `${mine} image tasks of this owner are already waiting`
              : `${queued} image tasks are already waiting`,
            { retryAfterSeconds },
          ),
        );
      }
      return new Promise<ImageResult>((resolve, reject) => {
        const queue = queues.get(owner) ?? [];
        queue.push({ task, owner, resolve, reject });
        queues.set(owner, queue);
        ownerState(owner);
        queued++;
        pump();
      });
    },
    stats: () => ({
      size,
      pids: slots.flatMap((s) => (s.child?.alive() && s.child.pid !== undefined ? [s.child.pid] : [])),
      running: slots.filter((s) => s.busy).length,
      queued,
    }),
    async close() {
      closed = true;
      for (const queue of queues.values()) for (const pending of queue) pending.reject(closedError());
      queues.clear();
      queued = 0;
      await Promise.all(slots.map((s) => s.child?.kill()));
    },
  };
}
