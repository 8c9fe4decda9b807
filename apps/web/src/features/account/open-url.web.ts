/** Leaves the app for an external page (a sign-in provider) in the same tab, so it can come back. */
import type { OpenUrlModule } from './open-url.types';

export const openExternal = async function openExternal(url: string) {
  window.location.assign(url);
} satisfies OpenUrlModule['openExternal'];
