/**
 * Machine translation behind one interface: DeepL when configured, a deterministic
 * pseudo-translator for tests and staff, or none at all (people's text stays as they wrote it).
 */
export interface TranslationProvider {
  readonly id: string;
  /**
   * Translates each text from one language to another, keeping the order. `null` for a text this
   * provider leaves untranslated: readers are then shown the original.
   */
  translate(texts: string[], from: string, to: string): Promise<Array<string | null>>;
}
