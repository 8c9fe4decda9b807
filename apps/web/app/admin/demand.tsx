/** /admin/demand: demand review — filters, totals per listing, qualification, CSV export (staff), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/ops/demand-screen').then((m) => ({ default: m.DemandScreen })),
);
