/**
 * npm run admin -- <command>: the operator's controls over flags, gate evidence and the delivery
 * phase, audited with actor "operator". The same module backs the founder endpoints.
 */
import { parseArgs } from 'node:util';
import {
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAGS,
  GATES,
  isFeatureFlag,
  isGate,
  isPhase,
  PHASE_GATES,
  releaseTagProblem,
} from '@kitwright/contracts';
import { createAlertService, logAlertNotifier } from '../platform/alerts';
import { OPERATOR } from '../platform/audit';
import { systemClock } from '../platform/clock';
import { createDeliveryControls } from '../platform/delivery-controls';
import { isAppError } from '../platform/errors';
import { newId } from '../platform/ids';
import { runCommand } from './command';

const USAGE = `Usage: npm run admin -- <command>
  flags                                   list feature flags
  flags set <flag> <on|off>               switch a flag
  gates                                   list the latest evidence for every gate
  gates record <gate> --passed|--failed --version <v> --evidence "<text>"
  phase                                   show the delivery phase and what the next one needs
  phase decide <A.5|B> --reason "<text>" --release-tag <tag>
                                          open the next phase (all its gates must have passed); the tag
                                          names the release: phase-a5-preorder-YYYYMMDD.N (A.5),
                                          phase-b-fulfilment-YYYYMMDD.N (B)
  alerts                                  list open alerts`;

const out = (line = '') => process.stdout.write(`${line}\n`);

await runCommand('admin', async ({ database, logger }) => {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      passed: { type: 'boolean' },
      failed: { type: 'boolean' },
      version: { type: 'string' },
      evidence: { type: 'string' },
      reason: { type: 'string' },
      'release-tag': { type: 'string' },
    },
  });
  const db = database.db;
  const alerts = createAlertService(db, logAlertNotifier(logger), logger);
  const controls = createDeliveryControls({ db, clock: systemClock, alerts });
  const correlationId = `cli-${newId()}`;
  const [area, action, ...rest] = positionals;
  try {
    if (area === 'flags' && !action) {
      const { flags } = await controls.snapshot();
      for (const flag of FEATURE_FLAGS)
        out(`${flags[flag] ? 'on ' : 'off'}  ${flag.padEnd(22)} ${FEATURE_FLAG_DESCRIPTIONS[flag]}`);
      return 0;
    }
    if (area === 'flags' && action === 'set') {
      const [flag, state] = rest;
      if (!flag || !isFeatureFlag(flag) || (state !== 'on' && state !== 'off')) {
        out(`flags set needs one of ${FEATURE_FLAGS.join(', ')} and on|off`);
        return 64;
      }
      const flags = await controls.setFlag(flag, state === 'on', OPERATOR, correlationId);
      out(`${flag} is now ${flags[flag] ? 'on' : 'off'} (audited)`);
      return 0;
    }
    if (area === 'gates' && !action) {
      const gates = new Map((await controls.gates()).map((g) => [g.gate, g]));
      for (const gate of GATES) {
        const g = gates.get(gate);
        out(
          g
            ? `${g.passed ? 'PASSED' : 'FAILED'}  ${gate.padEnd(22)} v${g.version} by ${g.recorded_by} at ${g.recorded_at}: ${g.evidence}`
            : `-       ${gate.padEnd(22)} no evidence recorded`,
        );
      }
      return 0;
    }
    if (area === 'gates' && action === 'record') {
      const [gate] = rest;
      if (!gate || !isGate(gate) || values.passed === values.failed || !values.version || !values.evidence) {
        out(
          `gates record needs a gate (${GATES.join(', ')}), --passed or --failed, --version and --evidence`,
        );
        return 64;
      }
      const g = await controls.recordGate(
        { gate, passed: Boolean(values.passed), version: values.version, evidence: values.evidence },
        OPERATOR,
        correlationId,
      );
      out(`Recorded ${g.gate} as ${g.passed ? 'passed' : 'failed'} (v${g.version}, audited)`);
      return 0;
    }
    if (area === 'phase' && !action) {
      const phase = await controls.phase();
      out(`Delivery phase: ${phase}`);
      const gates = new Map((await controls.gates()).map((g) => [g.gate, g]));
      for (const [target, required] of Object.entries(PHASE_GATES)) {
        out(
          `  ${target} needs: ${required.map((g) => `${g}${gates.get(g)?.passed ? ' ✓' : ' ✗'}`).join(', ')}`,
        );
      }
      return 0;
    }
    if (area === 'phase' && action === 'decide') {
      const [target] = rest;
      const tag = values['release-tag'];
      if (!target || !isPhase(target) || target === 'A' || !values.reason || !tag) {
        out('phase decide needs a target phase (A.5 or B), --reason and --release-tag');
        return 64;
      }
      const tagProblem = releaseTagProblem(target, tag);
      if (tagProblem) {
        out(`--release-tag: ${tagProblem}`);
        return 64;
      }
      const phase = await controls.decidePhase(target, values.reason, OPERATOR, correlationId, tag);
      out(`Delivery phase is now ${phase}, opened by release ${tag} (audited)`);
      return 0;
    }
    if (area === 'alerts') {
      const rows = await alerts.open();
      if (rows.length === 0) out('No open alerts.');
      for (const a of rows)
        out(
          `${a.severity} ${a.title} ×${a.occurrences} (owner ${a.owner}) last ${a.last_seen_at.toISOString()}: ${a.runbook_action}`,
        );
      return 0;
    }
    out(USAGE);
    return area ? 64 : 0;
  } catch (err) {
    if (isAppError(err)) {
      out(`Refused (${err.code}): ${err.message}${err.details ? ` ${JSON.stringify(err.details)}` : ''}`);
      return 1;
    }
    throw err;
  }
});
