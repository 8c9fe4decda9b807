/** /admin/incidents/[id]: one incident, its timeline and actions (staff and founders), loaded only when opened. */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/founder/incident-screen').then((m) => ({ default: m.IncidentScreen })),
);
