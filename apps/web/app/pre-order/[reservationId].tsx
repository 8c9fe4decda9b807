/**
 * /pre-order/<reservationId>: an invited buyer's no-capture pre-order (Phase A.5). Loaded only when
 * opened: with Stripe's libraries it stays out of the first load of home and gallery.
 */
import { lazyScreen } from '../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../src/features/buyer/preorder-screen').then((m) => ({ default: m.PreorderScreen })),
);
