/** What the kit viewer is given, on every platform. */
import type { BlockKit } from './kit';

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
