/** Password length rules, shared by the server's checks and the forms that explain them. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
