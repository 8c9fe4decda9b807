/**
 * One image process: sharp (libvips) in a child process of the server's own, one task at a time.
 * ./pool.ts keeps several and decides which task runs next.
 *
 * libvips is native code: a render that deadlocks in its thread pool (seen once here, in a kit
 * preview) cannot be cancelled from JavaScript, holds one of libuv's threads for good, and makes
 * the process hang on exit while joining it. In a separate process it is bounded: a task that runs
 * over its time limit kills the process (SIGKILL needs no cooperation from the stuck thread). The
 * process is started on first use, kept warm, and does not keep the server alive while idle.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Logger } from 'pino';
import type { ImageReply, ImageTask } from './tasks';

type TaskReply = Exclude<ImageReply, { type: 'ready' }>;

const BOOT = new URL('./child-boot.mjs', import.meta.url);

export class ImageProcessError extends Error {
  constructor(
    /**
     * timeout and crashed: the task's process was stuck or died (before the task reached it:
     * `started` false); rejected: sharp could not read the input; too-large: the input declares
     * more pixels than allowed; busy: the queue was full (retryAfterSeconds says when to come
     * back); closed: the pool is shut.
     */
    readonly reason: 'timeout' | 'crashed' | 'rejected' | 'too-large' | 'busy' | 'closed',
    message: string,
    readonly detail: { started?: boolean; retryAfterSeconds?: number } = {},
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

export interface ImageChild {
  readonly pid: number | undefined;
  /** False once the process exited or was killed. */
  alive(): boolean;
  /**
   * Runs one task. Starting the process and running the task each get their own limit (a cold
   * start loads tsx and sharp); over either, the process is killed.
   */
  run(task: ImageTask, limits: { startMs: number; taskMs: number }): Promise<ImageResult>;
  /** Kills the process and waits for it to be gone. */
  kill(): Promise<void>;
}

export function startImageChild(options: { logger?: Logger | undefined; onExit: () => void }): ImageChild {
  const proc: ChildProcess = fork(BOOT, [], {
    // Not a test runner's loader flags; messages carry bytes without base64 (structured clone).
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let dead = false;
  /** Set as the kill is sent, before the exit arrives: the process takes no more tasks. */
  let killed = false;
  let nextId = 1;
  /** Set while a task runs; receives its reply, or the process's end. */
  let settle: ((reply: TaskReply | ImageProcessError) => void) | null = null;
  let markReady: () => void = () => {};
  let failStart: (err: ImageProcessError) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  // A start that fails is seen by the task waiting on it, never as an unhandled rejection.
  ready.catch(() => undefined);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));

  proc.on('message', (reply: ImageReply) => {
    if (reply.type === 'ready') markReady();
    else settle?.(reply);
  });
  const ended = (why: string) => {
    if (dead) return;
    dead = true;
    const err = new ImageProcessError('crashed', `the image process ${why}`);
    failStart(err);
    settle?.(err);
    options.onExit();
  };
  proc.on('exit', (code, signal) => ended(signal ? `was stopped by ${signal}` : `exited with ${code}`));
  proc.on('error', (err) => ended(`failed: ${err.message}`));

  const idle = () => {
    proc.unref();
    proc.channel?.unref();
  };
  idle();

  function kill() {
    killed = true;
    if (!dead) proc.kill('SIGKILL');
    return exited;
  }

  async function run(task: ImageTask, limits: { startMs: number; taskMs: number }): Promise<ImageResult> {
    if (dead || killed)
      throw new ImageProcessError('crashed', 'the image process has ended', { started: false });
    proc.ref();
    proc.channel?.ref();
    const id = nextId++;
    let sent = false;
    try {
      const reply = await new Promise<TaskReply | ImageProcessError>((resolve) => {
        const overrun = (what: string, ms: number) => () => {
          options.logger?.error(
            { stage: 'image-process', op: task.op, pid: proc.pid, timeout_ms: ms },
            `${what} ran over its time limit; the image process is killed`,
          );
          void kill();
          resolve(new ImageProcessError('timeout', `${what} took over ${ms} ms`, { started: sent }));
        };
        let timer = setTimeout(overrun('starting the image process', limits.startMs), limits.startMs);
        settle = (r) => {
          if (r instanceof ImageProcessError || r.id === id) {
            clearTimeout(timer);
            resolve(
              r instanceof ImageProcessError
                ? new ImageProcessError(r.reason, r.message, { started: sent })
                : r,
            );
          }
        };
        ready.then(
          () => {
            if (!settle) return;
            clearTimeout(timer);
            timer = setTimeout(overrun(`the ${task.op} task`, limits.taskMs), limits.taskMs);
            // The bytes are copied into the message once; the task's own buffer stays the caller's.
            sent = true;
            proc.send({ id, ...task });
          },
          (err: ImageProcessError) => settle?.(err),
        );
      });
      if (reply instanceof ImageProcessError) throw reply;
      if (reply.type === 'failed')
        throw new ImageProcessError(reply.tooLarge ? 'too-large' : 'rejected', reply.message, {
          started: true,
        });
      const { data, width, height } = reply.output;
      return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
    } finally {
      settle = null;
      if (!dead) idle();
    }
  }

  return { pid: proc.pid, alive: () => !dead && !killed, run, kill };
}
