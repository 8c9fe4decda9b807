/**
 * Issue 42, finding 2: one image process served the whole server, so four 78 KB PNGs declaring
 * 1 × 39,999,000 pixels held it for about a minute and everyone else's picture waited. An image
 * over the budget is now refused from its header before any process sees it, and the processes
 * take each person's pictures in turn. Order is asserted, never time: a stopped process (SIGSTOP)
 * holds the first task while the others queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImagePool, type ImagePool } from '../src/platform/images/pool';
import type { ImageTask } from '../src/platform/images/tasks';
import { register } from './support/auth-helpers';
import { photoPng, upload } from './support/create-helpers';
import { greyPng } from './support/images';
import { createTestApp, type TestApp } from './support/test-app';

async function until(check: () => boolean) {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!check()) throw new Error('the queue never reached the expected state');
}

/** Continues a stopped process, if it is still there. */
function resume(pid: number) {
  try {
    process.kill(pid, 'SIGCONT');
  } catch {}
}

/** A pool of one process, and what reached it: each task as sent, and each task as it finished. */
function watchedPool(options: { maxQueuedPerOwner: number }) {
  const real = createImagePool({ size: 1, maxQueuedPerOwner: options.maxQueuedPerOwner, maxQueued: 32 });
  const sent: { owner: string; task: ImageTask }[] = [];
  const finished: ImageTask[] = [];
  const images: ImagePool = {
    run(task, runOptions) {
      sent.push({ owner: runOptions.owner, task });
      return real.run(task, runOptions).then((result) => {
        finished.push(task);
        return result;
      });
    },
    stats: () => real.stats(),
    close: () => real.close(),
  };
  return { images, sent, finished };
}

describe('an image over the pixel budget', () => {
  const watched = watchedPool({ maxQueuedPerOwner: 4 });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ images: watched.images });
  });
  afterAll(async () => t.close());

  it('is refused from its header with 422 IMAGE_TOO_LARGE before any image process receives it', async () => {
    const user = await register(t.app);
    const files = {
      // The finding's file: within 40 million pixels (sharp's limitInputPixels let it through) but
      // one pixel wide, which libvips decodes row by row for seconds.
      strip: greyPng(1, 39_999_000),
      // 49 million pixels in a square, and a header declaring 10 billion over a file of 70 bytes.
      square: greyPng(7000, 7000),
      lying: greyPng(100_000, 100_000, 'none'),
    };
    expect(files.strip.length).toBeLessThan(80_000);
    const answers: Record<string, unknown> = {};
    for (const [name, bytes] of Object.entries(files)) {
      const res = await upload(t.app, user.access_token, bytes, `${name}.png`);
      answers[name] = { status: res.statusCode, ...res.json().error };
    }
    const refused = (message: RegExp) => ({
      status: 422,
      code: 'INVALID_UPLOAD',
      message: expect.stringMatching(message),
      details: { reason_code: 'IMAGE_TOO_LARGE', format: 'png' },
      correlation_id: expect.any(String),
    });
    expect(answers).toEqual({
      strip: refused(/^This image is 1 × 39,999,000 pixels\. .*at most 16,384 on a side/),
      square: refused(/^This image is 7,000 × 7,000 pixels\. Images can have at most 40,000,000 pixels/),
      lying: refused(/^This image is 100,000 × 100,000 pixels/),
    });
    // No image process was asked anything; nothing was stored; each refusal was counted.
    expect(watched.sent).toEqual([]);
    expect(await t.database.db.selectFrom('media_files').select('id').execute()).toEqual([]);
    const events = await t.database.db
      .selectFrom('product_events')
      .select('properties')
      .where('name', '=', 'upload_validation_failed')
      .execute();
    expect(events.map((e) => (e.properties as { reason_code: string }).reason_code)).toEqual([
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_LARGE',
      'IMAGE_TOO_LARGE',
    ]);

    // A header cut short is unreadable, also without a process; a real photo goes through.
    const cut = await upload(t.app, user.access_token, files.strip.subarray(0, 20), 'cut.png');
    expect([cut.statusCode, cut.json().error.details.reason_code]).toEqual([422, 'CORRUPT_IMAGE']);
    expect(watched.sent).toEqual([]);
    const ok = await upload(t.app, user.access_token, await photoPng(), 'photo.png');
    expect(ok.statusCode).toBe(201);
    expect(watched.sent).toEqual([
      {
        owner: user.user.id,
        task: expect.objectContaining({ op: 'reencode', maxPixels: 40_000_000, maxInputSide: 16_384 }),
      },
    ]);
  });

  it('one person’s queued pictures do not hold up another person’s: the processes take each in turn', async () => {
    const alice = await register(t.app);
    const bob = await register(t.app);
    await upload(t.app, alice.access_token, await photoPng('#010101'), 'warm.png');
    const pid = watched.images.stats().pids[0] as number;
    watched.finished.length = 0;
    const pictures = {
      alice: await Promise.all(['#111111', '#222222', '#333333', '#444444'].map((c) => photoPng(c))),
      bob: await photoPng('#555555'),
    };
    process.kill(pid, 'SIGSTOP');
    try {
      // Alice's first picture is in the (stopped) process and her next three wait; then Bob sends one.
      const alices = pictures.alice.map((png) => upload(t.app, alice.access_token, png, 'a.png'));
      await until(() => watched.images.stats().queued === 3);
      const bobs = upload(t.app, bob.access_token, pictures.bob, 'b.png');
      await until(() => watched.images.stats().queued === 4);
      process.kill(pid, 'SIGCONT');
      const answers = await Promise.all([...alices, bobs]);
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    } finally {
      resume(pid);
    }
    // Whose picture each finished task was, by its bytes (Alice's four reach the pool in any order).
    const whose = watched.finished.map((task) => {
      const bytes = 'bytes' in task ? Buffer.from(task.bytes) : null;
      if (pictures.alice.some((png) => bytes?.equals(png))) return 'alice';
      return bytes?.equals(pictures.bob) ? 'bob' : task.op;
    });
    // First come, first served (the one process of before) would be Alice's four, then Bob's.
    expect(whose).toEqual(['alice', 'bob', 'alice', 'alice', 'alice']);
  });
});

describe('a person with too many pictures waiting', () => {
  const watched = watchedPool({ maxQueuedPerOwner: 1 });
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ images: watched.images });
  });
  afterAll(async () => t.close());

  it('is answered 429 with Retry-After, and the refused upload does not count against the hour', async () => {
    const user = await register(t.app);
    await upload(t.app, user.access_token, await photoPng('#010101'), 'warm.png');
    const pid = watched.images.stats().pids[0] as number;
    const counted = async () =>
      (
        await t.database.db
          .selectFrom('rate_limits')
          .select('count')
          .where('key', '=', `uploads:${user.user.id}`)
          .executeTakeFirst()
      )?.count;
    expect(await counted()).toBe(1);
    process.kill(pid, 'SIGSTOP');
    try {
      const first = upload(t.app, user.access_token, await photoPng('#111111'), 'a.png');
      await until(() => watched.images.stats().running === 1);
      const second = upload(t.app, user.access_token, await photoPng('#222222'), 'b.png');
      await until(() => watched.images.stats().queued === 1);
      const third = await upload(t.app, user.access_token, await photoPng('#333333'), 'c.png');
      expect(third.statusCode).toBe(429);
      const error = third.json().error;
      expect(error).toMatchObject({
        code: 'RATE_LIMITED',
        message: 'Your earlier pictures are still being processed. Send this one again in a moment.',
        details: { retry_after_seconds: expect.any(Number) },
      });
      expect(Number(third.headers['retry-after'])).toBe(error.details.retry_after_seconds);
      expect(error.details.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(await counted()).toBe(3);
      process.kill(pid, 'SIGCONT');
      expect([(await first).statusCode, (await second).statusCode]).toEqual([201, 201]);
    } finally {
      resume(pid);
    }
  });
});
