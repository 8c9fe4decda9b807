/** What the kit preview is given (a listing's, a draft's), and what both platforms' module provides. */
import type { ReactNode } from 'react';

export interface KitPreviewProps {
  /** The isometric picture: a media address the API gave. */
  pictureUrl: string;
  alt: string;
  /** Only its owner may see the picture yet (a draft's): it is read with their token. */
  ownerOnly?: boolean;
  /** The kit file and its number of build steps: the web adds the 3D view and a step control. */
  kit?: { url: string; steps: number };
}

export interface KitPreviewModule {
  KitPreview: (props: KitPreviewProps) => ReactNode;
}
