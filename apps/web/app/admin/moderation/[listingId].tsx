/** /admin/moderation/<listingId>: one listing's moderation: flags, reports, history, decisions. */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/staff/moderation-item-screen').then((m) => ({
    default: m.ModerationItemScreen,
  })),
);
