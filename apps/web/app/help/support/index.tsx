/** /help/support(?listing=<id>&category=report): ask for help or report a listing. */
export { SupportScreen as default } from '../../../src/features/help/policy-screens';
