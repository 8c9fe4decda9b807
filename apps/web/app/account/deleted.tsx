/** /account/deleted: the account is gone (where deleting it lands). */
export { AccountDeletedScreen as default } from '../../src/features/account/account-deleted-screen';
