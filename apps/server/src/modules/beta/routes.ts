/** The beta programme: feedback, invitations and testers, observed sessions, the learning review. */
import { operation, type RoutesPlugin } from '../../platform/operation';
import { requireRole, requireUser } from '../../platform/viewer';
import type { BetaService } from './service';

type BetaRoutes = RoutesPlugin<{ beta: BetaService }>;

/** What a tester or visitor does: send feedback, redeem a code, see their own beta. */
const participantRoutes: BetaRoutes = async (app, { beta }) => {
  app.route({
    ...operation('submitBetaFeedback', {
      tags: ['beta'],
      summary: 'Send beta feedback: a rating, a reason, the screen and release, optional text and screenshot',
    }),
    handler: async (request, reply) => {
      const viewer = await request.viewer();
      const receipt = await beta.submitFeedback(
        { user: viewer.user, owner: await request.owner() },
        request.body,
        {
          acceptLanguage: request.headers['accept-language'] ?? null,
          ip: request.ip ?? null,
          ensureVisitor: async () => (await request.owner(reply)).visitorId as string,
        },
      );
      return reply.code(201).send(receipt);
    },
  });

  app.route({
    ...operation('redeemBetaInvitation', {
      auth: 'user',
      tags: ['beta'],
      summary: 'Join a beta cohort with an invitation code',
    }),
    handler: async (request) => beta.redeem(await requireUser(request), request.params.code),
  });

  app.route({
    ...operation('myBeta', {
      auth: 'user',
      tags: ['beta'],
      summary: 'Whether you are a beta tester, and of which cohorts',
    }),
    handler: async (request) => beta.myBeta((await requireUser(request)).id),
  });
};

/** Staff read the feedback. */
const feedbackRoutes: BetaRoutes = async (app, { beta }) => {
  app.route({
    ...operation('listBetaFeedback', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary: 'Beta feedback, newest first, with its original text and translation',
    }),
    handler: async (request) => beta.listFeedback(request.query),
  });
};

/** Cohorts and their invitations (the founder makes and withdraws them, staff read them). */
const cohortRoutes: BetaRoutes = async (app, { beta }) => {
  app.route({
    ...operation('createBetaCohort', {
      auth: 'founder',
      tags: ['beta', 'admin'],
      summary: 'Create a cohort of testers',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await beta.createCohort(await requireRole(request, 'founder'), request.body)),
  });

  app.route({
    ...operation('listBetaCohorts', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary: 'Cohorts with their testers, invitations and redemptions',
    }),
    handler: async () => beta.listCohorts(),
  });

  app.route({
    ...operation('createBetaInvitations', {
      auth: 'founder',
      tags: ['beta', 'admin'],
      summary: 'Issue invitation codes for a cohort, or email one to an address',
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await beta.createInvitations(
            await requireRole(request, 'founder'),
            request.params.cohortId,
            request.body,
          ),
        ),
  });

  app.route({
    ...operation('listBetaInvitations', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary: 'A cohort’s invitations with their redemptions and status',
    }),
    handler: async (request) => beta.listInvitations(request.params.cohortId),
  });

  app.route({
    ...operation('revokeBetaInvitation', {
      auth: 'founder',
      tags: ['beta', 'admin'],
      summary: 'Withdraw an invitation: its code is refused from now on',
    }),
    handler: async (request) =>
      beta.revokeInvitation(await requireRole(request, 'founder'), request.params.invitationId),
  });
};

/** Observed sessions (the founder records and changes them, staff read them). */
const sessionRoutes: BetaRoutes = async (app, { beta }) => {
  app.route({
    ...operation('createBetaSession', {
      auth: 'founder',
      tags: ['beta', 'admin'],
      summary: 'Record an observed beta session (with the tester’s consent)',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await beta.createSession(await requireRole(request, 'founder'), request.body)),
  });

  app.route({
    ...operation('listBetaSessions', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary: 'Observed beta sessions',
    }),
    handler: async (request) => beta.listSessions(request.query),
  });

  app.route({
    ...operation('getBetaSession', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary: 'One observed beta session',
    }),
    handler: async (request) => beta.getSession(request.params.sessionId),
  });

  app.route({
    ...operation('updateBetaSession', {
      auth: 'founder',
      tags: ['beta', 'admin'],
      summary: 'Change an observed session: tasks, notes, linked issues',
    }),
    handler: async (request) =>
      beta.updateSession(await requireRole(request, 'founder'), request.params.sessionId, request.body),
  });
};

/** The learning review, for staff. */
const reviewRoutes: BetaRoutes = async (app, { beta }) => {
  app.route({
    ...operation('betaLearningReview', {
      auth: 'staff',
      tags: ['beta', 'admin'],
      summary:
        'The learning review: 72 hours after launch, then weekly — feedback by screen, sessions by task',
    }),
    handler: async (request) => beta.learningReview(request.query.period),
  });
};

export const betaRoutes: BetaRoutes = async (app, { beta }) => {
  await app.register(participantRoutes, { beta });
  await app.register(feedbackRoutes, { beta });
  await app.register(cohortRoutes, { beta });
  await app.register(sessionRoutes, { beta });
  await app.register(reviewRoutes, { beta });
};
