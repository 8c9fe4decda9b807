/** How both platforms leave the app for an external page (a sign-in provider). */
export interface OpenUrlModule {
  openExternal(url: string): Promise<void>;
}
