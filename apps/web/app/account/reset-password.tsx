/** /account/reset-password?token=: the emailed link to choose a new password. */
export { ResetPasswordScreen as default } from '../../src/features/account/reset-password-screen';
