/** /admin/phase: phase, feature flags, gates with their evidence and the phase decision (founder), loaded only when opened. */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/ops/phase-screen').then((m) => ({ default: m.PhaseScreen })),
);
