/**
 * A draft's jobs, live: a card for each with retry and cancel, the next step when nothing runs
 * (a cancelled build, a draft never checked), and the automatic step of an upload: once its model
 * passed the check, its kit is built. Every start carries an idempotency key, so a double start
 * makes one job.
 */
import type { Draft, Job } from '@kitwright/contracts';
import { newIdempotencyKey } from '@kitwright/sdk';
import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Card, Loading, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDraftActions } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';
import { JobCard } from './job-card';

export function DraftJobs({
  draft,
  modelJob,
  kitJob,
}: {
  draft: Draft;
  modelJob: Job | undefined;
  kitJob: Job | undefined;
}) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [actionError, setActionError] = useState<string | null>(null);
  const [acting, setActing] = useState<{ job: string; kind: 'retry' | 'cancel' } | null>(null);
  const attempted = useRef(new Set<string>());
  const published = draft.publish_state === 'published';

  // An upload whose model passed its check goes straight on to building its kit.
  useEffect(() => {
    if (draft.mode !== 'A' || draft.stage !== 'model_ready' || draft.validation_state !== 'valid') return;
    if (draft.jobs.block_kit || published) return;
    const key = `kit-${draft.id}-${Date.parse(draft.updated_at)}`;
    if (attempted.current.has(key)) return;
    attempted.current.add(key);
    actions.startJob.mutate(
      { kind: 'block-kit', key },
      { onError: (err) => setActionError(errorText(t, err)) },
    );
  }, [draft, published, actions.startJob, t]);

  function act(job: Job, kind: 'retry' | 'cancel') {
    setActionError(null);
    setActing({ job: job.id, kind });
    (kind === 'retry' ? actions.retry : actions.cancel).mutate(job.id, {
      onError: (err) => setActionError(errorText(t, err)),
      onSettled: () => setActing(null),
    });
  }

  function startKit() {
    setActionError(null);
    actions.startJob.mutate(
      { kind: draft.mode === 'A' ? 'block-kit' : 'model', key: newIdempotencyKey('kit') },
      { onError: (err) => setActionError(errorText(t, err)) },
    );
  }

  const jobTitle = (job: Job) =>
    draft.mode === 'B'
      ? t('create.job.generate')
      : job.type === 'model'
        ? t('create.job.check')
        : t('create.job.build');

  const card = (job: Job | undefined, testID: string, compact?: boolean) =>
    job ? (
      <JobCard
        job={job}
        title={jobTitle(job)}
        compact={compact}
        onRetry={() => act(job, 'retry')}
        onCancel={() => act(job, 'cancel')}
        acting={acting?.job === job.id ? acting.kind : null}
        testID={testID}
      />
    ) : null;

  return (
    <View style={styles.stack}>
      {card(modelJob, 'model-job', draft.mode === 'A')}
      {card(kitJob, 'kit-job')}
      {actions.startJob.isPending ? <Loading label={t('create.job.starting')} /> : null}
      <NextStepHint
        draft={draft}
        modelJob={modelJob}
        kitJob={kitJob}
        onStart={startKit}
        busy={actions.startJob.isPending}
      />
      {actionError ? (
        <Notice tone="error" testID="draft-action-error">
          {actionError}
        </Notice>
      ) : null}
    </View>
  );
}

/** What is waiting on the maker when no job is running (a cancelled build, a draft never checked). */
function NextStepHint({
  draft,
  modelJob,
  kitJob,
  onStart,
  busy,
}: {
  draft: Draft;
  modelJob: Job | undefined;
  kitJob: Job | undefined;
  onStart: () => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  if (draft.publish_state === 'published' || busy) return null;
  const cancelled = (kitJob ?? modelJob)?.status === 'cancelled';
  const nothingYet = draft.mode === 'A' ? !draft.jobs.model : !draft.jobs.model && !draft.jobs.block_kit;
  const canBuild =
    draft.mode === 'B' || (draft.stage !== 'created' && draft.validation_state !== 'invalid') || nothingYet;
  if (!(cancelled || nothingYet) || !canBuild) return null;
  const modelFirst = draft.mode === 'A' && !draft.jobs.model;
  return (
    <Card>
      <Text>{cancelled ? t('create.job.cancelledHint') : t('create.job.notStarted')}</Text>
      <View style={styles.row}>
        <Button
          label={
            modelFirst
              ? t('create.job.startCheck')
              : draft.mode === 'A'
                ? t('create.job.startBuild')
                : t('create.job.startGenerate')
          }
          onPress={onStart}
          testID="start-job"
        />
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.md },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
