import { KitwrightError } from '@kitwright/sdk';
import { describe, expect, it } from 'vitest';
import { promptRefusalOf } from './prompt-refusal';

const refusal = (code: string, details: Record<string, unknown>) =>
  new KitwrightError({ code: code as 'USE_CASE_BLOCKED', status: 422, message: 'refused', details });

describe('the server’s refusal of a prompt', () => {
  it('reads the use and the words the server names', () => {
    expect(
      promptRefusalOf(
        refusal('USE_CASE_BLOCKED', { use_case: 'structural', source: 'prompt', matched: 'bench for two' }),
      ),
    ).toEqual({ use_case: 'structural', matched: 'bench for two' });
  });

  it('is not a prompt refusal when the use came from the publish form, another code, or an unknown use', () => {
    expect(promptRefusalOf(refusal('USE_CASE_BLOCKED', { use_case: 'structural' }))).toBeNull();
    expect(
      promptRefusalOf(refusal('VALIDATION_FAILED', { use_case: 'structural', source: 'prompt' })),
    ).toBeNull();
    expect(promptRefusalOf(refusal('USE_CASE_BLOCKED', { use_case: 'flying', source: 'prompt' }))).toBeNull();
    expect(promptRefusalOf(new Error('USE_CASE_BLOCKED'))).toBeNull();
  });
});
