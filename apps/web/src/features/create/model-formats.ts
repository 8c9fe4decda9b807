/**
 * The model formats the mesher reads, named before the server's app shell (which says what this
 * server accepts) has answered. The app does not bundle the mesher: the compiler holds this list
 * to the mesher's own.
 */
import type { MODEL_FORMATS as MESHER_MODEL_FORMATS } from '@kitwright/mesher';

const FORMATS = ['stl', 'obj', 'ply', 'glb', '3mf'] as const satisfies typeof MESHER_MODEL_FORMATS;

export const MODEL_FORMATS: readonly string[] = FORMATS;
