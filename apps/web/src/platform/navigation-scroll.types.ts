/** What both platforms' navigation-scroll module provides. */
export interface NavigationScrollModule {
  /**
   * In the root layout: a page reached by going forward (a link, a button that navigates) opens at
   * its top; going back or forward in the history keeps the place the reader left it at.
   */
  NavigationScroll(): null;
}
