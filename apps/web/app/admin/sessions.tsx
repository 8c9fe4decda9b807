/** /admin/sessions: observed beta sessions, planned, recorded and updated (founder), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/ops/sessions-screen').then((m) => ({ default: m.SessionsScreen })),
);
