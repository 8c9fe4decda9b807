/** /help/terms: the terms policy, in the reader's language, with its version and date. */
export { TermsScreen as default } from '../../src/features/help/policy-screens';
