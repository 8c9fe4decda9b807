/** The gallery's opaque keyset cursor: the sort, the last card's sort value and its id. */
import type { GallerySort } from '@kitwright/contracts';
import { AppError } from '../../platform/errors';
import { isUuid } from '../../platform/ids';
import * as search from './search-repo';

export interface CursorValue {
  s: GallerySort;
  v: number | string;
  id: string;
}

export function encodeCursor(c: CursorValue): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/**
 * Whether a cursor's value is one its sort could have written: "tier:views" for relevance, a
 * finite number for the counts, an ISO date for the newest. A forged value is refused here, not
 * handed to SQL (where a date that is not a date answered 500).
 */
function cursorValueFits(sort: GallerySort, v: unknown): boolean {
  if (sort === 'relevance') return typeof v === 'string' && /^[0-9]{1,2}:[0-9]{1,15}$/.test(v);
  if (search.SORT_COLUMNS[sort].numeric) return typeof v === 'number' && Number.isSafeInteger(v);
  return typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
}

export function decodeCursor(raw: string, sort: GallerySort): CursorValue {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as CursorValue;
    if (c.s !== sort || !isUuid(c.id) || !cursorValueFits(sort, c.v)) throw new Error('bad cursor');
    return c;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor does not belong to this search.', {
      fields: { cursor: 'is invalid' },
    });
  }
}
