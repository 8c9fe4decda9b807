/** /account/data: download your data, or delete your account. */
export { AccountDataScreen as default } from '../../src/features/account/account-data-screen';
