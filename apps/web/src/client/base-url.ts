/** Where the API lives for a native build: set at build time in app config (extra.apiUrl). */
import Constants from 'expo-constants';
import type { BaseUrlModule } from './base-url.types';

export const apiBaseUrl = function apiBaseUrl() {
  const extra = Constants.expoConfig?.extra as { apiUrl?: string } | undefined;
  return extra?.apiUrl ?? 'http://localhost:3000';
} satisfies BaseUrlModule['apiBaseUrl'];
