import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { compileChecks } from './job-checks';

const checks = compileChecks({
  payload: Type.Object({ keys: Type.Array(Type.String()) }),
  result: Type.Object({ deleted: Type.Integer() }),
});

describe('job checks', () => {
  it('passes a payload of the schema (more fields allowed) and names a mismatch by path, not by value', () => {
    expect(checks.payload({ keys: ['a/b'], extra: 1 })).toEqual({
      ok: true,
      value: { keys: ['a/b'], extra: 1 },
    });
    const bad = checks.payload({ keys: ['a/b', 42, 'private-key-name'] });
    expect(bad.ok).toBe(false);
    const problems = bad.ok ? [] : bad.problems;
    expect(problems.join(' ')).toContain('/keys/1');
    expect(problems.join(' ')).not.toMatch(/42|private-key-name/);
    expect(checks.payload(null).ok).toBe(false);
  });

  it('takes only an object of the schema as a result: it becomes the job’s artefacts', () => {
    expect(checks.result({ deleted: 3 })).toEqual({ ok: true, value: { deleted: 3 } });
    expect(checks.result({ deleted: 1.5 }).ok).toBe(false);
    expect(checks.result({}).ok).toBe(false);
    // A schema of anything would let these through; the artefacts column holds an object.
    const loose = compileChecks({ payload: Type.Unknown(), result: Type.Unknown() });
    expect(loose.result([1, 2]).ok).toBe(false);
    expect(loose.result('done').ok).toBe(false);
    expect(loose.result({ any: 'thing' }).ok).toBe(true);
  });
});
