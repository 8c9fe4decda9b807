/** What a page is given, and what both platforms' screen module provides. */
import type { ReactNode } from 'react';

export interface ScreenProps {
  title: string;
  children: ReactNode;
  testID?: string;
  /** Called when the reader nears the end of the page (infinite lists). */
  onEndReached?: () => void;
}

export interface ScreenModule {
  Screen: (props: ScreenProps) => ReactNode;
}
