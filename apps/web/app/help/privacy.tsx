/** /help/privacy: the privacy policy, in the reader's language, with its version and date. */
export { PrivacyScreen as default } from '../../src/features/help/policy-screens';
