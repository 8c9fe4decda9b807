/** The messages between the server and its image processes (structured-clone IPC). */

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/**
 * What a picture may declare before sharp decodes it: checked from the header by the server
 * (./header.ts) and again in the image process, by sharp's own reading of the header.
 */
export interface InputLimits {
  /** width × height at most (sharp's limitInputPixels). */
  maxPixels: number;
  /** Neither side longer. */
  maxInputSide: number;
}

export type ImageTask =
  /** A kit's isometric SVG preview rendered to a palette PNG no larger than maxSide. */
  | { op: 'svg-png'; svg: string; maxSide: number }
  /** An uploaded picture: EXIF orientation applied, fitted within maxSide, re-encoded (metadata dropped). */
  | ({ op: 'reencode'; bytes: Uint8Array; format: ImageFormat; maxSide: number } & InputLimits)
  /** A stored picture decoded to RGBA pixels, fitted within maxSide (for the mesher's mosaics). */
  | ({ op: 'decode-rgba'; bytes: Uint8Array; maxSide: number } & InputLimits);

export type ImageOp = ImageTask['op'];

export interface ImageOutput {
  data: Uint8Array;
  width: number;
  height: number;
}

export type ImageRequest = { id: number } & ImageTask;

export type ImageReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: ImageOutput }
  /** tooLarge: the picture declares more pixels, or a longer side, than the task allows. */
  | { type: 'failed'; id: number; message: string; tooLarge: boolean };
