/**
 * Publishing a draft as a listing its designer owns (/create/draft/<id>/publish): the form next
 * to the draft it publishes, once the kit is built and valid; a listing that waits for moderation
 * says so, and an approved one opens at once.
 */
import type { Draft, ListingDetail } from '@kitwright/contracts';
import { useLocalSearchParams } from 'expo-router';
import { type ReactNode, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  ButtonLink,
  Card,
  Columns,
  EmptyState,
  Loading,
  Notice,
  Screen,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import { useDraft } from '../../state/queries/drafts';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';
import { KitPreview } from '../viewer/kit-preview';
import { CreateSteps } from './create-steps';
import { draftName } from './draft-labels';
import { PublishForm } from './publish-form';
import { PublishedNotice } from './published-notice';

export function PublishScreen() {
  const { t } = useI18n();
  const { id } = useLocalSearchParams<{ id: string }>();
  const { user, ready } = useAuthState();
  const draft = useDraft(user ? id : undefined);
  let body: ReactNode;
  if (!ready || (user && draft.isPending)) body = <Loading label={t('common.loading')} />;
  else if (!user) body = <RequireSignIn reason={t('create.hub.signInReason')}>{null}</RequireSignIn>;
  else if (!draft.data)
    body = (
      <EmptyState
        title={t('create.draft.notFound')}
        body={errorText(t, draft.error)}
        action={<ButtonLink label={t('create.title')} href="/create" />}
      />
    );
  else body = <PublishGate draft={draft.data} />;
  return (
    <Screen title={t('publish.title')}>
      <CreateSteps current={3} mode={draft.data?.mode ?? 'A'} />
      {body}
    </Screen>
  );
}

function PublishGate({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  if (draft.publish_state === 'published') {
    return <PublishedNotice listingId={draft.listing_id}>{t('publish.alreadyPublished')}</PublishedNotice>;
  }
  if (draft.stage !== 'kit_ready' || draft.validation_state !== 'valid') {
    return (
      <Notice
        tone="warning"
        title={t('publish.notReadyTitle')}
        action={
          <ButtonLink
            label={t('publish.backToDraft')}
            href={`/create/draft/${draft.id}` as never}
            size="sm"
          />
        }
      >
        {t('publish.notReadyBody')}
      </Notice>
    );
  }
  return <PublishPage draft={draft} />;
}

function PublishPage({ draft }: { draft: Draft }) {
  const { t } = useI18n();
  const [pending, setPending] = useState<ListingDetail | null>(null);
  if (pending) return <PendingModeration listing={pending} />;
  return (
    <>
      <View style={styles.heading}>
        <Text variant="h1">{t('publish.title')}</Text>
        <Text tone="muted">{t('publish.intro')}</Text>
      </View>
      <Columns
        main={<PublishForm draft={draft} onPending={setPending} />}
        side={
          <Card>
            <Text variant="h3">{draftName(t, draft)}</Text>
            {draft.artefacts.preview_png_url ? (
              <KitPreview
                pictureUrl={draft.artefacts.preview_png_url}
                alt={t('create.preview.alt', { name: draftName(t, draft) })}
                ownerOnly
              />
            ) : null}
            {draft.artefacts.summary ? (
              <Text variant="caption" tone="muted">
                {t('publish.kitLine', {
                  blocks: t('common.blocks', { count: draft.artefacts.summary.part_count }),
                  layers: t('common.layers', { count: draft.artefacts.summary.layers }),
                })}
              </Text>
            ) : null}
            <Text variant="caption" tone="muted">
              {t('publish.ownerNote')}
            </Text>
            <SmallLink href={`/create/draft/${draft.id}`} label={t('publish.backToDraft')} />
          </Card>
        }
      />
    </>
  );
}

/** Published, but others see it once a moderator approved it. */
function PendingModeration({ listing }: { listing: ListingDetail }) {
  const { t } = useI18n();
  return (
    <Card testID="publish-pending">
      <Badge label={t('publish.pendingBadge')} tone="warning" />
      <Text variant="h2">{t('publish.pendingTitle')}</Text>
      <Text>{t('publish.pendingBody')}</Text>
      <View style={styles.row}>
        <ButtonLink label={t('create.draft.openListing')} href={`/listing/${listing.slug}` as never} />
        <ButtonLink label={t('nav.dashboard')} href="/dashboard" kind="secondary" />
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({
  heading: { gap: space.xs, maxWidth: 760 },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
