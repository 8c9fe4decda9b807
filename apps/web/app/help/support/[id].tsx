/** /help/support/<id>(?token=…): one support conversation, the page a support reply email links to. */
export { SupportThreadScreen as default } from '../../../src/features/help/support-thread';
