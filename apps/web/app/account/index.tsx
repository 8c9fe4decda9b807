/** /account: the signed-in user's profile, email verification, password and sign-out. */
export { ProfileScreen as default } from '../../src/features/account/profile-screen';
