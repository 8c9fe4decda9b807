/** What both platforms' document-style module provides. */
export interface DocumentStyleModule {
  /** Installs the page's base style, once, before the first render (web only; native has no document). */
  installDocumentStyle(): void;
}
