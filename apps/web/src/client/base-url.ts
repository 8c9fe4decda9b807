/** Where the API lives for a native build: set at build time in app config (extra.apiUrl). */
import Constants from 'expo-constants';

export function apiBaseUrl(): string {
  const extra = Constants.expoConfig?.extra as { apiUrl?: string } | undefined;
  return extra?.apiUrl ?? 'http://localhost:3000';
}
