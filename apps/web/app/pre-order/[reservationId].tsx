/** /pre-order/<reservationId>: an invited buyer's no-capture pre-order (Phase A.5). */
export { PreorderScreen as default } from '../../src/features/buyer/preorder-screen';
