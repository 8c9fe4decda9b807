/** /admin: staff and founder tools (others see "not allowed"). */
export { AdminHomeScreen as default } from '../../src/features/admin/admin-home-screen';
