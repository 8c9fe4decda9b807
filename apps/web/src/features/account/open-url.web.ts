/** Leaves the app for an external page (a sign-in provider) in the same tab, so it can come back. */
export async function openExternal(url: string): Promise<void> {
  window.location.assign(url);
}
