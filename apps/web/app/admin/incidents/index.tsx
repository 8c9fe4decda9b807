/** /admin/incidents: incidents with filters (staff and founders; others see "not allowed"), loaded only when opened. */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/founder/incidents-screen').then((m) => ({ default: m.IncidentsScreen })),
);
