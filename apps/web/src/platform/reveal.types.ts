/** What both platforms' reveal module provides. */
export interface RevealModule {
  /**
   * Brings a message that just appeared to the person: scrolled into view where they look, and
   * focused, so a screen reader reads it from there and the keyboard continues from it.
   */
  reveal(node: unknown): void;
}
