/**
 * npm run admin -- <command>: the operator's controls over flags, gate evidence and the delivery
 * phase, audited with actor "operator". The same module backs the founder endpoints.
 */
import { parseArgs } from 'node:util';
import {
  FEATURE_FLAG_DESCRIPTIONS,
  FEATURE_FLAGS,
  type FeatureFlag,
  GATES,
  type Gate,
  isFeatureFlag,
  isGate,
  isPhase,
  PHASE_GATES,
  type Phase,
  releaseTagProblem,
} from '@kitwright/contracts';
import type { Logger } from 'pino';
import type { Database } from '../db/connection';
import { createAlertService, logAlertNotifier } from '../platform/alerts';
import { OPERATOR } from '../platform/audit';
import { systemClock } from '../platform/clock';
import { runCorrelated } from '../platform/correlation';
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

/** What the operator asked for, read and checked before anything opens the database. */
type AdminCommand =
  | { kind: 'flags' }
  | { kind: 'flag-set'; flag: FeatureFlag; on: boolean }
  | { kind: 'gates' }
  | { kind: 'gate-record'; gate: Gate; passed: boolean; version: string; evidence: string }
  | { kind: 'phase' }
  | { kind: 'phase-decide'; target: Exclude<Phase, 'A'>; reason: string; tag: string }
  | { kind: 'alerts' };

/** A command, or what to print and the exit code when there is none to run (64: a usage error). */
function parseAdminArgs(args: string[]): AdminCommand | { print: string; code: 0 | 64 } {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(args);
  } catch (err) {
    return { print: `${err instanceof Error ? err.message : String(err)}\n${USAGE}`, code: 64 };
  }
  const { positionals, values } = parsed;
  const [area, action, ...rest] = positionals;
  if (area === 'flags' && !action) return { kind: 'flags' };
  if (area === 'flags' && action === 'set') {
    const [flag, state] = rest;
    if (!flag || !isFeatureFlag(flag) || (state !== 'on' && state !== 'off'))
      return { print: `flags set needs one of ${FEATURE_FLAGS.join(', ')} and on|off`, code: 64 };
    return { kind: 'flag-set', flag, on: state === 'on' };
  }
  if (area === 'gates' && !action) return { kind: 'gates' };
  if (area === 'gates' && action === 'record') {
    const [gate] = rest;
    if (!gate || !isGate(gate) || values.passed === values.failed || !values.version || !values.evidence)
      return {
        print: `gates record needs a gate (${GATES.join(', ')}), --passed or --failed, --version and --evidence`,
        code: 64,
      };
    return {
      kind: 'gate-record',
      gate,
      passed: Boolean(values.passed),
      version: values.version,
      evidence: values.evidence,
    };
  }
  if (area === 'phase' && !action) return { kind: 'phase' };
  if (area === 'phase' && action === 'decide') {
    const [target] = rest;
    const tag = values['release-tag'];
    if (!target || !isPhase(target) || target === 'A' || !values.reason || !tag)
      return { print: 'phase decide needs a target phase (A.5 or B), --reason and --release-tag', code: 64 };
    const tagProblem = releaseTagProblem(target, tag);
    if (tagProblem) return { print: `--release-tag: ${tagProblem}`, code: 64 };
    return { kind: 'phase-decide', target, reason: values.reason, tag };
  }
  if (area === 'alerts' && !action) return { kind: 'alerts' };
  return { print: USAGE, code: area ? 64 : 0 };
}

function parseOptions(args: string[]) {
  return parseArgs({
    args,
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
}

async function execute(command: AdminCommand, { database, logger }: { database: Database; logger: Logger }) {
  const db = database.db;
  const alerts = createAlertService(db, logAlertNotifier(logger), logger);
  const controls = createDeliveryControls({ db, clock: systemClock, alerts });
  try {
    switch (command.kind) {
      case 'flags': {
        const { flags } = await controls.snapshot();
        for (const flag of FEATURE_FLAGS)
          out(`${flags[flag] ? 'on ' : 'off'}  ${flag.padEnd(22)} ${FEATURE_FLAG_DESCRIPTIONS[flag]}`);
        return 0;
      }
      case 'flag-set': {
        const flags = await controls.setFlag(command.flag, command.on, OPERATOR);
        out(`${command.flag} is now ${flags[command.flag] ? 'on' : 'off'} (audited)`);
        return 0;
      }
      case 'gates': {
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
      case 'gate-record': {
        const { gate, passed, version, evidence } = command;
        const g = await controls.recordGate({ gate, passed, version, evidence }, OPERATOR);
        out(`Recorded ${g.gate} as ${g.passed ? 'passed' : 'failed'} (v${g.version}, audited)`);
        return 0;
      }
      case 'phase': {
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
      case 'phase-decide': {
        const { target, reason, tag } = command;
        const phase = await controls.decidePhase(target, reason, OPERATOR, tag);
        out(`Delivery phase is now ${phase}, opened by release ${tag} (audited)`);
        return 0;
      }
      case 'alerts': {
        const rows = await alerts.open();
        if (rows.length === 0) out('No open alerts.');
        for (const a of rows)
          out(
            `${a.severity} ${a.title} ×${a.occurrences} (owner ${a.owner}) last ${a.last_seen_at.toISOString()}: ${a.runbook_action}`,
          );
        return 0;
      }
    }
  } catch (err) {
    if (isAppError(err)) {
      out(`Refused (${err.code}): ${err.message}${err.details ? ` ${JSON.stringify(err.details)}` : ''}`);
      return 1;
    }
    throw err;
  }
}

// The checks above run before the database opens: a mistyped command answers at once.
const command = parseAdminArgs(process.argv.slice(2));
if ('print' in command) {
  out(command.print);
  process.exitCode = command.code;
} else {
  // One correlation id for the command: its audit entries and log lines carry it.
  await runCommand('admin', (ctx) =>
    runCorrelated({ correlationId: `cli-${newId()}`, source: 'server' }, () => execute(command, ctx)),
  );
}
