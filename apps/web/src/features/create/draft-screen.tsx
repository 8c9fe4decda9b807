/**
 * A draft's workspace (/create/draft/<id>): its jobs live, the kit's preview and numbers, the
 * problems in plain words, retry and cancel, settings to rebuild with, naming and saving, and the
 * way on to publishing.
 */
import type { Draft } from '@kitwright/contracts';
import { useLocalSearchParams } from 'expo-router';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import { Badge, ButtonLink, Card, Columns, EmptyState, Loading, Screen, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useDraft, useDraftJob, useLiveDraftJobs } from '../../state/queries/drafts';
import { isFinished } from '../../state/queries/jobs';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';
import { KitPreview } from '../viewer/kit-preview';
import { CreateSteps } from './create-steps';
import { DesignEditCard } from './design-edit-card';
import { DraftJobs } from './draft-jobs';
import { draftName, draftStatus } from './draft-labels';
import { DraftOutcome } from './draft-outcome';
import { DraftRebuildCard } from './draft-rebuild-card';
import { DraftSaveCard } from './draft-save-card';
import { KitMetrics } from './kit-metrics';
import { poseText } from './pose-text';
import { PromptUseNotice } from './prompt-use-notice';
import { PublishedNotice } from './published-notice';
import { ReferenceRebuildCard, ReferenceResult } from './reference-result';

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
  useLiveDraftJobs();
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
  const { t, formatNumber } = useI18n();
  const modelJob = useDraftJob(draft.jobs.model);
  const kitJob = useDraftJob(draft.jobs.block_kit);
  const status = draftStatus(t, draft);
  const published = draft.publish_state === 'published';
  const kitReady = draft.stage === 'kit_ready' && draft.validation_state === 'valid';
  const step = published || kitReady ? 3 : 2;
  const jobsBusy = [modelJob.data, kitJob.data].some((j) => j && !isFinished(j));

  const results = draft.artefacts.summary ? (
    <Card testID="kit-results">
      <Text variant="h2">{t('create.results.title')}</Text>
      {draft.artefacts.preview_png_url ? (
        <KitPreview
          pictureUrl={draft.artefacts.preview_png_url}
          alt={t('create.preview.alt', { name: draftName(t, draft) })}
          ownerOnly
        />
      ) : null}
      <KitMetrics summary={draft.artefacts.summary} />
      {draft.artefacts.pose ? (
        <View testID="kit-pose">
          <Text>{poseText(t, draft.artefacts.pose, formatNumber)}</Text>
          {published ? null : (
            <Text variant="caption" tone="muted">
              {t('create.pose.turn')}
            </Text>
          )}
        </View>
      ) : null}
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
              : draft.reference
                ? t('reference.draft.from', { name: draft.source_upload?.original_name ?? '—' })
                : t('create.draft.fromPrompt', { prompt: draft.prompt ?? '' })}
          </Text>
        </View>
        <Badge label={status.label} tone={status.tone} />
      </View>
      {published ? (
        <PublishedNotice listingId={draft.listing_id}>{t('create.draft.publishedBody')}</PublishedNotice>
      ) : null}
      <Columns
        main={
          <>
            {draft.mode === 'B' && !draft.reference && !published ? (
              <PromptUseNotice prompt={draft.prompt ?? ''} context="draft" />
            ) : null}
            <DraftJobs draft={draft} modelJob={modelJob.data} kitJob={kitJob.data} />
            <DraftOutcome draft={draft} />
            {draft.reference ? <ReferenceResult draft={draft} /> : null}
            {results}
          </>
        }
        side={
          <>
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
            {published ? null : <DraftSaveCard draft={draft} />}
            {draft.mode === 'B' && !draft.reference && !published ? (
              <DesignEditCard draft={draft} disabled={jobsBusy} />
            ) : null}
            {published ? null : draft.reference ? (
              <ReferenceRebuildCard draft={draft} disabled={jobsBusy} />
            ) : (
              <DraftRebuildCard draft={draft} disabled={jobsBusy} />
            )}
            <SmallLink
              href={draft.mode === 'A' ? '/create/upload' : '/create/prompt'}
              label={t('create.draft.startOver')}
            />
          </>
        }
      />
    </Screen>
  );
}

const styles = StyleSheet.create({
  header: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start', gap: space.md },
  headerText: { flex: 1, minWidth: 220, gap: space.xs },
});
