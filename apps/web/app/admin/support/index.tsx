/** /admin/support: the staff support queue (others see "not allowed"). */
export { SupportQueueScreen as default } from '../../../src/features/staff/support-queue-screen';
