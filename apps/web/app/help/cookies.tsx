/** /help/cookies: what is stored and why, essential versus optional, and changing the answer. */
export { CookiesScreen as default } from '../../src/features/help/policy-screens';
