/** On the web the app and the API share one origin. */
import type { BaseUrlModule } from './base-url.types';

export const apiBaseUrl = function apiBaseUrl() {
  return globalThis.location?.origin ?? 'http://localhost:3000';
} satisfies BaseUrlModule['apiBaseUrl'];
