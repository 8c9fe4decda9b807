/** /account/change-password: change the password (every session ends). */
export { ChangePasswordScreen as default } from '../../src/features/account/change-password-screen';
