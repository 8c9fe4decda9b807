/**
 * The support module's face: people's conversations with staff and the staff's desk. What a
 * conversation may be about is checked through the earlier modules' apis.
 */
import type { Config } from '../../config';
import type { ModuleFace } from '../../platform/module';
import { deriveKey } from '../../platform/secrets';
import type { Profiles } from '../auth/face';
import type { DraftsApi } from '../drafts/face';
import type { InterestApi } from '../interest/face';
import type { JobsApi } from '../jobs/face';
import type { ListingsApi } from '../listings/face';
import type { MediaApi } from '../media/face';
import type { ModerationApi } from '../moderation/face';
import type { NotificationsApi } from '../notifications/face';
import { createSupportDesk } from './desk';
import { createSupportMail } from './notify';
import { supportRoutes } from './routes';
import { createSupportService, type SupportService } from './service';

export type { ListingConversations } from './service';
export * as stats from './stats';

export type SupportApi = Pick<SupportService, 'list' | 'overdue'>;

type SupportFaceDeps = Pick<
  Parameters<typeof createSupportDesk>[0],
  'db' | 'clock' | 'alerts' | 'events' | 'logger' | 'translation'
> &
  Pick<Parameters<typeof createSupportService>[0], 'limiter'> &
  Pick<Parameters<typeof createSupportMail>[0], 'email' | 'background'> & {
    config: Config;
    profiles: Profiles;
    listings: ListingsApi;
    drafts: DraftsApi;
    jobs: JobsApi;
    interest: InterestApi;
    media: MediaApi;
    moderation: ModerationApi;
    notifications: NotificationsApi;
  };

export function supportFace(deps: SupportFaceDeps): ModuleFace<SupportApi> {
  const { config, profiles, listings, jobs, interest } = deps;
  const settings = {
    reopenDays: config.support.reopenDays,
    staffLanguage: config.support.staffLanguage,
    tokenKey: deriveKey(config.secrets.authToken, 'kitwright/support-thread-link/v1'),
  };
  const people = {
    account: (id: string) => profiles.account(id),
    staff: (id: string) => profiles.staff(id),
    staffMembers: (limit: number) => profiles.staffMembers(limit),
    byIds: (ids: readonly string[]) => profiles.byIds(ids),
  };
  const mail = createSupportMail({
    email: deps.email,
    background: deps.background,
    people,
    links: { frontendUrl: config.frontendUrl, tokenKey: settings.tokenKey },
    supportInbox: config.operations.supportInbox,
    staffLanguage: config.support.staffLanguage,
    timezone: config.supportHours.timezone,
  });
  const support = createSupportService({
    ...deps,
    listings: deps.moderation.conversations,
    // What a conversation may be about: checked against its owner before it is stored.
    references: {
      listingReferable: (userId, id) => listings.referableBy(userId, id),
      draftOwner: (id) => deps.drafts.ownerOf(id),
      jobOwner: async (id) => (await jobs.summary(id))?.owner_user_id ?? null,
      reservationHeldBy: (owner, id) => interest.heldBy(owner, id),
    },
    hours: config.supportHours,
    mail,
    settings,
  });
  // Staff see the requester's account, listings, reservations and recent jobs through their services.
  const desk = createSupportDesk({
    ...deps,
    mail,
    people,
    settings,
    hours: config.supportHours,
    context: {
      listingsOf: async (userId) =>
        (await listings.ownedBy(userId, 20)).map((l) => ({
          id: l.id,
          slug: l.slug,
          title: l.title,
          visibility: l.visibility,
          moderation_state: l.moderation_state,
          state: l.state,
          published_at: l.published_at.toISOString(),
        })),
      reservationsOf: async (userId) =>
        (await interest.list({ userId, visitorId: null }, 20, null, null)).items.map((r) => ({
          id: r.id,
          listing_id: r.listing.id,
          status: r.status,
          quantity: r.quantity,
          created_at: r.created_at,
        })),
      jobsOf: (userId) => jobs.recentFor(userId, 10),
      async resource(type, id) {
        if (type === 'listing') {
          const ref = (await listings.refs([id], null)).get(id);
          return ref ? { title: ref.title, state: ref.availability, owner_user_id: ref.designer.id } : null;
        }
        if (type === 'job') {
          const job = await jobs.summary(id);
          return job ? { title: job.type, state: job.status, owner_user_id: job.owner_user_id } : null;
        }
        return undefined;
      },
    },
  });
  return {
    name: 'support',
    api: support,
    routes: ({ app }) => app.register(supportRoutes, { support, desk }),
    personalData: {
      export: async (s) => ({ support_conversations: await support.exportFor(s.userId, s.visitorIds) }),
      // Conversations are kept for their retention, without the person (named by their reference).
      erase: async (s) => ({
        counts: {
          support_conversations_kept: await support.detachFrom(s.trx, s.userId, s.visitorIds, s.ref),
        },
      }),
      claim: (trx, visitorId, userId) => support.claim(trx, visitorId, userId),
    },
  };
}
