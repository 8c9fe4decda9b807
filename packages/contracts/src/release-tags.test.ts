import { describe, expect, it } from 'vitest';
import { RELEASE_TAG_PATTERN, releaseTagProblem } from './release-tags';

describe('release tags of phase decisions', () => {
  it('accepts the spec form for A.5 and the decided form for B', () => {
    expect(releaseTagProblem('A.5', 'phase-a5-preorder-20261127.1')).toBeNull();
    expect(releaseTagProblem('A.5', 'phase-a5-preorder-20280229.12')).toBeNull();
    expect(releaseTagProblem('B', 'phase-b-fulfilment-20270301.3')).toBeNull();
  });

  it("refuses another phase's tag, a malformed one and a date that is not on the calendar", () => {
    expect(releaseTagProblem('A.5', 'phase-b-fulfilment-20261127.1')).toContain(
      'phase-a5-preorder-YYYYMMDD.N',
    );
    expect(releaseTagProblem('B', 'phase-a5-preorder-20261127.1')).toContain('phase-b-fulfilment-YYYYMMDD.N');
    expect(releaseTagProblem('A.5', 'phase-a-interest-beta-20261127.1')).not.toBeNull();
    for (const tag of [
      'phase-a5-preorder-2026112.1',
      'phase-a5-preorder-20261127',
      'phase-a5-preorder-20261127.0',
      'phase-a5-preorder-20261127.1 ',
      'PHASE-A5-PREORDER-20261127.1',
    ])
      expect(releaseTagProblem('A.5', tag), tag).not.toBeNull();
    expect(releaseTagProblem('A.5', 'phase-a5-preorder-20261331.1')).toContain('not a calendar date');
    expect(releaseTagProblem('A.5', 'phase-a5-preorder-20270229.1')).toContain('not a calendar date');
    expect(releaseTagProblem('A.5', 'phase-a5-preorder-20261100.1')).toContain('not a calendar date');
  });

  it("the request schema's pattern admits exactly the two forms", () => {
    const pattern = new RegExp(RELEASE_TAG_PATTERN);
    expect(pattern.test('phase-a5-preorder-20261127.1')).toBe(true);
    expect(pattern.test('phase-b-fulfilment-20261127.1')).toBe(true);
    expect(pattern.test('phase-a-interest-beta-20261127.1')).toBe(false);
    expect(pattern.test('phase-a5-preorder-20261127.1\n')).toBe(false);
  });
});
