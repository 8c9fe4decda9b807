/** Where both platforms keep the page to return to while the person signs in elsewhere. */
export interface NextPageStoreModule {
  remember(next: string): void;
  /** The remembered page, once (it is forgotten as it is read). */
  take(): string | null;
}
