/** /admin/cohorts: beta cohorts and their invitations (founder). */
export { CohortsScreen as default } from '../../src/features/ops/cohorts-screen';
