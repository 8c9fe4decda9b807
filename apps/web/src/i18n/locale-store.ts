/** Where the chosen language is kept (native: in memory until a storage is added). */
let chosen: string | null = null;

export function loadLocale(): string | null {
  return chosen;
}

export function saveLocale(locale: string): void {
  chosen = locale;
}

export function deviceLocale(): string | null {
  return Intl.DateTimeFormat().resolvedOptions().locale ?? null;
}
