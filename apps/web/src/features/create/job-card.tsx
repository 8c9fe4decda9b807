/**
 * One job, live: its status, each step as it runs, overall progress, the problem in plain words
 * when it fails, and retry or cancel when the server says they are allowed.
 */
import type { Job } from '@kitwright/contracts';
import { ActivityIndicator, StyleSheet, View } from 'react-native';
import { Badge, Button, Card, colors, Notice, ProgressBar, radius, space, Text } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { isKnownProblem, problemText } from './problem-text';

const STEP_KEYS: Record<string, MessageKey> = {
  fetch_source: 'job.step.fetch_source',
  inspect: 'job.step.inspect',
  voxelise: 'job.step.voxelise',
  layout: 'job.step.layout',
  validate: 'job.step.validate',
  preview: 'job.step.preview',
  store: 'job.step.store',
  generate: 'job.step.generate',
  translate: 'job.step.translate',
};

const STATUS: Record<
  Job['status'],
  { key: MessageKey; tone: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' }
> = {
  queued: { key: 'job.status.queued', tone: 'neutral' },
  running: { key: 'job.status.running', tone: 'brand' },
  succeeded: { key: 'job.status.succeeded', tone: 'success' },
  degraded: { key: 'job.status.degraded', tone: 'warning' },
  failed: { key: 'job.status.failed', tone: 'danger' },
  cancelled: { key: 'job.status.cancelled', tone: 'warning' },
  dead: { key: 'job.status.dead', tone: 'danger' },
};

export function stepName(t: (k: MessageKey) => string, name: string): string {
  const key = STEP_KEYS[name];
  return key ? t(key) : name;
}

export function JobCard({
  job,
  title,
  onRetry,
  onCancel,
  acting,
  compact,
  testID,
}: {
  job: Job;
  title: string;
  onRetry?: () => void;
  onCancel?: () => void;
  acting?: 'retry' | 'cancel' | null;
  /** A finished, successful job shows as one line. */
  compact?: boolean;
  testID?: string;
}) {
  const { t } = useI18n();
  const status = STATUS[job.status];
  const running = job.status === 'running' || job.status === 'queued';
  const currentIndex = job.steps.findIndex((s) => s.name === job.current_step);
  const current = currentIndex >= 0 ? job.steps[currentIndex] : undefined;

  if (compact && job.status === 'succeeded') {
    return (
      <View style={styles.compact} testID={testID}>
        <View style={[styles.icon, styles.iconDone]} aria-hidden>
          <Text variant="caption" tone="inverse" weight="bold">
            ✓
          </Text>
        </View>
        <Text variant="label" style={styles.flex}>
          {title}
        </Text>
        <Badge label={t(status.key)} tone={status.tone} />
      </View>
    );
  }

  return (
    <Card testID={testID}>
      <View style={styles.head}>
        <Text variant="h3" style={styles.flex}>
          {title}
        </Text>
        <Badge
          label={job.cancel_requested && running ? t('job.status.cancelling') : t(status.key)}
          tone={status.tone}
        />
      </View>
      <View role="status" aria-live="polite">
        <Text tone="muted" testID="job-status-line">
          {job.status === 'queued'
            ? t('job.line.queued')
            : job.status === 'running' && current
              ? t('job.line.step', {
                  n: currentIndex + 1,
                  total: job.steps.length,
                  step: stepName(t, current.name),
                })
              : job.status === 'succeeded'
                ? t('job.line.done')
                : job.status === 'degraded'
                  ? t('job.line.degraded')
                  : job.status === 'cancelled'
                    ? t('job.line.cancelled')
                    : t('job.line.failed')}
        </Text>
      </View>
      {running ? (
        <ProgressBar
          label={t('job.progress')}
          value={job.status === 'queued' ? null : job.progress}
          testID="job-progress"
        />
      ) : null}
      <View role="list" aria-label={t('job.steps')} style={styles.steps} testID="job-steps">
        {job.steps.map((step) => (
          <View key={step.name} role="listitem" style={styles.step} testID={`job-step-${step.name}`}>
            <StepIcon status={step.status} />
            <Text
              variant="label"
              tone={step.status === 'pending' || step.status === 'skipped' ? 'muted' : 'default'}
              style={styles.flex}
            >
              {stepName(t, step.name)}
            </Text>
            <Text variant="caption" tone="muted">
              {step.status === 'running'
                ? `${Math.round(step.progress * 100)}%`
                : t(`job.stepStatus.${step.status}` as MessageKey)}
            </Text>
          </View>
        ))}
      </View>
      {job.status === 'degraded' && job.degraded_reason ? (
        <Notice tone="warning" title={t('job.degradedTitle')} testID="job-degraded">
          <Text>{job.degraded_reason}</Text>
        </Notice>
      ) : null}
      {job.error ? (
        <Notice tone="error" title={t('job.problemTitle')} testID="job-problem">
          <Text>{problemText(t, job.error.code)}</Text>
          {!isKnownProblem(job.error.code) ? (
            <Text variant="caption" tone="muted">
              {job.error.message}
            </Text>
          ) : null}
          <Text variant="caption" tone="muted">
            {t('create.problem.code', { code: job.error.code })}
          </Text>
        </Notice>
      ) : null}
      {(job.can_retry && onRetry) || (job.can_cancel && onCancel && !job.cancel_requested) ? (
        <View style={styles.actions}>
          {job.can_retry && onRetry ? (
            <Button label={t('job.retry')} onPress={onRetry} busy={acting === 'retry'} testID="job-retry" />
          ) : null}
          {job.can_cancel && onCancel && !job.cancel_requested ? (
            <Button
              label={t('job.cancel')}
              kind="secondary"
              onPress={onCancel}
              busy={acting === 'cancel'}
              testID="job-cancel"
            />
          ) : null}
        </View>
      ) : null}
    </Card>
  );
}

function StepIcon({ status }: { status: Job['steps'][number]['status'] }) {
  if (status === 'running')
    return (
      <View style={[styles.icon, styles.iconRunning]} aria-hidden>
        <ActivityIndicator size="small" color={colors.brand} />
      </View>
    );
  const look =
    status === 'done'
      ? { style: styles.iconDone, mark: '✓' }
      : status === 'failed'
        ? { style: styles.iconFailed, mark: '✕' }
        : status === 'skipped'
          ? { style: styles.iconPending, mark: '–' }
          : { style: styles.iconPending, mark: '' };
  return (
    <View style={[styles.icon, look.style]} aria-hidden>
      <Text
        variant="caption"
        weight="bold"
        tone={status === 'done' || status === 'failed' ? 'inverse' : 'muted'}
      >
        {look.mark}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
  head: { flexDirection: 'row', alignItems: 'center', gap: space.sm, flexWrap: 'wrap' },
  flex: { flex: 1, minWidth: 0 },
  steps: { gap: space.xs },
  step: { flexDirection: 'row', alignItems: 'center', gap: space.md, minHeight: 32 },
  icon: { width: 24, height: 24, borderRadius: radius.pill, alignItems: 'center', justifyContent: 'center' },
  iconDone: { backgroundColor: colors.success },
  iconFailed: { backgroundColor: colors.danger },
  iconRunning: { backgroundColor: colors.brandSoft },
  iconPending: { backgroundColor: colors.surfaceMuted, borderWidth: 1, borderColor: colors.line },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  compact: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: space.md,
    padding: space.md,
    borderRadius: radius.md,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
});
