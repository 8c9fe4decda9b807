/** /admin/support/<id>: one support ticket for staff (the server's staff emails link here). */
export { TicketScreen as default } from '../../../src/features/staff/ticket-screen';
