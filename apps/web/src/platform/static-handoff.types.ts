/** What both platforms' static-handoff module provides. */
export interface StaticHandoffModule {
  /**
   * A screen the server also renders as static HTML (home, gallery, listing, not found) calls this:
   * once `ready` (its data is in), the static copy gives way to the app in the same frame.
   */
  useStaticHandoff(ready: boolean): void;
  /** In the root layout: drops the static copy if the reader moves to another page, or after a while. */
  StaticHandoffGuard(): null;
}
