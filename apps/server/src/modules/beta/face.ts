/**
 * The beta module's face: cohorts, invitations and feedback. It fills auth's sign-up hook (a new
 * account redeems its invitation) and checks feedback's context through earlier modules' apis.
 */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import type { AuthApi } from '../auth/face';
import type { DraftsApi } from '../drafts/face';
import type { FounderApi } from '../founder/face';
import type { HealthApi } from '../health/face';
import type { ListingsApi } from '../listings/face';
import type { MediaApi } from '../media/face';
import { betaRoutes } from './routes';
import { type BetaDeps, createBetaService } from './service';

export * as stats from './stats';

type BetaFaceDeps = Omit<
  BetaDeps,
  'publicBaseUrl' | 'inviteOnlySignUp' | 'launchAt' | 'firstRecordedDay' | 'release' | 'context' | 'people'
> & {
  config: Config;
  auth: AuthApi;
  health: HealthApi;
  founder: FounderApi;
  listings: ListingsApi;
  drafts: DraftsApi;
  media: MediaApi;
};

export function betaFace(deps: BetaFaceDeps): ModuleFace<null> {
  const { config, auth, listings, drafts, media } = deps;
  const beta = createBetaService({
    ...deps,
    publicBaseUrl: config.publicBaseUrl,
    inviteOnlySignUp: config.beta.inviteOnlySignUp,
    launchAt: config.beta.launchAt,
    firstRecordedDay: () => deps.founder.firstRecordedDay(),
    release: async () => {
      const h = await deps.health.health();
      return { version: h.version, release: h.release };
    },
    context: {
      visibleListing: (user, listingId) => listings.visible(user, listingId),
      ownDraft: (user, draftId) => drafts.get(user, draftId),
      ownUpload: (user, mediaId) => media.ownedFile(user, mediaId),
    },
    people: (ids) => auth.profiles.byIds(ids),
  });
  auth.provideInvitations((trx, code, userId) => beta.claimForSignUp(trx, code, userId));
  return {
    name: 'beta',
    api: null,
    routes: ({ app }) => app.register(betaRoutes, { beta }),
    personalData: {
      export: async (s) => ({ beta_programme: await beta.exportFor(s.userId, s.visitorIds) }),
      // Their feedback keeps no words, screenshot or context (the check of migration 0031).
      erase: async (s) => {
        const { feedback } = await beta.eraseFor(s.trx, {
          userId: s.userId,
          visitorIds: s.visitorIds,
          email: s.email,
        });
        return { counts: { beta_feedback_anonymised: feedback } };
      },
    },
  };
}
