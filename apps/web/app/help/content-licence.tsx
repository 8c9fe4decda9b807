/** /help/content-licence: the licence policy, in the reader's language, with its version and date. */
export { ContentLicenceScreen as default } from '../../src/features/help/policy-screens';
