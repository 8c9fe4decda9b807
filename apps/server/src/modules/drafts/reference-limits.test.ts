/** The API's bounds for a picture's options are the mesher's own (contracts cannot import the mesher). */
import { REFERENCE_DEPTH, REFERENCE_KINDS, REFERENCE_WIDTH } from '@kitwright/contracts';
import { REFERENCE_KINDS as MESHER_KINDS, REFERENCE_LIMITS } from '@kitwright/mesher';
import { describe, expect, it } from 'vitest';
import { normaliseReference } from './service';

describe('reference options', () => {
  it('has the same kinds and bounds in the contracts and the mesher', () => {
    expect([...REFERENCE_KINDS]).toEqual([...MESHER_KINDS]);
    expect(REFERENCE_WIDTH).toEqual({
      minimum: REFERENCE_LIMITS.minWidth,
      maximum: REFERENCE_LIMITS.maxWidth,
    });
    expect(REFERENCE_DEPTH).toEqual({
      minimum: REFERENCE_LIMITS.minDepth,
      maximum: REFERENCE_LIMITS.maxDepth,
    });
  });

  it('fills in the defaults, and refuses a depth for a mosaic', () => {
    expect(normaliseReference({ kind: 'mosaic', width: 20 })).toEqual({
      kind: 'mosaic',
      width: 20,
      dithering: false,
      aspect: 'keep',
    });
    expect(normaliseReference({ kind: 'relief', width: 20 })).toEqual({
      kind: 'relief',
      width: 20,
      depth: 4,
      dithering: false,
      aspect: 'keep',
    });
    expect(() => normaliseReference({ kind: 'mosaic', width: 20, depth: 5 })).toThrow(/no depth/);
  });
});
