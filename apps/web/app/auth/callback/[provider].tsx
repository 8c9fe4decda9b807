/** /auth/callback/<provider>?code&state: finishing sign-in with Google or Apple. */
export { OAuthCallbackScreen as default } from '../../../src/features/account/oauth-callback-screen';
