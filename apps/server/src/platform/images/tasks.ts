/** The messages between the server and its image process (structured-clone IPC). */

export type ImageFormat = 'png' | 'jpeg' | 'webp';

export type ImageTask =
  /** A kit's isometric SVG preview rendered to a palette PNG no larger than maxSide. */
  | { op: 'svg-png'; svg: string; maxSide: number }
  /** An uploaded picture: EXIF orientation applied, fitted within maxSide, re-encoded (metadata dropped). */
  | { op: 'reencode'; bytes: Uint8Array; format: ImageFormat; maxSide: number; maxPixels: number }
  /** A stored picture decoded to RGBA pixels, fitted within maxSide (for the mesher's mosaics). */
  | { op: 'decode-rgba'; bytes: Uint8Array; maxSide: number; maxPixels: number };

export interface ImageOutput {
  data: Uint8Array;
  width: number;
  height: number;
}

export type ImageRequest = { id: number } & ImageTask;

export type ImageReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: ImageOutput }
  | { type: 'failed'; id: number; message: string };
