/** /admin/support: the staff support queue (others see "not allowed"), loaded only when opened. */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/staff/support-queue-screen').then((m) => ({ default: m.SupportQueueScreen })),
);
