/** What both platforms' attribution module provides: where a visit came from, and session marks. */

/** Campaign parameters, a share code or the referring site (else "direct"), by name. */
export type Touch = Record<string, string>;

export interface AttributionModule {
  /** The first visit's source (kept) and this visit's, with the referring origin. */
  touch(): { first: Touch; last: Touch; referrer: string | null };
  /** True when `name` was already marked in this session; marks it otherwise. */
  sessionFlag(name: string): boolean;
  /** A random id for this browser session (or app run), never linked to a person. */
  browserSessionId(): string;
}
