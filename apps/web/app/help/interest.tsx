/** /help/interest: the interest policy, in the reader's language, with its version and date. */
export { InterestPolicyScreen as default } from '../../src/features/help/policy-screens';
