/**
 * The drafts module's face: a person's drafts and the model and block-kit jobs that make them; it
 * tells media whether the draft an upload names is the uploader's.
 */
import type { Config } from '../../config';
import { isAppError } from '../../platform/errors';
import type { ImagePool } from '../../platform/images/pool';
import type { MesherPool } from '../../platform/mesher/pool';
import type { ModuleFace } from '../../platform/module';
import type { GenerationProvider } from '../../providers/generation/generation-provider';
import type { JobsApi } from '../jobs/face';
import type { MediaApi } from '../media/face';
import { createBlockKitJobHandler, createModelJobHandler } from './job-handlers';
import { draftRoutes } from './routes';
import { createDraftsService, type DraftsService } from './service';

export { kitPose, kitSummary } from './kit-summary';
export * as stats from './stats';

export type DraftsApi = Pick<
  DraftsService,
  | 'get'
  | 'ownerOf'
  | 'list'
  | 'uploadValidation'
  | 'sourceOf'
  | 'owned'
  | 'linkListing'
  | 'deleteForListing'
  | 'claimForPublish'
  | 'unlinkListingsOf'
>;

type DraftsFaceDeps = Omit<Parameters<typeof createDraftsService>[0], 'jobs' | 'media' | 'config'> & {
  config: Config;
  jobs: JobsApi;
  media: MediaApi;
  mesher: MesherPool;
  images: ImagePool;
  generation: GenerationProvider;
};

export function draftsFace(deps: DraftsFaceDeps): ModuleFace<DraftsApi> {
  const drafts = createDraftsService(deps);
  deps.media.provideDraftOwnership((user, draftId) =>
    drafts.get(user, draftId).then(
      () => true,
      (err: unknown) => {
        if (isAppError(err) && err.code === 'NOT_FOUND') return false;
        throw err;
      },
    ),
  );
  return {
    name: 'drafts',
    api: drafts,
    routes: ({ app }) => app.register(draftRoutes, { drafts }),
    jobs: [createModelJobHandler(deps), createBlockKitJobHandler(deps)],
    personalData: {
      export: async (s) => ({ drafts: await drafts.exportFor(s.userId) }),
      erase: async (s) => ({ counts: { drafts: await drafts.eraseAllOf(s.trx, s.userId) } }),
    },
  };
}
