/** /admin/phase: phase, feature flags, gates with their evidence and the phase decision (founder). */
export { PhaseScreen as default } from '../../src/features/ops/phase-screen';
