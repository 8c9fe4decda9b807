/** /account/forgot-password: ask for a reset link by email. */
export { ForgotPasswordScreen as default } from '../../src/features/account/forgot-password-screen';
