/** What both platforms' base-url module provides: where the API lives. */
export interface BaseUrlModule {
  apiBaseUrl(): string;
}
