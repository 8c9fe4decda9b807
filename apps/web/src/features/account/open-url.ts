/** Leaves the app for an external page (a sign-in provider): the system browser on iOS and Android. */
import * as Linking from 'expo-linking';
import type { OpenUrlModule } from './open-url.types';

export const openExternal = async function openExternal(url: string) {
  await Linking.openURL(url);
} satisfies OpenUrlModule['openExternal'];
