/** Password length rules, shared by the server's checks and the forms that explain them; the ways to sign in. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** How an account signs in (and signed up): a password, or an OAuth provider. */
export const AUTH_PROVIDERS = ['password', 'google', 'apple'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
