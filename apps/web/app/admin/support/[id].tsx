/** /admin/support/<id>: one support ticket for staff (the server's staff emails link here). */
import { lazyScreen } from '../../../src/components/lazy-screen';

export default lazyScreen(() =>
  import('../../../src/features/staff/ticket-screen').then((m) => ({ default: m.TicketScreen })),
);
