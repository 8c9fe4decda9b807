/**
 * The media module's job (platform/jobs.ts): media_purge deletes the stored bytes of files whose
 * records were deleted (an erased account's uploads, kits and previews). The records go in the
 * erasure's transaction and this job is queued in it, so the bytes are deleted if and only if the
 * erasure committed, and a storage failure is retried like any job instead of leaving files behind.
 */
import Type from 'typebox';
import { defineJob, jobSpec } from '../../platform/jobs';
import { assertStorageKey } from '../../providers/storage/storage-provider';

export const mediaPurgeJob = jobSpec({
  type: 'media_purge',
  /** The storage keys whose bytes go. */
  payload: Type.Object({ keys: Type.Array(Type.String()) }),
  result: Type.Object({ deleted: Type.Integer() }),
  steps: ['delete'],
});

/** What the purge job needs of the media service: deleting stored bytes. */
export interface MediaPurger {
  purge(keys: readonly string[]): Promise<void>;
}

export function createMediaPurgeHandler(media: MediaPurger) {
  return defineJob(mediaPurgeJob, {
    async run(ctx) {
      const { keys } = ctx.payload;
      for (const key of keys) assertStorageKey(key);
      await ctx.step('delete', async (progress) => {
        for (let i = 0; i < keys.length; i += 50) {
          await media.purge(keys.slice(i, i + 50));
          progress(Math.min(1, (i + 50) / keys.length));
        }
      });
      return { deleted: keys.length };
    },
  });
}
