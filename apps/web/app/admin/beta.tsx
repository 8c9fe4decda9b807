/** /admin/beta: the founder dashboard (staff read it; others see "not allowed"). */
export { BetaDashboardScreen as default } from '../../src/features/founder/screens';
