/**
 * A pool of warm mesher worker threads, each with a memory limit. A task gets a thread, reports
 * progress, and must finish within its time budget; running over budget, running out of memory
 * or being cancelled terminates that thread at once (a fresh one replaces it on demand).
 */
import { Worker } from 'node:worker_threads';
import type { MesherMessage, MesherResult, MesherTask } from './tasks';

const BOOT = new URL('./thread-boot.mjs', import.meta.url);

export class MesherThreadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'aborted' | 'crashed',
    message: string,
  ) {
    super(message);
    this.name = 'MesherThreadError';
  }
}

export interface MesherRunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (stage: string, fraction: number) => void;
}

interface PooledThread {
  worker: Worker;
  ready: Promise<void>;
  /** Set while the thread runs a task; receives its messages. */
  listener: ((message: MesherMessage) => void) | null;
  failure: ((err: MesherThreadError) => void) | null;
  dead: boolean;
}

export interface MesherPool {
  run(task: MesherTask, options: MesherRunOptions): Promise<MesherResult>;
  /** Starts one thread ahead of the first task. */
  warm(): void;
  close(): Promise<void>;
}

export function createMesherPool(options: { size: number; memoryMb: number }): MesherPool {
  const idle: PooledThread[] = [];
  const all = new Set<PooledThread>();
  const waiting: Array<(thread: PooledThread | null) => void> = [];
  let closed = false;

  function spawn(): PooledThread {
    // execArgv: [] so the thread does not inherit a test runner's loader flags.
    const worker = new Worker(BOOT, {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: 64 },
    });
    let markReady: () => void = () => {};
    const thread: PooledThread = {
      worker,
      ready: new Promise((r) => (markReady = r)),
      listener: null,
      failure: null,
      dead: false,
    };
    worker.on('message', (message: MesherMessage) => {
      if (message.type === 'ready') markReady();
      else thread.listener?.(message);
    });
    const die = (err: MesherThreadError) => {
      thread.dead = true;
      all.delete(thread);
      const i = idle.indexOf(thread);
      if (i >= 0) idle.splice(i, 1);
      markReady();
      thread.failure?.(err);
    };
    worker.on('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      die(
        new MesherThreadError(memory ? 'memory' : 'crashed', memory ? 'over the memory budget' : err.message),
      );
    });
    worker.on('exit', (code) => die(new MesherThreadError('crashed', `mesher thread exited with ${code}`)));
    all.add(thread);
    return thread;
  }

  async function acquire(): Promise<PooledThread> {
    if (closed) throw new MesherThreadError('aborted', 'the mesher pool is closed');
    const free = idle.pop();
    if (free) return free;
    if (all.size < options.size) return spawn();
    const handed = await new Promise<PooledThread | null>((resolve) => waiting.push(resolve));
    if (!handed) throw new MesherThreadError('aborted', 'the mesher pool is closed');
    return handed;
  }

  function release(thread: PooledThread) {
    thread.listener = null;
    thread.failure = null;
    if (thread.dead || closed) {
      const next = waiting.shift();
      if (next && !closed) next(spawn());
      return;
    }
    const next = waiting.shift();
    if (next) next(thread);
    else {
      thread.worker.unref();
      idle.push(thread);
    }
  }

  return {
    warm() {
      if (all.size === 0 && !closed) {
        const thread = spawn();
        thread.worker.unref();
        idle.push(thread);
      }
    },
    async run(task, run) {
      if (run.signal?.aborted) throw new MesherThreadError('aborted', 'cancelled before it started');
      const thread = await acquire();
      thread.worker.ref();
      await thread.ready;
      if (thread.dead) {
        release(thread);
        throw new MesherThreadError('crashed', 'the mesher thread failed to start');
      }
      return new Promise<MesherResult>((resolve, reject) => {
        let settled = false;
        const finish = (outcome: () => void, kill: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          run.signal?.removeEventListener('abort', onAbort);
          if (kill && !thread.dead) {
            thread.dead = true;
            all.delete(thread);
            void thread.worker.terminate();
          }
          release(thread);
          outcome();
        };
        const timer = setTimeout(
          () =>
            finish(
              () => reject(new MesherThreadError('timeout', `over the ${run.timeoutMs} ms budget`)),
              true,
            ),
          run.timeoutMs,
        );
        const onAbort = () => finish(() => reject(new MesherThreadError('aborted', 'cancelled')), true);
        run.signal?.addEventListener('abort', onAbort, { once: true });
        thread.failure = (err) => finish(() => reject(err), false);
        thread.listener = (message) => {
          if (message.type === 'progress') run.onProgress?.(message.stage, message.fraction);
          else if (message.type === 'done') finish(() => resolve(message.output), false);
          else if (message.type === 'failed')
            finish(() => reject(new MesherThreadError('crashed', message.message)), false);
        };
        // A private copy of the bytes is moved (not copied again) into the thread.
        if ('bytes' in task) {
          const bytes = new Uint8Array(task.bytes);
          thread.worker.postMessage({ ...task, bytes }, [bytes.buffer as ArrayBuffer]);
        } else {
          thread.worker.postMessage(task);
        }
      });
    },
    async close() {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve(null);
      await Promise.all([...all].map((t) => t.worker.terminate()));
      all.clear();
      idle.length = 0;
    },
  };
}
