/** /admin/cohorts: beta cohorts and their invitations (founder), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/ops/cohorts-screen').then((m) => ({ default: m.CohortsScreen })),
);
