/** /admin/sessions: observed beta sessions, planned, recorded and updated (founder). */
export { SessionsScreen as default } from '../../src/features/ops/sessions-screen';
