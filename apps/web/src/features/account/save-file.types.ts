/** How both platforms hand a downloaded document (the account export) to the person. */
export interface SaveFileModule {
  /** Offers the text as a file named `name`; resolves once it was handed over. */
  saveTextFile(name: string, text: string, type: string): Promise<void>;
}
