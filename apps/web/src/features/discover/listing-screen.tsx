/**
 * A listing page: the kit in 3D (web) over its isometric picture, who designed and who owns it,
 * the text in the reader's language (with the original a tap away), the designer's photos, what
 * it is made of and how to build it, and the ways to save, share and register non-binding
 * interest. Its owner sees where it stands and the way to manage it instead of a report link.
 */
import type { ListingDetail } from '@kitwright/contracts';
import { type Href, useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  colors,
  EmptyState,
  Loading,
  Notice,
  Screen,
  space,
  Text,
  TextLink,
  useLayout,
} from '../../design';
import { useI18n } from '../../i18n';
import { useStaticHandoff } from '../../platform/static-handoff';
import { useAppShell } from '../../state/queries/app-shell';
import { useListing, useOriginalText } from '../../state/queries/listing';
import { ListingPhotos } from '../manage/listing-photos';
import { KitPreview } from '../viewer/kit-preview';
import { BillOfMaterials } from './bill-of-materials';
import { BuildSteps } from './build-steps';
import { InterestPanel } from './interest-panel';
import {
  categoryLabel,
  colourName,
  intendedUseLabel,
  originalIn,
  translatedFrom,
  untranslatedNote,
} from './labels';
import { ProblemNotice } from './problem-notice';
import { isGone } from './request-problems';
import { SaveButton } from './save-button';
import { ShareButton } from './share-button';

const SURFACES = new Set(['gallery', 'home', 'dashboard', 'listing']);

/** Whether anyone may load the listing's files (else only its owner, with their token). */
function isShownToAll(l: Pick<ListingDetail, 'state' | 'moderation_state' | 'visibility'>): boolean {
  return l.state === 'published' && l.moderation_state === 'approved' && l.visibility !== 'private';
}

export function ListingScreen() {
  const { t, locale, formatNumber } = useI18n();
  const { layout } = useLayout();
  const params = useLocalSearchParams<{ slug: string; share?: string; s?: string; from?: string }>();
  const slug = String(params.slug ?? '');
  const share = params.share ?? params.s;
  const surface = share ? 'share' : SURFACES.has(params.from ?? '') ? (params.from as string) : 'direct';
  const listing = useListing(slug, locale, { share, surface });
  const [original, setOriginal] = useState(false);
  const data = listing.data;
  useStaticHandoff(!listing.isPending);
  const translated = Boolean(
    data?.localisation.description.translated || data?.localisation.title.translated,
  );
  const source = useOriginalText(slug, data?.source_language ?? null, original && translated);
  const shell = useAppShell();
  // Without machine translation, a reader in another language sees the original, and is told why.
  const untranslated =
    data && !translated && data.source_language !== locale && shell.data?.config.machine_translation === 'off'
      ? untranslatedNote(t, data.source_language)
      : null;

  if (listing.isPending) {
    return (
      <Screen title={t('listing.loading')}>
        <Loading label={t('listing.loading')} />
      </Screen>
    );
  }
  if (listing.isError || !data) {
    return (
      <Screen title={t('listing.notFoundTitle')}>
        {isGone(listing.error) ? (
          <EmptyState
            title={t('listing.notFoundTitle')}
            body={t('listing.notFoundBody')}
            action={<ButtonLink label={t('home.browseCta')} href="/gallery" />}
          />
        ) : (
          <ProblemNotice
            error={listing.error}
            title={t('listing.errorTitle')}
            onRetry={() => void listing.refetch()}
          />
        )}
      </Screen>
    );
  }

  const showOriginal = original && source.data;
  const title = showOriginal ? source.data.title : data.title;
  const description = showOriginal ? source.data.description : data.description;
  const tags = showOriginal ? source.data.tags : data.tags;
  const wide = layout === 'desktop';
  const mine = data.viewer.owner;
  const ownerOnly = mine && !isShownToAll(data);
  const dims = data.kit.dimensions_mm;
  const alt = t('listing.previewAlt', { title: data.title, count: data.kit.part_count });

  const facts: Array<[string, string]> = [
    [t('listing.facts.category'), categoryLabel(t, data.category)],
    [t('listing.facts.use'), intendedUseLabel(t, data.use_case)],
    [
      t('listing.facts.size'),
      t('listing.facts.sizeValue', {
        x: formatNumber(Math.round(dims.x)),
        y: formatNumber(Math.round(dims.y)),
        z: formatNumber(Math.round(dims.z)),
      }),
    ],
    [t('listing.facts.blocks'), formatNumber(data.kit.part_count)],
    [t('listing.facts.pins'), formatNumber(data.kit.fastener_count)],
    [t('listing.facts.layers'), formatNumber(data.kit.layers)],
    [
      t('listing.facts.mass'),
      t('listing.facts.massValue', { grams: formatNumber(Math.round(data.kit.estimated_mass_g)) }),
    ],
    [t('listing.facts.colours'), data.kit.colours.map((c) => colourName(t, c)).join(', ')],
    [
      t('listing.facts.published'),
      new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(data.published_at)),
    ],
  ];

  const actions = (
    <View style={styles.side}>
      <InterestPanel listing={data} shareCode={share} />
      <View style={[styles.pair, layout === 'phone' ? styles.pairPhone : null]}>
        <View style={layout === 'phone' ? null : styles.pairItem}>
          <SaveButton listing={data} />
        </View>
        <View style={layout === 'phone' ? null : styles.pairItem}>
          <ShareButton listingId={data.id} title={data.title} />
        </View>
      </View>
    </View>
  );

  return (
    <Screen title={data.title} testID="listing-screen">
      {mine ? <OwnerPanel listing={data} /> : null}
      <View style={[styles.top, wide && styles.topWide]}>
        <View style={[styles.main, wide && styles.mainWide]}>
          <KitPreview
            pictureUrl={data.media.preview_png_url ?? data.media.preview_url}
            alt={alt}
            ownerOnly={ownerOnly}
            kit={{ url: data.media.kit_url, steps: data.build.steps }}
          />
          {data.media.photos.length > 0 ? (
            <View style={styles.photos} testID="listing-photos">
              <Text variant="h3">{t('manage.photos.title')}</Text>
              <ListingPhotos photos={data.media.photos} title={data.title} ownerOnly={ownerOnly} />
            </View>
          ) : null}
        </View>
        <View style={[styles.info, wide && styles.infoWide]}>
          <View style={styles.titleBlock}>
            <Badge label={categoryLabel(t, data.category)} tone="brand" />
            <Text variant="h1" testID="listing-title">
              {title}
            </Text>
            <Text testID="listing-attribution">
              {t('listing.designedBy')}{' '}
              <TextLink href={`/gallery?designer=${encodeURIComponent(data.creator.username)}`} weight="bold">
                {data.creator.display_name}
              </TextLink>
              {' · '}
              {t('listing.ownedBy')}{' '}
              <TextLink href={`/gallery?designer=${encodeURIComponent(data.owner.username)}`} weight="bold">
                {data.owner.display_name}
              </TextLink>
            </Text>
            {translated ? (
              <View style={styles.translated} testID="listing-translated">
                <Text variant="caption" tone="muted">
                  {showOriginal
                    ? originalIn(t, data.source_language)
                    : translatedFrom(t, data.source_language)}
                </Text>
                <Button
                  label={original ? t('listing.showTranslation') : t('common.showOriginal')}
                  kind="ghost"
                  busy={original && source.isFetching}
                  onPress={() => setOriginal((o) => !o)}
                  testID="show-original"
                />
              </View>
            ) : null}
            {untranslated ? (
              <Text variant="caption" tone="muted" testID="listing-untranslated">
                {untranslated}
              </Text>
            ) : null}
          </View>
          <Text variant="lead" testID="listing-description">
            {description}
          </Text>
          <View style={styles.stats}>
            <Stat value={formatNumber(data.interest.views)} label={t('listing.views')} />
            <Stat value={formatNumber(data.interest.saves)} label={t('listing.saves')} />
            <Stat value={formatNumber(data.interest.reservations)} label={t('listing.interested')} />
          </View>
          {wide ? actions : null}
        </View>
      </View>

      {wide ? null : actions}

      <View style={[styles.columns, wide && styles.columnsWide]}>
        <View style={[styles.column, wide && styles.columnMain]}>
          <BuildSteps kitUrl={data.media.kit_url} steps={data.build.steps} />
        </View>
        <View style={[styles.column, wide && styles.columnSide]}>
          <BillOfMaterials bom={data.bill_of_materials} />
          <View style={styles.factsWrap}>
            <Text variant="h2">{t('listing.facts.title')}</Text>
            <Card>
              {facts.map(([label, value]) => (
                <View key={label} style={styles.fact}>
                  <Text variant="label" tone="muted" style={styles.factLabel}>
                    {label}
                  </Text>
                  <Text style={styles.factValue}>{value}</Text>
                </View>
              ))}
            </Card>
            {tags.length ? (
              <View style={styles.tags} role="list" aria-label={t('listing.tags')}>
                {tags.map((tag) => (
                  <View key={tag} role="listitem">
                    <Badge label={`#${tag}`} />
                  </View>
                ))}
              </View>
            ) : null}
          </View>
          <Card style={styles.trust}>
            <Text variant="label">{t('listing.ownershipTitle')}</Text>
            <Text variant="caption">{t('listing.ownershipBody', { owner: data.owner.display_name })}</Text>
            {/* One does not report one's own design: its owner manages it (above) instead. */}
            {mine ? null : (
              <TextLink
                href={`/help/support?listing=${encodeURIComponent(data.id)}&category=report`}
                variant="caption"
                testID="report-link"
              >
                {t('listing.report')}
              </TextLink>
            )}
          </Card>
        </View>
      </View>
    </Screen>
  );
}

/** For the listing's owner: where it stands (published or not, in review) and the way to manage it. */
function OwnerPanel({ listing }: { listing: ListingDetail }) {
  const { t } = useI18n();
  const published = listing.state === 'published';
  return (
    <Card style={styles.owner} testID="owner-panel">
      <View style={styles.ownerHead}>
        <Text variant="h2">{t('manage.owner.title')}</Text>
        <Badge
          label={t(published ? 'manage.state.published' : 'manage.state.unpublished')}
          tone={published ? 'success' : 'warning'}
        />
        <Badge label={t(`dashboard.visibility.${listing.visibility}`)} />
      </View>
      {published ? null : (
        <Notice tone="warning" title={t('manage.state.unpublished')} testID="owner-unpublished">
          {t('manage.unpublishedNotice')}
        </Notice>
      )}
      {published && listing.moderation_state === 'pending' ? (
        <Notice tone="info">{t('manage.pendingNotice')}</Notice>
      ) : null}
      <Text variant="caption" tone="muted">
        {t('manage.owner.body')}
      </Text>
      <View style={styles.ownerActions}>
        <ButtonLink
          label={t('manage.owner.open')}
          href={`/listing/${listing.slug}/manage` as Href}
          size="sm"
          testID="manage-link"
        />
      </View>
    </Card>
  );
}

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <View style={styles.stat}>
      <Text variant="lead" weight="bold">
        {value}
      </Text>
      <Text variant="caption" tone="muted">
        {label}
      </Text>
    </View>
  );
}

const styles = StyleSheet.create({
  top: { gap: space.xl },
  topWide: { flexDirection: 'row', alignItems: 'flex-start' },
  main: { gap: space.md },
  mainWide: { flex: 7 },
  info: { gap: space.lg },
  infoWide: { flex: 5 },
  titleBlock: { gap: space.sm },
  translated: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  stats: { flexDirection: 'row', gap: space.sm },
  stat: {
    flex: 1,
    padding: space.md,
    borderRadius: 10,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
  side: { gap: space.md },
  pair: { flexDirection: 'row', gap: space.sm, alignItems: 'flex-start' },
  pairPhone: { flexDirection: 'column', alignItems: 'stretch' },
  pairItem: { flex: 1 },
  columns: { gap: space.xxl },
  columnsWide: { flexDirection: 'row', alignItems: 'flex-start' },
  column: { gap: space.xl },
  columnMain: { flex: 7 },
  columnSide: { flex: 5 },
  factsWrap: { gap: space.sm },
  fact: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, justifyContent: 'space-between' },
  factLabel: { minWidth: 110 },
  factValue: { flexShrink: 1, textAlign: 'right' },
  tags: { flexDirection: 'row', flexWrap: 'wrap', gap: space.xs },
  trust: { backgroundColor: colors.surfaceMuted, gap: space.sm },
  photos: { gap: space.sm },
  owner: { gap: space.sm, marginBottom: space.lg, borderColor: colors.brand },
  ownerHead: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  ownerActions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
