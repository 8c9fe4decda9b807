/** /account/verified?status=success|invalid: where the verification email's link lands. */
export { VerifiedScreen as default } from '../../src/features/account/verified-screen';
