/**
 * An image process: sharp (libvips) runs here, one task at a time, so that native code which
 * hangs or crashes takes this process with it and never the server (see ./process.ts, ./pool.ts).
 */
import sharp from 'sharp';
import type { ImageOutput, ImageReply, ImageRequest, ImageTask, InputLimits } from './tasks';

const send = (reply: ImageReply) => process.send?.(reply);

class TooLarge extends Error {}

/**
 * The second guard behind the server's header check: sharp reads the header (no pixels) and the
 * sides are checked; limitInputPixels then holds the area wherever libvips reads it.
 */
async function opened(bytes: Uint8Array, limits: InputLimits) {
  const options = { limitInputPixels: limits.maxPixels, failOn: 'error' } as const;
  const { width = 0, height = 0 } = await sharp(bytes, options).metadata();
  if (width > limits.maxInputSide || height > limits.maxInputSide)
    throw new TooLarge(`${width} × ${height} pixels: a side is longer than ${limits.maxInputSide}`);
  return sharp(bytes, options);
}

async function run(task: ImageTask): Promise<ImageOutput> {
  if (task.op === 'svg-png') {
    const { data, info } = await sharp(Buffer.from(task.svg))
      .resize({ width: task.maxSide, height: task.maxSide, fit: 'inside' })
      // An isometric render has few colours: a 256-colour palette looks the same and is about a
      // third of the size, which is what the gallery's cards (its LCP) wait for.
      .png({ palette: true, quality: 90, effort: 7 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
  const fitted = await opened(task.bytes, task);
  if (task.op === 'decode-rgba') {
    const { data, info } = await fitted
      .resize({ width: task.maxSide, height: task.maxSide, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }
  // rotate() applies the EXIF orientation before the metadata is dropped on output.
  const pipeline = fitted
    .rotate()
    .resize({ width: task.maxSide, height: task.maxSide, fit: 'inside', withoutEnlargement: true });
  const encoded =
    task.format === 'png'
      ? pipeline.png()
      : task.format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : pipeline.webp({ quality: 85 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

process.on('message', (request: ImageRequest) => {
  run(request).then(
    (output) => send({ type: 'done', id: request.id, output }),
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      // sharp's words for limitInputPixels: "Input image exceeds pixel limit".
      const tooLarge = err instanceof TooLarge || /pixel limit/i.test(message);
      send({ type: 'failed', id: request.id, message, tooLarge });
    },
  );
});
// The server gone (its IPC channel closed) leaves nothing for this process to do.
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
