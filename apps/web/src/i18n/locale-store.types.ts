/** Where both platforms keep the chosen language, and what the device prefers. */
export interface LocaleStoreModule {
  /** The language chosen before, if any. */
  load(): string | null;
  save(locale: string): void;
  /** The device's or browser's languages (a tag or a list), for the first visit. */
  device(): string | null;
}
