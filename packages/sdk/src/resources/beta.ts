/**
 * `kw.beta`: the beta programme. Anyone may send feedback (a visitor session is made if needed);
 * signed-in people redeem invitations and read their tester badge; staff read feedback, cohorts,
 * sessions and the learning review; founders create cohorts, invitations and sessions.
 */
import type { OperationBody, OperationQuery } from '@kitwright/contracts';
import type { ApiClient } from '../api-client';
import { type CallOptions, call, splitOptions } from './call';

export type BetaFeedbackInput = OperationBody<'submitBetaFeedback'>;
export type BetaFeedbackFilters = NonNullable<OperationQuery<'listBetaFeedback'>>;
export type BetaCohortInput = OperationBody<'createBetaCohort'>;
export type BetaInvitationsInput = OperationBody<'createBetaInvitations'>;
export type BetaSessionInput = OperationBody<'createBetaSession'>;
export type BetaSessionChange = OperationBody<'updateBetaSession'>;
export type BetaSessionsQuery = NonNullable<OperationQuery<'listBetaSessions'>>;
export type LearningReviewQuery = NonNullable<OperationQuery<'betaLearningReview'>>;

export function betaResource(api: ApiClient) {
  return {
    /** Rating, reason, screen and context; the server adds its version and release tag. */
    feedback(body: BetaFeedbackInput, options?: CallOptions) {
      return call(api, 'submitBetaFeedback', { body, ...options });
    },
    /** Join the cohort of an invitation code. */
    redeem(code: string, options?: CallOptions) {
      return call(api, 'redeemBetaInvitation', { params: { code }, ...options });
    },
    /** Whether you are a tester, and of which cohorts. */
    me(options?: CallOptions) {
      return call(api, 'myBeta', { ...options });
    },
    /** Staff: feedback newest first, with filters (screen, reason, rating, release, cohort). */
    listFeedback(query?: BetaFeedbackFilters & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listBetaFeedback', { query: split.query, ...split.options });
    },
    createCohort(body: BetaCohortInput, options?: CallOptions) {
      return call(api, 'createBetaCohort', { body, ...options });
    },
    cohorts(options?: CallOptions) {
      return call(api, 'listBetaCohorts', { ...options });
    },
    createInvitations(cohortId: string, body: BetaInvitationsInput, options?: CallOptions) {
      return call(api, 'createBetaInvitations', { params: { cohortId }, body, ...options });
    },
    invitations(cohortId: string, options?: CallOptions) {
      return call(api, 'listBetaInvitations', { params: { cohortId }, ...options });
    },
    revokeInvitation(invitationId: string, options?: CallOptions) {
      return call(api, 'revokeBetaInvitation', { params: { invitationId }, ...options });
    },
    createSession(body: BetaSessionInput, options?: CallOptions) {
      return call(api, 'createBetaSession', { body, ...options });
    },
    sessions(query?: BetaSessionsQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'listBetaSessions', { query: split.query, ...split.options });
    },
    session(sessionId: string, options?: CallOptions) {
      return call(api, 'getBetaSession', { params: { sessionId }, ...options });
    },
    updateSession(sessionId: string, change: BetaSessionChange, options?: CallOptions) {
      return call(api, 'updateBetaSession', { params: { sessionId }, body: change, ...options });
    },
    /** The learning review: `period` latest (default) or all windows since launch. */
    learningReview(query?: LearningReviewQuery & CallOptions) {
      const split = splitOptions(query);
      return call(api, 'betaLearningReview', { query: split.query, ...split.options });
    },
  };
}

export type BetaResource = ReturnType<typeof betaResource>;
