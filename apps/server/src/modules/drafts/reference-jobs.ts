/**
 * A picture's job (Mode B from a picture): the stored image is decoded in the image processes, the
 * mesher makes the mosaic or relief in its thread, and the kit is stored.
 */
import type { ReferenceOptions } from '@kitwright/contracts';
import { ImageProcessError } from '../../platform/images/process';
import { JobError } from '../../platform/jobs';
import type { DraftJobsContext, DraftRun } from './context';
import type { DraftJobPayload } from './jobs';
import { storeKit } from './kit-store';
import { kitSummary } from './kit-summary';
import { buildValidation, imageOutage, runThread } from './mesher-runs';
import { degradedReason } from './prompt-jobs';

/**
 * The largest side a picture is decoded at for the mesher: it averages the picture down to at most
 * 64 cells a side, so more pixels change nothing but the memory and time spent.
 */
const REFERENCE_DECODE_SIDE = 1024;

/** Mode B from a picture: decode the stored image (sharp, in the image process), then the mesher makes the design. */
export async function runReference(
  ctx: DraftJobsContext,
  run: DraftRun,
  p: DraftJobPayload,
  reference: ReferenceOptions,
) {
  const picture = await run.step('fetch_source', async () => {
    const source = p.upload_id ? await ctx.media.imageSource(p.upload_id) : null;
    if (!source)
      throw new JobError('SOURCE_MISSING', 'The picture is no longer available. Upload it again.', false);
    try {
      const decoded = await ctx.images.run(
        {
          op: 'decode-rgba',
          bytes: source.bytes,
          maxSide: REFERENCE_DECODE_SIDE,
          maxPixels: ctx.config.uploads.maxImagePixels,
          maxInputSide: ctx.config.uploads.maxImageSide,
        },
        { owner: run.job.owner_user_id ?? 'system' },
      );
      const { data, width, height } = decoded;
      return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), info: { width, height } };
    } catch (err) {
      // The picture's own fault (unreadable, too many pixels) is final; the processes' is an outage.
      if (err instanceof ImageProcessError && err.reason !== 'rejected' && err.reason !== 'too-large')
        throw imageOutage(err);
      throw new JobError('CORRUPT_IMAGE', 'The picture could not be read. Upload it again.', false, {
        cause: err,
      });
    }
  });
  const out = await run.step('generate', () =>
    runThread(ctx, run, {
      kind: 'reference',
      pixels: picture.pixels,
      width: picture.info.width,
      height: picture.info.height,
      options: {
        kind: reference.kind,
        width: reference.width,
        ...(reference.depth !== undefined ? { depth: reference.depth } : {}),
        dithering: reference.dithering ?? false,
        aspect: reference.aspect ?? 'keep',
        useCase: 'decorative',
      },
    }),
  );
  if (out.kind !== 'reference') throw new JobError('PROCESSING_FAILED', 'Unexpected mesher answer.', true);
  const result = out.result;
  if (!result.ok) throw new JobError(result.code, result.message, false);
  const files = await run.step('store', () => storeKit(ctx, run, result.kit, result.previewSvg));
  if (result.status === 'degraded') run.degrade(degradedReason(result.reason, []));
  return {
    generation: { status: result.status, reason: result.reason ?? null, reference: result.reference },
    ...files,
    summary: kitSummary(result.kit),
    build: buildValidation(result.buildReport),
  };
}
