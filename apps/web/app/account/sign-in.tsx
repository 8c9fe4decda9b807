/** /account/sign-in: username or email and password, Google or Apple. */
export { SignInScreen as default } from '../../src/features/account/sign-in-screen';
