/**
 * The media module's face: uploads and stored files. Whether a file is public (the listings module
 * knows) and whether a draft is the uploader's (the drafts module knows) are hooks those later
 * modules fill. An erased person's bytes are purged by a job queued in the erasure.
 */
import { currentCorrelationId } from '../../platform/correlation';
import { type ModuleFace, providedLater } from '../../platform/module';
import type { SignedInUser } from '../../platform/viewer';
import type { JobsApi } from '../jobs/face';
import type { MediaDeps } from './context';
import { createMediaPurgeHandler, mediaPurgeJob } from './purge-job';
import { mediaRoutes } from './routes';
import { createMediaService, type MediaService } from './service';

export { IMAGE_FORMATS, MODEL_FORMATS } from './service';
export { mediaUrl } from './urls';

export type MediaApi = Pick<
  MediaService,
  | 'summaries'
  | 'requireOwnUploads'
  | 'requireOwnImages'
  | 'ownedFile'
  | 'upload'
  | 'storeArtefacts'
  | 'modelSource'
  | 'imageSource'
  | 'deleteFiles'
  | 'content'
> & {
  /** Filled by the listings module: whether a visible listing shows the file. */
  provideFilePublicity(isPublic: (fileId: string) => Promise<boolean>): void;
  /** Filled by the drafts module: whether the draft an upload names is this person's. */
  provideDraftOwnership(owns: (user: SignedInUser, draftId: string) => Promise<boolean>): void;
};

export function mediaFace(
  deps: Omit<MediaDeps, 'isPublicFile' | 'ownsDraft'> & { jobs: Pick<JobsApi, 'enqueue'> },
): ModuleFace<MediaApi> {
  const isPublicFile = providedLater<[string], Promise<boolean>>(
    'media file publicity (the listings module)',
  );
  const ownsDraft = providedLater<[SignedInUser, string], Promise<boolean>>(
    'media draft ownership (the drafts module)',
  );
  const media = createMediaService({ ...deps, isPublicFile: isPublicFile.call, ownsDraft: ownsDraft.call });
  return {
    name: 'media',
    api: {
      ...media,
      provideFilePublicity: isPublicFile.provide,
      provideDraftOwnership: ownsDraft.provide,
    },
    routes: ({ app }) => app.register(mediaRoutes, { media, config: deps.config }),
    jobs: [createMediaPurgeHandler(media)],
    personalData: {
      export: async (s) => ({ files: await media.exportFor(s.userId) }),
      erase: async (s) => {
        const { files, keys } = await media.eraseAllOf(s.trx, s.userId);
        if (keys.length > 0)
          await deps.jobs.enqueue(
            mediaPurgeJob,
            {
              ownerUserId: null,
              resource: null,
              idempotencyKey: null,
              payload: { keys },
              correlationId: currentCorrelationId(),
            },
            s.trx,
          );
        return { counts: { files } };
      },
    },
  };
}
