/** /admin/moderation: the staff moderation queue (others see "not allowed"), loaded only when opened. */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/staff/moderation-queue-screen').then((m) => ({
    default: m.ModerationQueueScreen,
  })),
);
