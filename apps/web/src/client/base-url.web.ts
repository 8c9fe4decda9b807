/** On the web the app and the API share one origin. */
export function apiBaseUrl(): string {
  return globalThis.location?.origin ?? 'http://localhost:3000';
}
