/** /admin/beta: the founder dashboard (staff read it; others see "not allowed"), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/founder/beta-screen').then((m) => ({ default: m.BetaDashboardScreen })),
);
