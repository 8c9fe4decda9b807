/**
 * A picture's intake: its declared size is checked before any image process sees it, then it is
 * re-encoded (in the image processes) so EXIF and GPS metadata never survive, and kept.
 */
import type { Upload } from '@kitwright/contracts';
import { RATE_LIMITS } from '../../config/rate-limits';
import { overBudget, readImageHeader } from '../../platform/images/header';
import { ImageProcessError, type ImageResult } from '../../platform/images/process';
import { rateLimitedError } from '../../platform/rate-limits';
import type { SignedInUser } from '../../platform/viewer';
import type { MediaContext } from './context';
import { toUpload } from './formats';
import { IMAGE_CONTENT_TYPES, type ImageFormat } from './image-format';
import { reject, store, type UploadInput } from './upload-records';

const MAX_IMAGE_SIDE = 4096;

export async function uploadImage(
  ctx: MediaContext,
  user: SignedInUser,
  input: UploadInput,
  format: ImageFormat,
): Promise<{ upload: Upload; created: boolean }> {
  const { config } = ctx;
  if (input.bytes.length > config.uploads.maxImageBytes) {
    return reject(
      ctx,
      user,
      input,
      format,
      'PAYLOAD_TOO_LARGE',
      'FILE_TOO_LARGE',
      `Images can be at most ${Math.round(config.uploads.maxImageBytes / 1048576)} MB.`,
    );
  }
  // The size the file declares, read here without decoding: over the budget, no image process
  // ever sees it (a small file can declare a huge, slow picture).
  const header = readImageHeader(input.bytes);
  if (!header.ok) {
    ctx.logger.info({ stage: 'upload-image', problem: header.problem }, 'image header unreadable');
    return reject(
      ctx,
      user,
      input,
      format,
      'INVALID_UPLOAD',
      'CORRUPT_IMAGE',
      'This image could not be read.',
    );
  }
  const budget = { maxPixels: config.uploads.maxImagePixels, maxSide: config.uploads.maxImageSide };
  const over = overBudget(header.header, budget);
  if (over) {
    const n = (v: number) => v.toLocaleString('en');
    const { width, height } = header.header;
    return reject(
      ctx,
      user,
      input,
      format,
      'INVALID_UPLOAD',
      'IMAGE_TOO_LARGE',
      `This image is ${n(width)} × ${n(height)} pixels. Images can have at most ${n(budget.maxPixels)} pixels, and at most ${n(budget.maxSide)} on a side.`,
    );
  }
  const output = await reencode(ctx, user, input, format, budget);
  const { row, created } = await store(ctx, user, {
    kind: 'image',
    format,
    contentType: IMAGE_CONTENT_TYPES[format],
    bytes: output.data,
    fileName: input.fileName,
    width: output.width,
    height: output.height,
    mesh: null,
  });
  return { upload: toUpload(row), created };
}

/** The picture re-encoded without its metadata, or the refusal that says why it could not be. */
async function reencode(
  ctx: MediaContext,
  user: SignedInUser,
  input: UploadInput,
  format: ImageFormat,
  budget: { maxPixels: number; maxSide: number },
): Promise<ImageResult> {
  try {
    return await ctx.images.run(
      {
        op: 'reencode',
        bytes: input.bytes,
        format,
        maxSide: MAX_IMAGE_SIDE,
        maxPixels: budget.maxPixels,
        maxInputSide: budget.maxSide,
      },
      { owner: user.id },
    );
  } catch (err) {
    if (err instanceof ImageProcessError && err.reason === 'busy') {
      // Not this upload's fault, and not one of the hour's uploads: the person's pictures are queued.
      await ctx.limiter.refund(`uploads:${user.id}`, RATE_LIMITS.uploadsPerUser.windowMs);
      throw rateLimitedError(
        { allowed: false, count: 0, retryAfterSeconds: err.detail.retryAfterSeconds ?? 1 },
        'Your earlier pictures are still being processed. Send this one again in a moment.',
      );
    }
    const tooBig = err instanceof ImageProcessError && err.reason === 'too-large';
    const stuck = err instanceof ImageProcessError && !tooBig && err.reason !== 'rejected';
    if (stuck) ctx.logger.warn({ err, stage: 'upload-image' }, 'image processing failed');
    else ctx.logger.info({ err, stage: 'upload-image' }, 'image rejected');
    return reject(
      ctx,
      user,
      input,
      format,
      'INVALID_UPLOAD',
      tooBig ? 'IMAGE_TOO_LARGE' : stuck ? 'PROCESSING_FAILED' : 'CORRUPT_IMAGE',
      tooBig
        ? 'This image has too many pixels.'
        : stuck
          ? 'This image could not be processed within our limits.'
          : 'This image could not be read.',
    );
  }
}
