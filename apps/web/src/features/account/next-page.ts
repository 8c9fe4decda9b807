/**
 * Where to go after signing in. Only paths inside the app are followed (never another site), and
 * the page to return to survives the trip to an external sign-in provider (native: in memory).
 */
let remembered: string | null = null;

export function safeNext(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return fallback;
  if (value.startsWith('/account/sign-in') || value.startsWith('/account/register')) return fallback;
  return value;
}

export function rememberNext(next: string): void {
  remembered = next;
}

export function takeNext(): string | null {
  const value = remembered;
  remembered = null;
  return value;
}
