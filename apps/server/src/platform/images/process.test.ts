import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageProcess, type ImageProcess, ImageProcessError } from './process';

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c33"/></svg>';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
}

describe('the image process', () => {
  let images: ImageProcess | null = null;
  afterEach(async () => {
    await images?.close();
    images = null;
  });

  it('renders an SVG to a palette PNG, re-encodes pictures and decodes them to RGBA, in another process', async () => {
    images = createImageProcess({ timeoutMs: 20_000 });
    const png = await images.run({ op: 'svg-png', svg: SVG, maxSide: 96 });
    const meta = await sharp(png.data).metadata();
    expect([meta.format, meta.width, meta.height, png.width, png.height]).toEqual(['png', 96, 48, 96, 48]);
    expect(meta.isPalette).toBe(true);
    const pid = images.pid();
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);

    const jpeg = await images.run({
      op: 'reencode',
      bytes: png.data,
      format: 'jpeg',
      maxSide: 64,
      maxPixels: 1e6,
    });
    expect((await sharp(jpeg.data).metadata()).format).toBe('jpeg');
    expect([jpeg.width, jpeg.height]).toEqual([64, 32]);

    const rgba = await images.run({ op: 'decode-rgba', bytes: png.data, maxSide: 1024, maxPixels: 1e6 });
    expect([rgba.width, rgba.height, rgba.data.length]).toEqual([96, 48, 96 * 48 * 4]);
    // Every pixel is the rectangle's red, opaque.
    expect([...rgba.data.subarray(0, 4)]).toEqual([0xcc, 0x33, 0x33, 255]);
    // One process served all three.
    expect(images.pid()).toBe(pid);
  });

  it('refuses input sharp cannot read as rejected, keeping the same process', async () => {
    images = createImageProcess({ timeoutMs: 20_000 });
    await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 });
    const pid = images.pid();
    const refused = await images
      .run({
        op: 'reencode',
        bytes: new Uint8Array([1, 2, 3, 4]),
        format: 'png',
        maxSide: 64,
        maxPixels: 1e6,
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ImageProcessError);
    expect((refused as ImageProcessError).reason).toBe('rejected');
    const tooMany = await images
      .run({
        op: 'decode-rgba',
        bytes: (await images.run({ op: 'svg-png', svg: SVG, maxSide: 200 })).data,
        maxSide: 64,
        maxPixels: 100,
      })
      .catch((e: unknown) => e);
    expect((tooMany as Error).message).toMatch(/pixel limit/i);
    expect(images.pid()).toBe(pid);
  });

  it('kills a process that stops answering and runs the task again in a fresh one', async () => {
    images = createImageProcess({ timeoutMs: 3_000 });
    await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 });
    const stuck = images.pid() as number;
    // A stopped process answers nothing, as a render deadlocked in native code would.
    process.kill(stuck, 'SIGSTOP');
    const png = await images.run({ op: 'svg-png', svg: SVG, maxSide: 40 });
    expect(png.width).toBe(40);
    expect(images.pid()).not.toBe(stuck);
    expect(await until(() => !alive(stuck))).toBe(true);
  });

  it('replaces a process that died while idle, and queued tasks all finish', async () => {
    images = createImageProcess({ timeoutMs: 20_000 });
    await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 });
    const first = images.pid() as number;
    process.kill(first, 'SIGKILL');
    expect(await until(() => images?.pid() === null)).toBe(true);
    const sides = [20, 30, 40, 50];
    const results = await Promise.all(
      sides.map((maxSide) => images?.run({ op: 'svg-png', svg: SVG, maxSide })),
    );
    expect(results.map((r) => r?.width)).toEqual(sides);
    expect(images.pid()).not.toBe(first);
  });

  it('gives up after two stuck attempts with a timeout, and refuses work once closed', async () => {
    images = createImageProcess({ timeoutMs: 1_500 });
    await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 });
    // The warm process is stopped, and the fresh one as soon as it exists: both attempts hang.
    process.kill(images.pid() as number, 'SIGSTOP');
    const stopper = setInterval(() => {
      const pid = images?.pid();
      if (pid) process.kill(pid, 'SIGSTOP');
    }, 20);
    const failed = await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 }).catch((e: unknown) => e);
    clearInterval(stopper);
    expect(failed).toBeInstanceOf(ImageProcessError);
    expect((failed as ImageProcessError).reason).toBe('timeout');
    const pid = images.pid();
    await images.close();
    if (pid) expect(alive(pid)).toBe(false);
    const refused = await images.run({ op: 'svg-png', svg: SVG, maxSide: 32 }).catch((e: unknown) => e);
    expect((refused as ImageProcessError).reason).toBe('closed');
  });
});
