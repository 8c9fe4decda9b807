/**
 * Image work (sharp, i.e. libvips) in a child process of its own, one task at a time.
 *
 * libvips is native code: a render that deadlocks in its thread pool (seen once here, in a kit
 * preview) cannot be cancelled from JavaScript, holds one of libuv's threads for good, and makes
 * the process hang on exit while joining it. In a separate process it is bounded: a task that runs
 * over its time limit kills the process (SIGKILL needs no cooperation from the stuck thread) and
 * is tried once more in a fresh one; a process that dies is replaced on the next task. The
 * process is started on first use, kept warm, and does not keep the server alive while idle.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Logger } from 'pino';
import type { ImageReply, ImageTask } from './tasks';

type TaskReply = Exclude<ImageReply, { type: 'ready' }>;

const BOOT = new URL('./child-boot.mjs', import.meta.url);

/**
 * An image task's limit: a kit preview renders in well under a second and the largest permitted
 * upload decodes and re-encodes in a few seconds here, so twenty means the process is stuck.
 */
export const IMAGE_TASK_TIMEOUT_MS = 20_000;

export class ImageProcessError extends Error {
  constructor(
    /** timeout and crashed are the process's fault; rejected is the input's (sharp refused it). */
    readonly reason: 'timeout' | 'crashed' | 'rejected' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'ImageProcessError';
  }
}

export interface ImageResult {
  data: Buffer;
  width: number;
  height: number;
}

export interface ImageProcess {
  run(task: ImageTask): Promise<ImageResult>;
  /** The running process's id, or null when none is running (for diagnostics). */
  pid(): number | null;
  close(): Promise<void>;
}

interface Child {
  proc: ChildProcess;
  ready: Promise<void>;
  /** Set while a task runs; receives its reply, or the process's end. */
  settle: ((reply: TaskReply | ImageProcessError) => void) | null;
}

export function createImageProcess(options: { timeoutMs: number; logger?: Logger }): ImageProcess {
  let child: Child | null = null;
  let closed = false;
  let nextId = 1;
  // Tasks run one after another: the promise of the last one queued.
  let tail: Promise<unknown> = Promise.resolve();

  function spawn(): Child {
    const proc = fork(BOOT, [], {
      // Not a test runner's loader flags; messages carry bytes without base64 (structured clone).
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let markReady: () => void = () => {};
    let failStart: (err: ImageProcessError) => void = () => {};
    const started: Child = {
      proc,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failStart = reject;
      }),
      settle: null,
    };
    // A start that fails is seen by the task waiting on it, never as an unhandled rejection.
    started.ready.catch(() => undefined);
    proc.on('message', (reply: ImageReply) => {
      if (reply.type === 'ready') markReady();
      else started.settle?.(reply);
    });
    const ended = (why: string) => {
      if (child === started) child = null;
      const err = new ImageProcessError('crashed', `the image process ${why}`);
      failStart(err);
      started.settle?.(err);
    };
    proc.on('exit', (code, signal) => ended(signal ? `was stopped by ${signal}` : `exited with ${code}`));
    proc.on('error', (err) => ended(`failed: ${err.message}`));
    return started;
  }

  function idle(c: Child) {
    c.proc.unref();
    c.proc.channel?.unref();
  }

  function kill(c: Child) {
    if (child === c) child = null;
    c.proc.kill('SIGKILL');
  }

  async function attempt(task: ImageTask): Promise<ImageResult> {
    if (closed) throw new ImageProcessError('closed', 'the image process is closed');
    if (!child) child = spawn();
    const c = child;
    c.proc.ref();
    c.proc.channel?.ref();
    const id = nextId++;
    try {
      const reply = await new Promise<TaskReply | ImageProcessError>((resolve) => {
        // Starting the process and running the task each get the limit (a cold start loads sharp).
        const overrun = (what: string) => () => {
          options.logger?.error(
            { stage: 'image-process', op: task.op, pid: c.proc.pid, timeout_ms: options.timeoutMs },
            `${what} ran over its time limit; the image process is killed`,
          );
          kill(c);
          resolve(new ImageProcessError('timeout', `${what} took over ${options.timeoutMs} ms`));
        };
        let timer = setTimeout(overrun('starting the image process'), options.timeoutMs);
        c.settle = (r) => {
          if (r instanceof ImageProcessError || r.id === id) {
            clearTimeout(timer);
            resolve(r);
          }
        };
        c.ready.then(
          () => {
            if (!c.settle) return;
            clearTimeout(timer);
            timer = setTimeout(overrun(`the ${task.op} task`), options.timeoutMs);
            // The bytes are copied into the message once; the task's own buffer stays the caller's.
            c.proc.send({ id, ...task });
          },
          (err: ImageProcessError) => c.settle?.(err),
        );
      });
      if (reply instanceof ImageProcessError) throw reply;
      if (reply.type === 'failed') throw new ImageProcessError('rejected', reply.message);
      const { data, width, height } = reply.output;
      return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
    } finally {
      c.settle = null;
      if (child === c) idle(c);
    }
  }

  async function runTask(task: ImageTask): Promise<ImageResult> {
    try {
      return await attempt(task);
    } catch (err) {
      // The process's fault, not the input's: once more in a fresh process.
      if (err instanceof ImageProcessError && (err.reason === 'timeout' || err.reason === 'crashed'))
        return attempt(task);
      throw err;
    }
  }

  return {
    run(task) {
      const result = tail.then(() => runTask(task));
      tail = result.catch(() => undefined);
      return result;
    },
    pid: () => child?.proc.pid ?? null,
    async close() {
      closed = true;
      const c = child;
      child = null;
      if (!c || c.proc.exitCode !== null || c.proc.signalCode !== null) return;
      const exited = new Promise((resolve) => c.proc.once('exit', resolve));
      c.proc.kill('SIGKILL');
      await exited;
    },
  };
}
