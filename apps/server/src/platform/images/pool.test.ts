import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createImagePool, type ImagePool, type ImagePoolOptions } from './pool';
import { ImageProcessError } from './process';
import type { ImageTask } from './tasks';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c33"/></svg>';
const svg = (maxSide: number): ImageTask => ({ op: 'svg-png', svg: SVG, maxSide });
const LIMITS = { maxPixels: 1e6, maxInputSide: 4096 };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Signals a process that may have ended meanwhile (a killed one is gone before its exit is seen). */
function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {}
}

async function until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as ImageProcessError,
  );

describe('the image processes', () => {
  let images: ImagePool | null = null;
  const pool = (options: Partial<ImagePoolOptions> = {}) => {
    images = createImagePool({ size: 1, maxQueuedPerOwner: 8, maxQueued: 32, ...options });
    return images;
  };
  /** The one process of a pool of one, warm. */
  const warm = async (p: ImagePool) => {
    await p.run(svg(32), { owner: 'test' });
    return p.stats().pids[0] as number;
  };
  afterEach(async () => {
    await images?.close();
    images = null;
  });

  it('renders an SVG to a palette PNG, re-encodes pictures and decodes them to RGBA, in another process', async () => {
    const p = pool();
    const png = await p.run(svg(96), { owner: 'a' });
    const meta = await sharp(png.data).metadata();
    expect([meta.format, meta.width, meta.height, png.width, png.height]).toEqual(['png', 96, 48, 96, 48]);
    expect(meta.isPalette).toBe(true);
    const [pid] = p.stats().pids;
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);

    const jpeg = await p.run(
      { op: 'reencode', bytes: png.data, format: 'jpeg', maxSide: 64, ...LIMITS },
      { owner: 'a' },
    );
    expect((await sharp(jpeg.data).metadata()).format).toBe('jpeg');
    expect([jpeg.width, jpeg.height]).toEqual([64, 32]);

    const rgba = await p.run(
      { op: 'decode-rgba', bytes: png.data, maxSide: 1024, ...LIMITS },
      { owner: 'a' },
    );
    expect([rgba.width, rgba.height, rgba.data.length]).toEqual([96, 48, 96 * 48 * 4]);
    // Every pixel is the rectangle's red, opaque.
    expect([...rgba.data.subarray(0, 4)]).toEqual([0xcc, 0x33, 0x33, 255]);
    // One process served all three.
    expect(p.stats().pids).toEqual([pid]);
  });

  it('refuses unreadable input as rejected and too many pixels, or too long a side, as too-large, keeping the process', async () => {
    const p = pool();
    const pid = await warm(p);
    const unreadable = await failure(
      p.run(
        { op: 'reencode', bytes: new Uint8Array([1, 2, 3, 4]), format: 'png', maxSide: 64, ...LIMITS },
        { owner: 'a' },
      ),
    );
    expect(unreadable).toBeInstanceOf(ImageProcessError);
    expect(unreadable?.reason).toBe('rejected');
    const picture = (await p.run(svg(200), { owner: 'a' })).data;
    const tooMany = await failure(
      p.run(
        { op: 'decode-rgba', bytes: picture, maxSide: 64, maxPixels: 100, maxInputSide: 4096 },
        { owner: 'a' },
      ),
    );
    expect([tooMany?.reason, tooMany?.message]).toEqual(['too-large', expect.stringMatching(/pixel limit/i)]);
    // 200 × 100 is 20,000 pixels, within the count, but 200 is over a side of 150: the guard in the process.
    const tooLong = await failure(
      p.run(
        { op: 'reencode', bytes: picture, format: 'png', maxSide: 64, maxPixels: 1e6, maxInputSide: 150 },
        { owner: 'a' },
      ),
    );
    expect([tooLong?.reason, tooLong?.message]).toEqual([
      'too-large',
      '200 × 100 pixels: a side is longer than 150',
    ]);
    expect(p.stats().pids).toEqual([pid]);
  });

  it('kills a process that stops answering and renders a preview again in a fresh one', async () => {
    const p = pool({ timeouts: { 'svg-png': 3000 } });
    const stuck = await warm(p);
    // A stopped process answers nothing, as a render deadlocked in native code would.
    process.kill(stuck, 'SIGSTOP');
    const png = await p.run(svg(40), { owner: 'a' });
    expect(png.width).toBe(40);
    expect(p.stats().pids).not.toContain(stuck);
    expect(await until(() => !alive(stuck))).toBe(true);
  });

  it('does not run a picture again after its process hung: it fails as a timeout, and no fresh process takes it', async () => {
    const p = pool({ timeouts: { reencode: 1500 } });
    const stuck = await warm(p);
    const picture = (await p.run(svg(64), { owner: 'a' })).data;
    process.kill(stuck, 'SIGSTOP');
    const failed = await failure(
      p.run({ op: 'reencode', bytes: picture, format: 'png', maxSide: 64, ...LIMITS }, { owner: 'a' }),
    );
    expect([failed?.reason, failed?.detail.started]).toEqual(['timeout', true]);
    // Run once more, it would have succeeded in a fresh process: none was started.
    expect(p.stats().pids).toEqual([]);
    expect(await until(() => !alive(stuck))).toBe(true);
  });

  it('replaces a process that died while idle, and queued tasks all finish', async () => {
    const p = pool();
    const first = await warm(p);
    process.kill(first, 'SIGKILL');
    expect(await until(() => p.stats().pids.length === 0)).toBe(true);
    const sides = [20, 30, 40, 50];
    const results = await Promise.all(sides.map((side) => p.run(svg(side), { owner: 'a' })));
    expect(results.map((r) => r.width)).toEqual(sides);
    expect(p.stats().pids).not.toContain(first);
  });

  it('gives up on a preview after two stuck attempts with a timeout, and refuses work once closed', async () => {
    // The start limit leaves room for a busy machine to start the warm process; the stuck ones hang anyway.
    const p = pool({ timeouts: { start: 6000, 'svg-png': 1500 } });
    await warm(p);
    // The warm process is stopped, and the fresh one as soon as it exists: both attempts hang.
    process.kill(p.stats().pids[0] as number, 'SIGSTOP');
    const stopper = setInterval(() => {
      for (const pid of p.stats().pids) signal(pid, 'SIGSTOP');
    }, 20);
    const failed = await failure(p.run(svg(32), { owner: 'a' }));
    clearInterval(stopper);
    expect(failed).toBeInstanceOf(ImageProcessError);
    expect(failed?.reason).toBe('timeout');
    const pids = p.stats().pids;
    await p.close();
    for (const pid of pids) expect(alive(pid)).toBe(false);
    expect((await failure(p.run(svg(32), { owner: 'a' })))?.reason).toBe('closed');
  });

  it('starts processes as work needs them, up to its size, and one stuck task holds only its own', async () => {
    const p = pool({ size: 2 });
    await warm(p);
    expect(p.stats().pids).toHaveLength(1);
    await Promise.all([p.run(svg(20), { owner: 'a' }), p.run(svg(21), { owner: 'b' })]);
    const [first, second] = p.stats().pids as [number, number];
    expect(new Set([first, second]).size).toBe(2);
    // The first process is stopped with a task in it: the other owner's task runs in the second.
    process.kill(first, 'SIGSTOP');
    let heldDone = false;
    const held = p.run(svg(30), { owner: 'a' }).then((r) => {
      heldDone = true;
      return r;
    });
    const other = await p.run(svg(31), { owner: 'b' });
    expect(other.width).toBe(31);
    expect(heldDone).toBe(false);
    process.kill(first, 'SIGCONT');
    expect((await held).width).toBe(30);
    expect(p.stats().pids).toEqual([first, second]);
  });

  it('keeps a process for everyone else: one owner holds all but one of them', async () => {
    const p = pool({ size: 2 });
    await Promise.all([p.run(svg(20), { owner: 'a' }), p.run(svg(21), { owner: 'b' })]);
    const [first] = p.stats().pids as [number, number];
    process.kill(first, 'SIGSTOP');
    const finished: string[] = [];
    const run = (owner: string, side: number) =>
      p.run(svg(side), { owner }).then(() => finished.push(`${owner}${side}`));
    // a's first task is in the stopped process; the other process stays free although a has more.
    const as = [run('a', 30), run('a', 31), run('a', 32)];
    expect(p.stats()).toMatchObject({ running: 1, queued: 2 });
    await run('b', 40);
    expect(finished).toEqual(['b40']);
    process.kill(first, 'SIGCONT');
    await Promise.all(as);
    expect(finished).toEqual(['b40', 'a30', 'a31', 'a32']);
    // Told otherwise, one owner may hold them all.
    await p.close();
    const all = pool({ size: 2, maxRunningPerOwner: 2 });
    await Promise.all([all.run(svg(20), { owner: 'a' }), all.run(svg(21), { owner: 'a' })]);
    expect(all.stats().pids).toHaveLength(2);
  });

  it('takes the next task from the owner with the fewest running: one owner’s queue does not hold another’s task', async () => {
    const p = pool();
    const pid = await warm(p);
    process.kill(pid, 'SIGSTOP');
    const finished: string[] = [];
    const run = (owner: string, side: number) =>
      p.run(svg(side), { owner }).then(() => finished.push(`${owner}${side}`));
    // a's first task is in the (stopped) process, three more wait; then b sends one.
    const tasks = [run('a', 20), run('a', 21), run('a', 22), run('a', 23)];
    expect(p.stats()).toMatchObject({ running: 1, queued: 3 });
    tasks.push(run('b', 30));
    expect(p.stats()).toMatchObject({ running: 1, queued: 4 });
    process.kill(pid, 'SIGCONT');
    await Promise.all(tasks);
    // First come, first served would be a20 a21 a22 a23 b30.
    expect(finished).toEqual(['a20', 'b30', 'a21', 'a22', 'a23']);

    // Among owners with as many running, the one served longest ago goes first.
    process.kill(pid, 'SIGSTOP');
    finished.length = 0;
    const more = [run('c', 40), run('a', 24), run('d', 50), run('a', 25), run('c', 41), run('d', 51)];
    process.kill(pid, 'SIGCONT');
    await Promise.all(more);
    expect(finished).toEqual(['c40', 'a24', 'd50', 'c41', 'a25', 'd51']);
  });

  it('refuses a task as busy, with a time to come back, when its owner’s queue or the whole queue is full', async () => {
    const p = pool({ maxQueuedPerOwner: 2, maxQueued: 3 });
    const pid = await warm(p);
    process.kill(pid, 'SIGSTOP');
    const accepted = [
      p.run(svg(20), { owner: 'a' }),
      p.run(svg(21), { owner: 'a' }),
      p.run(svg(22), { owner: 'a' }),
    ];
    const mine = await failure(p.run(svg(23), { owner: 'a' }));
    expect([mine?.reason, mine?.message]).toEqual([
      'busy',
      '2 image tasks of this owner are already waiting',
    ]);
    expect(mine?.detail.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    accepted.push(p.run(svg(30), { owner: 'b' }));
    const all = await failure(p.run(svg(40), { owner: 'c' }));
    expect([all?.reason, all?.message]).toEqual(['busy', '3 image tasks are already waiting']);
    process.kill(pid, 'SIGCONT');
    expect((await Promise.all(accepted)).map((r) => r.width)).toEqual([20, 21, 22, 30]);
    // Room again once the queue has drained.
    expect((await p.run(svg(23), { owner: 'a' })).width).toBe(23);
  });

  it('closing refuses the tasks still waiting and kills the processes', async () => {
    const p = pool();
    const pid = await warm(p);
    process.kill(pid, 'SIGSTOP');
    const running = failure(p.run(svg(20), { owner: 'a' }));
    const waiting = failure(p.run(svg(21), { owner: 'b' }));
    await p.close();
    expect((await waiting)?.reason).toBe('closed');
    expect(['closed', 'crashed']).toContain((await running)?.reason);
    expect(alive(pid)).toBe(false);
  });
});
