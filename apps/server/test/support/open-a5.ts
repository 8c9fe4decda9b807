/**
 * Opens Phase A.5 for a test app the way the founder does: every A.5 gate recorded as passed with
 * a version, the explicit decision, and the `phaseA5Preorders` flag. The one place tests open A.5
 * (the decision names the release, as the founder's does).
 */
import { PHASE_GATES } from '@kitwright/contracts';
import { OPERATOR } from '../../src/platform/audit';
import type { TestApp } from './test-app';

export const A5_GATE_VERSION = 'a5-test-1';

export async function openA5(t: Pick<TestApp, 'controls'>, options: { flag?: boolean } = {}) {
  for (const gate of PHASE_GATES['A.5']) {
    await t.controls.recordGate(
      { gate, passed: true, version: A5_GATE_VERSION, evidence: `${gate} signed off for tests` },
      OPERATOR,
    );
  }
  await t.controls.decidePhase('A.5', 'A.5 gates passed (test)', OPERATOR, 'phase-a5-preorder-20261127.1');
  if (options.flag ?? true) await t.controls.setFlag('phaseA5Preorders', true, OPERATOR);
}
