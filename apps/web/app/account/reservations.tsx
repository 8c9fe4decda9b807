/** /account/reservations: my reservations, any pre-order invitation, and my pre-orders (Phase A.5). */
export { ReservationsScreen as default } from '../../src/features/buyer/reservations-screen';
