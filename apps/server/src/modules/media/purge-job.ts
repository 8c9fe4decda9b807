/**
 * The media_purge job: deletes the stored bytes of files whose records were deleted (an erased
 * account's uploads, kits and previews). The records go in the erasure's transaction and this job
 * is queued in it, so the bytes are deleted if and only if the erasure committed, and a storage
 * failure is retried like any job instead of leaving files behind.
 */

import { JobError, type JobHandler } from '../../platform/jobs';
import { assertStorageKey } from '../../providers/storage/storage-provider';
import type { MediaService } from './service';

export const PURGE_STEPS = ['delete'] as const;

export function createMediaPurgeHandler(media: Pick<MediaService, 'purge'>): JobHandler {
  return {
    type: 'media_purge',
    async run(ctx) {
      const keys = (ctx.job.payload as { keys?: unknown }).keys;
      if (!Array.isArray(keys) || !keys.every((k): k is string => typeof k === 'string'))
        throw new JobError('INVALID_PAYLOAD', 'Nothing to delete.', false);
      for (const key of keys) assertStorageKey(key);
      await ctx.step('delete', async (progress) => {
        for (let i = 0; i < keys.length; i += 50) {
          await media.purge(keys.slice(i, i + 50));
          progress(Math.min(1, (i + 50) / keys.length));
        }
      });
      return { deleted: keys.length };
    },
  };
}
