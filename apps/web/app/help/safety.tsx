/** /help/safety: the safety policy, in the reader's language, with its version and date. */
export { SafetyScreen as default } from '../../src/features/help/policy-screens';
