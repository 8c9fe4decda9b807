/**
 * A draft's workspace (/create/draft/<id>): its jobs live, the kit's preview and numbers, the
 * problems in plain words, retry and cancel, settings to rebuild with, naming and saving, and the
 * way on to publishing. An upload-based draft goes from "model checked" to building its kit by
 * itself; every job is started with an idempotency key so a double start makes one job.
 */
import type { Draft, Job } from '@kitwright/contracts';
import { useLocalSearchParams } from 'expo-router';
import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Input,
  Loading,
  Notice,
  Screen,
  space,
  Text,
  useLayout,
} from '../../design';
import { type Translate, useI18n } from '../../i18n';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';
import { CreateSteps } from './create-steps';
import { draftName, draftStatus } from './draft-labels';
import { buildCheckOf, type Finding, generationOf, meshFindingsOf } from './draft-validation';
import { JobCard } from './job-card';
import { KitMetrics } from './kit-metrics';
import { KitPreview } from './kit-preview';
import { KitSettings, type KitSettingsValue } from './kit-settings';
import { problemText } from './problem-text';
import { PublishedNotice } from './published-notice';
import { isFinished, newJobKey, useDraft, useDraftActions, useJob, useLiveJobs } from './use-draft';

export function DraftScreen() {
  const { t } = useI18n();
  const { id } = useLocalSearchParams<{ id: string }>();
  const { user, ready } = useAuthState();
  if (!ready)
    return <Screen title={t('create.draft.title')}>{<Loading label={t('common.loading')} />}</Screen>;
  if (!user)
    return (
      <Screen title={t('create.draft.title')}>
        <RequireSignIn reason={t('create.hub.signInReason')}>{null}</RequireSignIn>
      </Screen>
    );
  return <Workspace id={id} />;
}

function Workspace({ id }: { id: string }) {
  const { t } = useI18n();
  useLiveJobs();
  const draft = useDraft(id);
  if (draft.isPending) {
    return (
      <Screen title={t('create.draft.title')}>
        <Loading label={t('common.loading')} />
      </Screen>
    );
  }
  if (!draft.data) {
    return (
      <Screen title={t('create.draft.title')}>
        <EmptyState
          title={t('create.draft.notFound')}
          body={errorText(t, draft.error)}
          action={<ButtonLink label={t('create.title')} href="/create" />}
        />
      </Screen>
    );
  }
  return <DraftView draft={draft.data} />;
}

function DraftView({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const { layout } = useLayout();
  const wide = layout === 'desktop';
  const actions = useDraftActions(draft.id);
  const modelJob = useJob(draft.jobs.model);
  const kitJob = useJob(draft.jobs.block_kit);
  const [actionError, setActionError] = useState<string | null>(null);
  const [acting, setActing] = useState<{ job: string; kind: 'retry' | 'cancel' } | null>(null);
  const attempted = useRef(new Set<string>());
  const status = draftStatus(t, draft);
  const published = draft.publish_state === 'published';
  const kitReady = draft.stage === 'kit_ready' && draft.validation_state === 'valid';
  const step = published || kitReady ? 3 : 2;
  const jobsBusy = [modelJob.data, kitJob.data].some((j) => j && !isFinished(j));

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
      { kind: draft.mode === 'A' ? 'block-kit' : 'model', key: newJobKey('kit') },
      { onError: (err) => setActionError(errorText(t, err)) },
    );
  }

  const jobTitle = (job: Job) =>
    draft.mode === 'B'
      ? t('create.job.generate')
      : job.type === 'model'
        ? t('create.job.check')
        : t('create.job.build');

  const jobs = (
    <View style={styles.stack}>
      {modelJob.data ? (
        <JobCard
          job={modelJob.data}
          title={jobTitle(modelJob.data)}
          compact={draft.mode === 'A'}
          onRetry={() => act(modelJob.data as Job, 'retry')}
          onCancel={() => act(modelJob.data as Job, 'cancel')}
          acting={acting?.job === modelJob.data.id ? acting.kind : null}
          testID="model-job"
        />
      ) : null}
      {kitJob.data ? (
        <JobCard
          job={kitJob.data}
          title={jobTitle(kitJob.data)}
          onRetry={() => act(kitJob.data as Job, 'retry')}
          onCancel={() => act(kitJob.data as Job, 'cancel')}
          acting={acting?.job === kitJob.data.id ? acting.kind : null}
          testID="kit-job"
        />
      ) : null}
      {actions.startJob.isPending ? <Loading label={t('create.job.starting')} /> : null}
      <NextStepHint
        draft={draft}
        modelJob={modelJob.data}
        kitJob={kitJob.data}
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

  const results = draft.artefacts.summary ? (
    <Card testID="kit-results">
      <Text variant="h2">{t('create.results.title')}</Text>
      {draft.artefacts.preview_png_url ? (
        <KitPreview
          url={draft.artefacts.preview_png_url}
          alt={t('create.preview.alt', { name: draftName(t, draft) })}
        />
      ) : null}
      <KitMetrics summary={draft.artefacts.summary} />
    </Card>
  ) : null;

  return (
    <Screen title={draftName(t, draft)}>
      <CreateSteps current={step} mode={draft.mode} />
      <View style={styles.header}>
        <View style={styles.headerText}>
          <Text variant="h1" testID="draft-title">
            {draftName(t, draft)}
          </Text>
          <Text tone="muted">
            {draft.mode === 'A'
              ? t('create.draft.fromFile', { name: draft.source_upload?.original_name ?? '—' })
              : t('create.draft.fromPrompt', { prompt: draft.prompt ?? '' })}
          </Text>
        </View>
        <Badge label={status.label} tone={status.tone} />
      </View>
      {published ? (
        <PublishedNotice listingId={draft.listing_id}>{t('create.draft.publishedBody')}</PublishedNotice>
      ) : null}
      <View style={[styles.grid, wide ? styles.gridWide : null]}>
        <View style={styles.main}>
          {jobs}
          <Outcome draft={draft} t={t} />
          {results}
        </View>
        <View style={styles.side}>
          {kitReady && !published ? (
            <Card testID="publish-card">
              <Text variant="h3">{t('create.draft.readyTitle')}</Text>
              <Text tone="muted">{t('create.draft.readyBody')}</Text>
              <ButtonLink
                label={t('create.draft.continue')}
                href={`/create/draft/${draft.id}/publish` as never}
                testID="continue-publish"
              />
            </Card>
          ) : null}
          {published ? null : <SaveCard draft={draft} />}
          {published ? null : <RebuildCard draft={draft} disabled={jobsBusy} />}
          <SmallLink
            href={draft.mode === 'A' ? '/create/upload' : '/create/prompt'}
            label={t('create.draft.startOver')}
          />
        </View>
      </View>
    </Screen>
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

/** The verdict: build checks, the prompt's interpretation, notes about the file, in plain words. */
function Outcome({ draft, t }: { draft: Draft; t: Translate }) {
  const build = buildCheckOf(draft);
  const generation = generationOf(draft);
  const findings = meshFindingsOf(draft);
  return (
    <>
      {generation ? <GenerationNotice generation={generation} /> : null}
      {draft.stage === 'kit_ready' && build ? (
        build.buildable && build.problems.length === 0 ? (
          <Notice tone="success" title={t('create.check.passedTitle')} testID="kit-valid">
            {t('create.check.passedBody')}
          </Notice>
        ) : (
          <Notice tone="warning" title={t('create.check.problemsTitle')} testID="kit-problems">
            <ProblemList problems={build.problems} />
            <Text variant="caption">{t('create.check.problemsHelp')}</Text>
          </Notice>
        )
      ) : null}
      {findings.length > 0 ? (
        <Notice tone="info" title={t('create.check.notesTitle')} testID="mesh-notes">
          <ProblemList problems={findings} />
        </Notice>
      ) : null}
    </>
  );
}

function ProblemList({ problems }: { problems: Finding[] }) {
  const { t } = useI18n();
  return (
    <View role="list" style={styles.problems}>
      {problems.map((p) => (
        <View key={`${p.code}-${p.message}`} role="listitem" style={styles.problem}>
          <Text aria-hidden>•</Text>
          <Text style={styles.flex}>{problemText(t, p.code)}</Text>
        </View>
      ))}
    </View>
  );
}

function GenerationNotice({ generation }: { generation: NonNullable<ReturnType<typeof generationOf>> }) {
  const { t } = useI18n();
  const i = generation.interpretation;
  const understood = i?.understood?.length ? i.understood.join(', ') : null;
  const ignored = i?.ignored?.length ? i.ignored.join(', ') : null;
  const degraded = generation.status === 'degraded';
  return (
    <Notice
      tone={degraded ? 'warning' : 'success'}
      title={degraded ? t('create.generation.degradedTitle') : t('create.generation.successTitle')}
      testID={degraded ? 'generation-degraded' : 'generation-success'}
    >
      <Text>
        {degraded
          ? i && !i.shape
            ? t('create.generation.noShape', { shapes: SHAPES })
            : t('create.generation.degradedBody')
          : t('create.generation.successBody')}
      </Text>
      {i?.template && i.size ? (
        <Text variant="caption">
          {t('create.generation.made', {
            shape: i.template,
            w: i.size.width,
            d: i.size.depth,
            h: i.size.height,
          })}
        </Text>
      ) : null}
      {understood ? (
        <Text variant="caption">{t('create.generation.understood', { words: understood })}</Text>
      ) : null}
      {ignored ? <Text variant="caption">{t('create.generation.ignored', { words: ignored })}</Text> : null}
    </Notice>
  );
}

/** The prompt's shapes, as the generator reads them (in English). */
export const SHAPES = 'tower, bench, planter, arch, bridge, shelf, pyramid, house, wall, stairs, table, box';

function SaveCard({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [title, setTitle] = useState(draft.title ?? '');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  function save() {
    setError(null);
    setSaved(false);
    actions.update.mutate(
      { title: title.trim() },
      { onSuccess: () => setSaved(true), onError: (err) => setError(errorText(t, err)) },
    );
  }
  return (
    <Card testID="save-card">
      <Text variant="h3">{t('create.save.title')}</Text>
      <Input
        label={t('create.save.nameLabel')}
        value={title}
        onChangeText={(v) => {
          setTitle(v);
          setSaved(false);
        }}
        maxLength={120}
        onSubmitEditing={save}
      />
      <Text variant="caption" tone="muted">
        {t('create.save.help')}
      </Text>
      <View style={styles.row}>
        <Button
          label={t('create.save.submit')}
          kind="secondary"
          onPress={save}
          busy={actions.update.isPending}
          testID="save-draft"
        />
      </View>
      {saved ? (
        <Notice tone="success" testID="draft-saved">
          {t('create.save.done')}
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

function RebuildCard({ draft, disabled }: { draft: Draft; disabled: boolean }) {
  const { t } = useI18n();
  const actions = useDraftActions(draft.id);
  const [settings, setSettings] = useState<KitSettingsValue>({
    size: draft.settings.size,
    up_axis: draft.settings.up_axis,
    hollow_wall_thickness: draft.settings.hollow_wall_thickness,
  });
  const [prompt, setPrompt] = useState(draft.prompt ?? '');
  const [error, setError] = useState<string | null>(null);
  const changed =
    settings.size !== draft.settings.size ||
    settings.up_axis !== draft.settings.up_axis ||
    settings.hollow_wall_thickness !== draft.settings.hollow_wall_thickness ||
    (draft.mode === 'B' && prompt.trim() !== (draft.prompt ?? ''));
  const modelFailed = draft.mode === 'A' && draft.stage === 'created';

  function apply() {
    setError(null);
    const body =
      draft.mode === 'A'
        ? { settings }
        : {
            settings: { size: settings.size },
            ...(prompt.trim() !== draft.prompt ? { prompt: prompt.trim() } : {}),
          };
    actions.update.mutate(body, {
      onSuccess: () => {
        // An upload's kit restarts by itself once the draft is back at "model checked".
        if (draft.mode === 'B')
          actions.startJob.mutate(
            { kind: 'model', key: newJobKey('generate') },
            { onError: (err) => setError(errorText(t, err)) },
          );
      },
      onError: (err) => setError(errorText(t, err)),
    });
  }

  if (modelFailed) return null;
  return (
    <Card testID="rebuild-card">
      <Text variant="h3">{draft.mode === 'A' ? t('create.rebuild.title') : t('create.rebuild.titleB')}</Text>
      <Text variant="caption" tone="muted">
        {t('create.rebuild.help')}
      </Text>
      {draft.mode === 'B' ? (
        <Input
          label={t('create.prompt.label')}
          value={prompt}
          onChangeText={setPrompt}
          multiline
          maxLength={500}
        />
      ) : null}
      <KitSettings value={settings} onChange={setSettings} model={draft.mode === 'A'} />
      <View style={styles.row}>
        <Button
          label={t('create.rebuild.submit')}
          onPress={apply}
          disabled={!changed || disabled}
          busy={actions.update.isPending || actions.startJob.isPending}
          testID="rebuild"
        />
      </View>
      {disabled ? (
        <Text variant="caption" tone="muted">
          {t('create.rebuild.wait')}
        </Text>
      ) : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  header: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start', gap: space.md },
  headerText: { flex: 1, minWidth: 220, gap: space.xs },
  grid: { gap: space.xl },
  gridWide: { flexDirection: 'row', alignItems: 'flex-start' },
  main: { flex: 3, gap: space.lg, minWidth: 0 },
  side: { flex: 2, gap: space.lg, minWidth: 0 },
  stack: { gap: space.md },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  problems: { gap: space.xs },
  problem: { flexDirection: 'row', gap: space.sm },
  flex: { flex: 1, minWidth: 0 },
});
