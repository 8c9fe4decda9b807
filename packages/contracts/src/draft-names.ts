/**
 * A draft's working name when its maker gives none: the uploaded file's name, tidied for people
 * ("sitting_bunny.stl" → "Sitting bunny"). The server names a new upload's draft with it, and the
 * app shows the same name for a draft made before drafts were named this way.
 */
import { DRAFT_TITLE_MAX_LENGTH } from './text-limits';

/** File-name endings that say how a model is stored, not what it is ("bunny.bin.stl"). */
const STORAGE_SUFFIXES = new Set(['bin', 'ascii', 'binary']);

export function titleFromFileName(fileName: string | null | undefined): string | null {
  if (!fileName) return null;
  // The last path part (some browsers send one), without its extension and storage suffixes.
  let base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot >= 0) base = base.slice(0, dot);
  for (;;) {
    const inner = base.lastIndexOf('.');
    if (inner <= 0 || !STORAGE_SUFFIXES.has(base.slice(inner + 1).toLowerCase())) break;
    base = base.slice(0, inner);
  }
  const words = base
    .replace(/[_.\-+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return null;
  // Only the first letter changes: "NASA rover" keeps its capitals, "sitting bunny" gets one.
  const title = words.charAt(0).toLocaleUpperCase() + words.slice(1);
  return title.slice(0, DRAFT_TITLE_MAX_LENGTH).trim();
}
