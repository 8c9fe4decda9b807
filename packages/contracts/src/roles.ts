/** Roles on users (spec Authentication 10). Staff endpoints admit staff and founders. */
export const ROLES = ['user', 'staff', 'founder'] as const;
export type Role = (typeof ROLES)[number];
