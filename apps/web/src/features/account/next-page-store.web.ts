/**
 * Where to go after signing in. Only paths inside the app are followed (never another site), and
 * the page to return to survives the trip to an external sign-in provider (web: session storage).
 */
const KEY = 'kw_signin_next';

export function safeNext(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return fallback;
  if (value.startsWith('/account/sign-in') || value.startsWith('/account/register')) return fallback;
  return value;
}

export function rememberNext(next: string): void {
  try {
    sessionStorage.setItem(KEY, next);
  } catch {
    // Without storage the user lands on the dashboard.
  }
}

export function takeNext(): string | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value;
  } catch {
    return null;
  }
}
