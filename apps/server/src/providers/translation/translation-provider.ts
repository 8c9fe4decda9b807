/** Machine translation behind one interface: a deterministic pseudo-translator locally, DeepL when configured. */
export interface TranslationProvider {
  readonly id: string;
  /** Translates each text from one language to another, keeping the order. */
  translate(texts: string[], from: string, to: string): Promise<string[]>;
}
