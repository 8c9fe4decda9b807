/** Leaves the app for an external page (a sign-in provider): the system browser on iOS and Android. */
import * as Linking from 'expo-linking';

export async function openExternal(url: string): Promise<void> {
  await Linking.openURL(url);
}
