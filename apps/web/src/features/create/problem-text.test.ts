import { MESH_ERROR_CODES, MESH_FINDING_CODES, PARSE_WARNING_CODES } from '@kitwright/mesher';
import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../../i18n';
import { isKnownProblem, problemText } from './problem-text';

const t: Translate = (key, ...params) => translate('en', key, ...params);

describe('problem sentences', () => {
  it('has a sentence of its own for every code the mesher reports', () => {
    expect(MESH_ERROR_CODES.filter((code) => !isKnownProblem(code))).toEqual([]);
  });

  it('has a sentence of its own for every note left by reading a file', () => {
    expect(PARSE_WARNING_CODES.filter((code) => !isKnownProblem(code))).toEqual([]);
  });

  it('has a sentence of its own for every finding of the mesh check (OPEN_SHEET since issue 48)', () => {
    expect(MESH_FINDING_CODES.filter((code) => !isKnownProblem(code))).toEqual([]);
  });

  it('falls back to a general sentence for a code it does not know', () => {
    expect(isKnownProblem('SOMETHING_NEW')).toBe(false);
    expect(problemText(t, 'SOMETHING_NEW')).toBe(translate('en', 'problem.unknown'));
    expect(problemText(t, null)).toBe(translate('en', 'problem.unknown'));
    expect(problemText(t, 'NOT_ENCLOSED')).not.toBe(translate('en', 'problem.unknown'));
  });
});
