/** What both platforms' unsaved-form module provides: a form's words kept until it is sent. */
export interface UnsavedFormModule {
  /** Where a form being filled in is kept, by a key of the form's own (one per draft). */
  formMemory: {
    read(key: string): unknown;
    write(key: string, value: unknown): void;
    forget(key: string): void;
  };
  /** While `dirty`, leaving the page (closing, reloading, typing another address) asks first. */
  useLeaveWarning(dirty: boolean): void;
}
