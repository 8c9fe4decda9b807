/** /account/register: create an account. */
export { RegisterScreen as default } from '../../src/features/account/register-screen';
