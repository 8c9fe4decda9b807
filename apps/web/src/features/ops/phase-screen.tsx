/**
 * /admin/phase (founder): the current delivery phase and the release it runs, the feature flags
 * with on/off (a flag its phase does not allow yet says why), the gates of the next phase with
 * their recorded state, the form that records a gate with its evidence, and the decision that
 * opens the next phase, with the server's refusals in plain words.
 */

// The staff tools' strings load with their screens, not with the first page.
import '../../i18n/staff-messages';
import type { GateStateBody } from '@kitwright/contracts';
import {
  type FeatureFlag,
  GATES,
  type Gate,
  isFeatureFlag,
  isGate,
  NEXT_PHASE,
  PHASE_GATES,
  type Phase,
  RELEASE_TAG_PREFIX,
} from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, ChoiceGroup, Input, Loading, Notice, Select, space, Text } from '../../design';
import { type Translate, useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useDecidePhase, useFlags, usePhase, useRecordGate, useSetFlag } from '../../state/queries/ops-phase';
import { formatDate } from '../account/dates';
import { errorText } from '../account/error-text';
import { AdminFrame } from '../admin/admin-frame';
import { ProblemNotice } from '../discover/problem-notice';
import { Fact, Row } from './parts';

export function gateName(t: Translate, gate: string): string {
  return isGate(gate) ? t(`ops.gate.${gate}`) : gate;
}

function gateList(t: Translate, gates: unknown): string {
  return Array.isArray(gates) ? gates.map((g) => gateName(t, String(g))).join(', ') : '';
}

/** A refusal of a flag, a gate or a decision, in the founder's words. */
function refusalText(t: Translate, err: unknown, target?: Exclude<Phase, 'A'>): string {
  if (isKitwrightError(err)) {
    const details = (err.details ?? {}) as Record<string, unknown>;
    if (err.code === 'GATE_NOT_MET') {
      const missing = gateList(t, details.missing_gates);
      const notInRelease = Array.isArray(details.capabilities_not_in_release)
        ? details.capabilities_not_in_release.join(', ')
        : '';
      if (missing) return t('ops.phase.refused.gates', { gates: missing });
      if (notInRelease) return t('ops.phase.refused.release', { capabilities: notInRelease });
    }
    if (err.code === 'VALIDATION_FAILED') {
      const fields = (details.fields ?? {}) as Record<string, unknown>;
      if (fields.release_tag && target)
        return t('ops.phase.refused.tag', { form: `${RELEASE_TAG_PREFIX[target]}-YYYYMMDD.N` });
      return t('ops.phase.refused.fields');
    }
    if (err.code === 'PHASE_CLOSED') return t('ops.flags.refused.phase');
    if (err.code === 'INVALID_STATE' && err.message) return err.message;
  }
  return errorText(t, err);
}

export function PhaseScreen() {
  const { t, locale } = useI18n();
  const phase = usePhase();
  const shell = useAppShell();
  return (
    <AdminFrame needs="founder" title="admin.section.phase" section="/admin/phase" testID="ops-phase">
      {phase.isPending ? (
        <Loading label={t('ops.phase.loading')} />
      ) : phase.isError ? (
        <ProblemNotice error={phase.error} onRetry={() => void phase.refetch()} />
      ) : (
        <>
          <Card testID="phase-current">
            <Text variant="h2">{t('ops.phase.current')}</Text>
            <Row>
              <Fact label={t('ops.phase.phase')} value={phase.data.phase} testID="phase-value" />
              <Fact label={t('ops.phase.version')} value={shell.data?.config.app_version ?? '—'} />
              <Fact label={t('ops.phase.release')} value={shell.data?.config.release ?? '—'} />
            </Row>
            <Text variant="caption" tone="muted">
              {t(
                `ops.phase.about.${phase.data.phase === 'A' ? 'A' : phase.data.phase === 'A.5' ? 'A5' : 'B'}`,
              )}
            </Text>
          </Card>
          <Flags phase={phase.data.phase} />
          <Gates
            phase={phase.data.phase}
            gates={phase.data.gates}
            required={phase.data.required_gates}
            locale={locale}
          />
          <GateForm />
          {NEXT_PHASE[phase.data.phase] ? (
            <DecisionForm target={NEXT_PHASE[phase.data.phase] as Exclude<Phase, 'A'>} />
          ) : null}
        </>
      )}
    </AdminFrame>
  );
}

/** Why a flag cannot be switched on in this phase, or null when it can. */
function closedReason(t: Translate, flag: FeatureFlag, phase: Phase): string | null {
  if (flag === 'phaseA5Preorders' && phase === 'A') return t('ops.flags.closed.a5');
  return null;
}

function Flags({ phase }: { phase: Phase }) {
  const { t } = useI18n();
  const flags = useFlags();
  const setFlag = useSetFlag();
  const [problem, setProblem] = useState<{ flag: string; text: string } | null>(null);
  async function toggle(flag: string, enabled: boolean) {
    setProblem(null);
    try {
      await setFlag.mutateAsync({ flag, enabled });
    } catch (err) {
      setProblem({ flag, text: refusalText(t, err) });
    }
  }
  return (
    <View style={styles.section} testID="phase-flags">
      <Text variant="h2">{t('ops.flags.title')}</Text>
      {flags.isPending ? (
        <Loading label={t('ops.phase.loading')} />
      ) : flags.isError ? (
        <ProblemNotice error={flags.error} onRetry={() => void flags.refetch()} />
      ) : (
        <View role="list" style={styles.list}>
          {flags.data.flags.map((f) => {
            const known = isFeatureFlag(f.flag);
            const closed = known && !f.enabled ? closedReason(t, f.flag as FeatureFlag, phase) : null;
            return (
              <View role="listitem" key={f.flag} testID={`flag-${f.flag}`}>
                <Card>
                  <View style={styles.head}>
                    <Text variant="h3">{known ? t(`ops.flag.${f.flag as FeatureFlag}`) : f.flag}</Text>
                    <Badge
                      label={f.enabled ? t('ops.flags.on') : t('ops.flags.off')}
                      tone={f.enabled ? 'success' : 'neutral'}
                      testID="flag-state"
                    />
                  </View>
                  <Text variant="caption" tone="muted">
                    {known ? t(`ops.flagAbout.${f.flag as FeatureFlag}`) : f.description}
                  </Text>
                  {closed ? (
                    <Notice tone="info" testID="flag-closed">
                      {closed}
                    </Notice>
                  ) : (
                    <Button
                      label={
                        f.enabled
                          ? t('ops.flags.turnOff', {
                              flag: known ? t(`ops.flag.${f.flag as FeatureFlag}`) : f.flag,
                            })
                          : t('ops.flags.turnOn', {
                              flag: known ? t(`ops.flag.${f.flag as FeatureFlag}`) : f.flag,
                            })
                      }
                      size="sm"
                      kind={f.enabled ? 'secondary' : 'primary'}
                      onPress={() => void toggle(f.flag, !f.enabled)}
                      busy={setFlag.isPending && setFlag.variables?.flag === f.flag}
                      testID="flag-toggle"
                    />
                  )}
                  {problem?.flag === f.flag ? <Notice tone="error">{problem.text}</Notice> : null}
                </Card>
              </View>
            );
          })}
        </View>
      )}
    </View>
  );
}

function Gates({
  phase,
  gates,
  required,
  locale,
}: {
  phase: Phase;
  gates: GateStateBody[];
  required: Record<string, string[]>;
  locale: string;
}) {
  const { t } = useI18n();
  const next = NEXT_PHASE[phase];
  const names = next ? (required[next] ?? [...PHASE_GATES[next as Exclude<Phase, 'A'>]]) : [];
  const byGate = new Map(gates.map((g) => [g.gate, g]));
  return (
    <View style={styles.section} testID="phase-gates">
      <Text variant="h2">{next ? t('ops.gates.title', { phase: next }) : t('ops.gates.none')}</Text>
      <View role="list" style={styles.list}>
        {names.map((name) => {
          const g = byGate.get(name);
          return (
            <View role="listitem" key={name} testID={`gate-${name}`}>
              <Card>
                <View style={styles.head}>
                  <Text variant="h3">{gateName(t, name)}</Text>
                  <Badge
                    label={
                      g ? (g.passed ? t('ops.gates.passed') : t('ops.gates.failed')) : t('ops.gates.missing')
                    }
                    tone={g ? (g.passed ? 'success' : 'danger') : 'warning'}
                    testID="gate-state"
                  />
                </View>
                {g ? (
                  <>
                    <Text variant="caption" tone="muted">
                      {t('ops.gates.recorded', {
                        version: g.version,
                        by: g.recorded_by,
                        date: formatDate(g.recorded_at, locale, { dateStyle: 'medium', timeStyle: 'short' }),
                      })}
                    </Text>
                    <Text>{g.evidence}</Text>
                  </>
                ) : null}
              </Card>
            </View>
          );
        })}
      </View>
    </View>
  );
}

function GateForm() {
  const { t } = useI18n();
  const record = useRecordGate();
  const [gate, setGate] = useState<string>('');
  const [passed, setPassed] = useState<'yes' | 'no'>('yes');
  const [version, setVersion] = useState('');
  const [evidence, setEvidence] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  async function submit() {
    setDone(null);
    const problems: Record<string, string> = {};
    if (!gate) problems.gate = t('ops.gateForm.chooseGate');
    if (!version.trim()) problems.version = t('field.required');
    if (!evidence.trim()) problems.evidence = t('field.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const saved = await record.mutateAsync({
        gate: gate as Gate,
        passed: passed === 'yes',
        version: version.trim(),
        evidence: evidence.trim(),
      });
      setDone(
        t(saved.passed ? 'ops.gateForm.donePassed' : 'ops.gateForm.doneFailed', {
          gate: gateName(t, saved.gate),
        }),
      );
      setEvidence('');
    } catch (err) {
      setErrors({ form: refusalText(t, err) });
    }
  }
  return (
    <Card testID="gate-form">
      <Text variant="h2">{t('ops.gateForm.title')}</Text>
      <Text variant="caption" tone="muted">
        {t('ops.gateForm.help')}
      </Text>
      <Select
        label={t('ops.gateForm.gate')}
        value={gate}
        options={GATES.map((g) => ({ value: g, label: gateName(t, g) }))}
        onChange={setGate}
        placeholder={t('ops.gateForm.chooseGate')}
        closeLabel={t('common.close')}
        error={errors.gate}
        testID="gate-form-gate"
      />
      <ChoiceGroup
        label={t('ops.gateForm.passed')}
        look="pills"
        value={passed}
        onChange={setPassed}
        choices={[
          { value: 'yes', label: t('ops.gateForm.passedYes') },
          { value: 'no', label: t('ops.gateForm.passedNo') },
        ]}
      />
      <Input
        label={t('ops.gateForm.version')}
        help={t('ops.gateForm.versionHelp')}
        value={version}
        onChangeText={setVersion}
        maxLength={64}
        error={errors.version}
      />
      <Input
        label={t('ops.gateForm.evidence')}
        help={t('ops.gateForm.evidenceHelp')}
        value={evidence}
        onChangeText={setEvidence}
        multiline
        maxLength={4000}
        error={errors.evidence}
      />
      <Button
        label={t('ops.gateForm.submit')}
        onPress={() => void submit()}
        busy={record.isPending}
        testID="gate-form-submit"
      />
      <View aria-live="polite">
        {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
        {done ? (
          <Notice tone="success" testID="gate-form-done">
            {done}
          </Notice>
        ) : null}
      </View>
    </Card>
  );
}

function DecisionForm({ target }: { target: Exclude<Phase, 'A'> }) {
  const { t } = useI18n();
  const decide = useDecidePhase();
  const [reason, setReason] = useState('');
  const [tag, setTag] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = `${RELEASE_TAG_PREFIX[target]}-YYYYMMDD.N`;
  async function submit() {
    const problems: Record<string, string> = {};
    if (reason.trim().length < 3) problems.reason = t('ops.decision.reasonShort');
    if (!tag.trim()) problems.tag = t('field.required');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      await decide.mutateAsync({ target, reason: reason.trim(), release_tag: tag.trim() });
    } catch (err) {
      const text = refusalText(t, err, target);
      setErrors(isKitwrightError(err) && err.code === 'VALIDATION_FAILED' ? { tag: text } : { form: text });
    }
  }
  return (
    <Card testID="phase-decision">
      <Text variant="h2">{t('ops.decision.title', { phase: target })}</Text>
      <Text>{t('ops.decision.explain', { phase: target })}</Text>
      <Input
        label={t('ops.decision.reason')}
        value={reason}
        onChangeText={setReason}
        multiline
        maxLength={2000}
        error={errors.reason}
      />
      <Input
        label={t('ops.decision.tag')}
        help={t('ops.decision.tagHelp', { form, example: `${RELEASE_TAG_PREFIX[target]}-20261127.1` })}
        value={tag}
        onChangeText={setTag}
        autoCapitalize="none"
        autoCorrect={false}
        maxLength={64}
        error={errors.tag}
      />
      <Button
        label={t('ops.decision.submit', { phase: target })}
        kind="danger"
        onPress={() => void submit()}
        busy={decide.isPending}
        testID="phase-decision-submit"
      />
      <View aria-live="polite">
        {errors.form ? (
          <Notice tone="error" testID="phase-decision-refused">
            {errors.form}
          </Notice>
        ) : null}
        {decide.data ? (
          <Notice tone="success" testID="phase-decision-done">
            {t('ops.decision.done', { phase: decide.data.phase })}
          </Notice>
        ) : null}
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.md, marginTop: space.md },
  list: { gap: space.md },
  head: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
});
