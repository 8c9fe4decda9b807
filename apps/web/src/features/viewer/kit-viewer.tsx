/**
 * The kit viewer on iOS and Android: until a native 3D view exists, the isometric picture the
 * server rendered is the view (the web build loads three.js instead, kit-viewer.web.tsx).
 */
import { Picture } from '../../design';
import type { KitViewerModule, KitViewerProps } from './kit-viewer.types';

const KitViewer = function KitViewer({ fallback }: KitViewerProps) {
  return <Picture uri={fallback.uri} alt={fallback.alt} width={960} height={840} />;
} satisfies KitViewerModule['default'];

export default KitViewer;
