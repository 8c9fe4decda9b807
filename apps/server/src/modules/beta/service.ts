/**
 * The beta programme: feedback from testers and visitors (rated, with its screen, context and
 * release, its free text kept in its language with a machine translation for staff), cohorts of
 * testers joined by invitation codes or emailed links, the founder's observed sessions, and the
 * learning review (the first 72 hours after launch, then each week). Each flow is its own file over
 * one context (context.ts); this is the surface routes, compose.ts and the account module use.
 */
import { createCohort, isTester, listCohorts, myBeta } from './cohorts';
import { type BetaDeps, bindTo, createBetaContext } from './context';
import { listFeedback, submitFeedback } from './feedback';
import { claimForSignUp, createInvitations, listInvitations, redeem, revokeInvitation } from './invitations';
import { learningReview } from './learning-review';
import { eraseFor, exportFor } from './personal-data';
import { createSession, getSession, listSessions, updateSession } from './sessions';

export { type BetaDeps, STAFF_LANGUAGE } from './context';
export { FIRST_REVIEW_MS, REVIEW_EVERY_MS } from './learning-review';

export function createBetaService(deps: BetaDeps) {
  const bind = bindTo(createBetaContext(deps));
  return {
    submitFeedback: bind(submitFeedback),
    listFeedback: bind(listFeedback),
    createCohort: bind(createCohort),
    listCohorts: bind(listCohorts),
    createInvitations: bind(createInvitations),
    listInvitations: bind(listInvitations),
    revokeInvitation: bind(revokeInvitation),
    redeem: bind(redeem),
    claimForSignUp: bind(claimForSignUp),
    myBeta: bind(myBeta),
    exportFor: bind(exportFor),
    eraseFor: bind(eraseFor),
    isTester: bind(isTester),
    createSession: bind(createSession),
    updateSession: bind(updateSession),
    getSession: bind(getSession),
    listSessions: bind(listSessions),
    learningReview: bind(learningReview),
  };
}

export type BetaService = ReturnType<typeof createBetaService>;
