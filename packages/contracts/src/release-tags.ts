/**
 * Release tags that a phase decision names (spec Versioning: phase-a-interest-beta-YYYYMMDD.N, then
 * phase-a5-preorder-YYYYMMDD.N). The spec gives no form for Phase B; it follows the same pattern as
 * phase-b-fulfilment-YYYYMMDD.N (docs/decisions.md). YYYYMMDD is the release's calendar date and N its
 * build that day, counting from 1.
 */
import type { Phase } from './phases';

export const RELEASE_TAG_PREFIX = {
  'A.5': 'phase-a5-preorder',
  B: 'phase-b-fulfilment',
} as const satisfies Record<Exclude<Phase, 'A'>, string>;

/** The shape any decision's tag has (the request schema's pattern); the date and phase are checked apart. */
export const RELEASE_TAG_PATTERN = '^phase-(a5-preorder|b-fulfilment)-[0-9]{8}\\.[1-9][0-9]{0,3}$';

/** Why a tag cannot name a release opening `target`, or null when it can. */
export function releaseTagProblem(target: Exclude<Phase, 'A'>, tag: string): string | null {
  const prefix = RELEASE_TAG_PREFIX[target];
  const m = /^([a-z0-9-]+)-(\d{4})(\d{2})(\d{2})\.([1-9]\d{0,3})$/.exec(tag);
  if (!m || m[1] !== prefix) return `A release tag for phase ${target} has the form ${prefix}-YYYYMMDD.N`;
  const [year, month, day] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return `${m[2]}-${m[3]}-${m[4]} in the release tag is not a calendar date`;
  return null;
}
