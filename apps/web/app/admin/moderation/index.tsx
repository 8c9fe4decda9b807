/** /admin/moderation: the staff moderation queue (others see "not allowed"). */
export { ModerationQueueScreen as default } from '../../../src/features/staff/moderation-queue-screen';
