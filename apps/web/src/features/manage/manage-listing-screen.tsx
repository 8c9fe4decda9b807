/**
 * Managing one's own listing (/listing/<slug>/manage): whether it is published (unpublish, publish
 * again through the automatic checks), its text, category and visibility (edited in the language
 * it was written in, checked and translated again by the server), its photos, and deleting it
 * after a confirmation. Anyone else is told only its designer can manage it.
 *
 * Why one file of ~420 lines: the four panels share one loaded listing and one set of mutations
 * (src/state/queries/listing.ts); each panel (status, details, photos, delete) is its own component below.
 */
import type { ListingDetail } from '@kitwright/contracts';
import {
  LISTING_CATEGORIES,
  LISTING_DESCRIPTION_MAX_LENGTH,
  LISTING_DESCRIPTION_MIN_LENGTH,
  LISTING_MAX_PHOTOS,
  LISTING_MAX_TAGS,
  LISTING_TAG_MAX_LENGTH,
  LISTING_TITLE_MAX_LENGTH,
  LISTING_TITLE_MIN_LENGTH,
  type ListingCategory,
  UGC_LICENCE_VERSION,
  VISIBILITIES,
  type Visibility,
} from '@kitwright/contracts/constants';
import { type Href, useLocalSearchParams, useRouter } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  ChoiceGroup,
  EmptyState,
  Input,
  Loading,
  Notice,
  Screen,
  space,
  Text,
  TextLink,
} from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { useAppShell } from '../../state/queries/app-shell';
import { useListing, useManageListing, useOriginalText } from '../../state/queries/listing';
import { useUploadPhoto } from '../../state/queries/uploads';
import { useAuthState } from '../account/use-auth-state';
import { DesignerTermsCard } from '../buyer/designer-terms-card';
import { tagsOf } from '../create/publish-rules';
import { isGone, problemText } from '../discover/request-problems';
import { DeleteListingSheet } from './delete-listing-sheet';
import { ListingPhotos } from './listing-photos';
import { PhotoPicker } from './photo-picker';

export function ManageListingScreen() {
  const { t } = useI18n();
  const { user, ready } = useAuthState();
  const { slug } = useLocalSearchParams<{ slug: string }>();
  if (!ready)
    return (
      <Screen title={t('manage.title')}>
        <Loading label={t('manage.loading')} />
      </Screen>
    );
  if (!user)
    return (
      <Screen title={t('manage.title')}>
        <RequireSignIn>{null}</RequireSignIn>
      </Screen>
    );
  return <Manage slug={String(slug ?? '')} />;
}

function Manage({ slug }: { slug: string }) {
  const { t, locale } = useI18n();
  const listing = useListing(slug, locale, { surface: 'manage' });
  const data = listing.data;
  const original = useOriginalText(slug, data?.source_language ?? null, Boolean(data?.viewer.owner));

  if (listing.isPending || (data?.viewer.owner && original.isPending)) {
    return (
      <Screen title={t('manage.title')}>
        <Loading label={t('manage.loading')} />
      </Screen>
    );
  }
  if (!data?.viewer.owner) {
    return (
      <Screen title={t('manage.title')}>
        {!data && !isGone(listing.error) ? (
          <Notice tone="error">{problemText(listing.error, t)}</Notice>
        ) : (
          <EmptyState
            title={t('manage.notOwnerTitle')}
            body={t('manage.notOwnerBody')}
            action={<ButtonLink label={t('manage.goDashboard')} href="/dashboard" />}
          />
        )}
      </Screen>
    );
  }
  const source = original.data ?? { title: data.title, description: data.description, tags: data.tags };
  return (
    <Screen title={t('manage.title')} testID="manage-screen">
      <View style={styles.head}>
        <Text variant="h1">{t('manage.title')}</Text>
        <Text variant="lead" testID="manage-listing-title">
          {source.title}
        </Text>
        <TextLink href={`/listing/${data.slug}` as Href} testID="manage-back">
          {t('manage.back')}
        </TextLink>
      </View>
      <View style={styles.stack}>
        <StatusCard listing={data} />
        <DetailsCard key={`${data.id}:${data.moderation_state}`} listing={data} source={source} />
        <PhotosCard listing={data} title={source.title} />
        <DesignerTermsCard listingId={data.id} />
        <DeleteCard listing={data} title={source.title} />
      </View>
    </Screen>
  );
}

function StatusCard({ listing }: { listing: ListingDetail }) {
  const { t } = useI18n();
  const { unpublish, republish } = useManageListing(listing.id);
  const [licence, setLicence] = useState(false);
  const [done, setDone] = useState<MessageKey | null>(null);
  const published = listing.state === 'published';
  const newLicence = listing.licence_version !== UGC_LICENCE_VERSION;
  const error = unpublish.error ?? republish.error;
  return (
    <Card testID="manage-status">
      <Text variant="h2">{t('manage.status.heading')}</Text>
      <View style={styles.badges}>
        <Badge
          label={t(published ? 'manage.state.published' : 'manage.state.unpublished')}
          tone={published ? 'success' : 'warning'}
        />
        <Badge label={t(`dashboard.visibility.${listing.visibility}`)} />
        <Badge
          label={t(`dashboard.moderation.${listing.moderation_state}`)}
          tone={listing.moderation_state === 'approved' ? 'success' : 'warning'}
        />
      </View>
      <Text>{t(published ? 'manage.status.publishedBody' : 'manage.status.unpublishedBody')}</Text>
      {!published && newLicence ? (
        <Checkbox
          label={t('manage.licenceChanged')}
          help={t('publish.licence.version', { version: UGC_LICENCE_VERSION })}
          checked={licence}
          onChange={setLicence}
          testID="manage-licence"
        />
      ) : null}
      {done ? (
        <Notice tone="success" testID="manage-status-done">
          {t(done)}
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{problemText(error, t)}</Notice> : null}
      <View style={styles.actions}>
        {published ? (
          <Button
            label={t('manage.unpublish')}
            kind="secondary"
            busy={unpublish.isPending}
            onPress={() => unpublish.mutate(undefined, { onSuccess: () => setDone('manage.unpublished') })}
            testID="manage-unpublish"
          />
        ) : (
          <Button
            label={t('manage.republish')}
            busy={republish.isPending}
            disabled={newLicence && !licence}
            onPress={() =>
              republish.mutate(
                newLicence ? { licence: { accepted: true, version: UGC_LICENCE_VERSION } } : {},
                {
                  onSuccess: (answer) =>
                    setDone(
                      answer.moderation_state === 'approved'
                        ? 'manage.republished'
                        : 'manage.republishedPending',
                    ),
                },
              )
            }
            testID="manage-republish"
          />
        )}
      </View>
    </Card>
  );
}

function DetailsCard({
  listing,
  source,
}: {
  listing: ListingDetail;
  source: { title: string; description: string; tags: string[] };
}) {
  const { t } = useI18n();
  const { edit } = useManageListing(listing.id);
  const [title, setTitle] = useState(source.title);
  const [description, setDescription] = useState(source.description);
  const [tags, setTags] = useState(source.tags.join(', '));
  const [category, setCategory] = useState<string>(listing.category);
  const [visibility, setVisibility] = useState<string>(listing.visibility);
  const [errors, setErrors] = useState<Partial<Record<'title' | 'description' | 'tags', string>>>({});
  const [saved, setSaved] = useState<MessageKey | null>(null);
  const tagList = tagsOf(tags);

  const save = () => {
    const problems: typeof errors = {};
    if (title.trim().length < LISTING_TITLE_MIN_LENGTH) problems.title = t('publish.error.title');
    if (description.trim().length < LISTING_DESCRIPTION_MIN_LENGTH)
      problems.description = t('publish.error.description');
    if (tagList.length > LISTING_MAX_TAGS || tagList.some((tag) => tag.length > LISTING_TAG_MAX_LENGTH))
      problems.tags = t('publish.error.tags');
    setErrors(problems);
    setSaved(null);
    if (Object.keys(problems).length > 0) return;
    edit.mutate(
      {
        title: title.trim(),
        description: description.trim(),
        tags: tagList,
        category: category as ListingCategory,
        visibility: visibility as Visibility,
      },
      {
        onSuccess: (answer) =>
          setSaved(
            answer.moderation_state === 'pending' && listing.moderation_state !== 'pending'
              ? 'manage.savedPending'
              : 'manage.saved',
          ),
      },
    );
  };

  return (
    <Card testID="manage-details">
      <Text variant="h2">{t('manage.details.heading')}</Text>
      <Text variant="caption" tone="muted">
        {t('manage.details.help')}
      </Text>
      <Input
        label={t('publish.field.title')}
        value={title}
        onChangeText={setTitle}
        maxLength={LISTING_TITLE_MAX_LENGTH}
        error={errors.title}
        testID="manage-title"
      />
      <Input
        label={t('publish.field.description')}
        value={description}
        onChangeText={setDescription}
        multiline
        maxLength={LISTING_DESCRIPTION_MAX_LENGTH}
        error={errors.description}
        testID="manage-description"
      />
      <Input
        label={t('publish.field.tags')}
        help={t('publish.field.tagsHelp')}
        value={tags}
        onChangeText={setTags}
        autoCapitalize="none"
        error={errors.tags}
        testID="manage-tags"
      />
      <ChoiceGroup
        label={t('publish.field.category')}
        look="pills"
        value={category}
        onChange={setCategory}
        choices={LISTING_CATEGORIES.map((c) => ({
          value: c,
          label: t(`publish.category.${c}` as MessageKey),
        }))}
        testID="manage-category"
      />
      <ChoiceGroup
        label={t('manage.visibility.heading')}
        value={visibility}
        onChange={setVisibility}
        choices={VISIBILITIES.map((v) => ({
          value: v,
          label: t(`publish.visibility.${v}` as MessageKey),
          description: t(`publish.visibility.${v}.help` as MessageKey),
        }))}
        testID="manage-visibility"
      />
      {saved ? (
        <Notice tone="success" testID="manage-saved">
          {t(saved)}
        </Notice>
      ) : null}
      {edit.isError ? <Notice tone="error">{problemText(edit.error, t)}</Notice> : null}
      <View style={styles.actions}>
        <Button label={t('manage.save')} busy={edit.isPending} onPress={save} testID="manage-save" />
      </View>
    </Card>
  );
}

/** What the photo input offers until the app shell says (the server decides from the bytes). */
const PHOTO_FORMATS = ['png', 'jpeg', 'webp'];

function PhotosCard({ listing, title }: { listing: ListingDetail; title: string }) {
  const { t } = useI18n();
  const shell = useAppShell();
  const accepted = shell.data?.config.uploads.image_formats ?? PHOTO_FORMATS;
  // A JPEG is as often named .jpg.
  const formats = accepted.includes('jpeg') ? [...accepted, 'jpg'] : accepted;
  const { edit } = useManageListing(listing.id);
  const upload = useUploadPhoto();
  const [done, setDone] = useState<MessageKey | null>(null);
  const photos = listing.media.photos;
  const ids = photos.map((p) => p.id);
  const error = upload.error ?? edit.error;
  const setPhotos = (mediaIds: string[], message: MessageKey) =>
    edit.mutate({ media_ids: mediaIds }, { onSuccess: () => setDone(message) });

  return (
    <Card testID="manage-photos">
      <Text variant="h2">{t('manage.photos.heading')}</Text>
      <Text variant="caption" tone="muted">
        {t('manage.photos.help', { max: LISTING_MAX_PHOTOS })}
      </Text>
      {photos.length === 0 ? (
        <Text tone="muted">{t('manage.photos.none')}</Text>
      ) : (
        <ListingPhotos
          photos={photos}
          title={title}
          ownerOnly
          action={(photo, i) => (
            <Button
              label={t('manage.photos.remove', { number: i + 1 })}
              kind="ghost"
              size="sm"
              disabled={edit.isPending}
              onPress={() =>
                setPhotos(
                  ids.filter((id) => id !== photo.id),
                  'manage.photos.removed',
                )
              }
              testID="remove-photo"
            />
          )}
        />
      )}
      {done ? (
        <Notice tone="success" testID="manage-photos-done">
          {t(done)}
        </Notice>
      ) : null}
      {error ? <Notice tone="error">{problemText(error, t)}</Notice> : null}
      {photos.length < LISTING_MAX_PHOTOS ? (
        <View style={styles.actions}>
          <PhotoPicker
            formats={formats}
            busy={upload.isPending || edit.isPending}
            onPick={(file) => {
              setDone(null);
              edit.reset();
              const body = file.blob ?? { uri: file.uri ?? '', name: file.name, type: file.type ?? '' };
              upload.mutate(
                { file: body, name: file.name },
                { onSuccess: (photo) => setPhotos([...ids, photo.id], 'manage.photos.added') },
              );
            }}
          />
        </View>
      ) : (
        <Text variant="caption" tone="muted">
          {t('manage.photos.full')}
        </Text>
      )}
    </Card>
  );
}

function DeleteCard({ listing, title }: { listing: ListingDetail; title: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <Card testID="manage-delete">
      <Text variant="h2">{t('manage.delete.heading')}</Text>
      <Text>{t('manage.delete.body')}</Text>
      <View style={styles.actions}>
        <Button
          label={t('manage.delete.open')}
          kind="danger"
          onPress={() => setOpen(true)}
          testID="manage-delete-open"
        />
      </View>
      <DeleteListingSheet
        listing={{ id: listing.id, title, reservations: listing.interest.reservations }}
        open={open}
        onClose={() => setOpen(false)}
        onDeleted={() => {
          setOpen(false);
          router.replace('/dashboard');
        }}
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  head: { gap: space.xs },
  stack: { gap: space.lg, maxWidth: 760 },
  badges: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
