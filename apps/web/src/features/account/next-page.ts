/**
 * Where to go after signing in. Only paths inside the app are followed (never another site, nor
 * back to the sign-in pages); the page to return to survives the trip to an external sign-in
 * provider in the platform's next-page store.
 */
export function safeNext(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return fallback;
  if (value.startsWith('/account/sign-in') || value.startsWith('/account/register')) return fallback;
  return value;
}
