/** What the kit viewer is given, and what both platforms' kit-viewer module provides. */
import type { BlockKit } from '@kitwright/mesher';
import type { ReactNode } from 'react';

export interface KitViewerProps {
  kit: BlockKit;
  /** Describes the 3D view for screen readers. */
  label: string;
  /** Label of the button that puts the camera back. */
  resetLabel: string;
  /** Show blocks up to this build step (1-based); null shows the whole kit. */
  uptoStep: number | null;
  /** The isometric picture, for platforms without 3D. */
  fallback: { uri: string; alt: string };
  /** The 3D view could not start (no WebGL, a lost context): show the picture instead. */
  onError: () => void;
  /** The first frame is drawn. */
  onReady?: () => void;
}

/** The viewer is the module's default export, so that it can be loaded on demand (React.lazy). */
export interface KitViewerModule {
  default: (props: KitViewerProps) => ReactNode;
}
