/** /account/notifications: the signed-in person's notifications, each linking to its screen. */
export { NotificationsScreen as default } from '../../src/features/tester/notifications-screen';
