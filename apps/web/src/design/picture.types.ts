/** What a picture is given, and what both platforms' picture module provides. */
import type { ReactNode } from 'react';
import type { ViewStyle } from 'react-native';

export interface PictureProps {
  uri: string;
  /** What the picture shows, for people who cannot see it; '' when it is decorative. */
  alt: string;
  /** The intrinsic size (or its proportions): the frame keeps this aspect ratio while loading. */
  width: number;
  height: number;
  /** Load only when it nears the screen (pictures below the fold). */
  lazy?: boolean;
  fit?: 'contain' | 'cover';
  style?: ViewStyle;
  testID?: string;
  onError?: () => void;
}

export interface PictureModule {
  Picture: (props: PictureProps) => ReactNode;
}
