/**
 * The gallery: search (typo tolerant), filters and sorts kept in the URL, and an endless list of
 * listing cards on the API's cursor pages.
 */
import { router, useLocalSearchParams } from 'expo-router';
import { useCallback, useMemo } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, ButtonLink, EmptyState, Loading, Notice, Screen, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useStaticHandoff } from '../../platform/static-handoff';
import { useGalleryPages } from '../../state/queries/gallery';
import { CardGrid } from './card-grid';
import { GalleryFiltersPanel, GallerySearch } from './gallery-controls';
import { readGalleryParams, toFilters } from './gallery-params';
import { ListingCard } from './listing-card';
import { ProblemNotice } from './problem-notice';

export function GalleryScreen() {
  const { t, locale } = useI18n();
  const raw = useLocalSearchParams<Record<string, string>>();
  const params = useMemo(() => readGalleryParams(raw), [raw]);
  const filters = useMemo(() => toFilters(params), [params]);
  const gallery = useGalleryPages(filters, locale);
  const pages = gallery.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const first = pages[0];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = gallery;
  useStaticHandoff(!gallery.isPending);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const change = (patch: Record<string, string | undefined>) => router.setParams(patch);
  const clearAll = () =>
    router.setParams({
      q: undefined,
      category: undefined,
      sort: undefined,
      size: undefined,
      designer: undefined,
      reserved: undefined,
    });

  return (
    <Screen title={t('gallery.title')} onEndReached={loadMore} testID="gallery-screen">
      <View style={styles.head}>
        <Text variant="h1">{t('gallery.title')}</Text>
        <Text variant="lead" tone="muted">
          {t('gallery.intro')}
        </Text>
      </View>
      <GallerySearch params={params} onChange={change} />
      <GalleryFiltersPanel params={params} onChange={change} />

      {first?.match === 'similar' && first.corrected_query ? (
        <Notice tone="info" testID="gallery-corrected">
          {t('gallery.corrected', { corrected: first.corrected_query, q: params.q })}
        </Notice>
      ) : null}

      {gallery.isPending ? (
        <Loading label={t('gallery.loading')} />
      ) : gallery.isError && items.length === 0 ? (
        <ProblemNotice
          error={gallery.error}
          title={t('gallery.errorTitle')}
          onRetry={() => void gallery.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={t('gallery.emptyTitle')}
          body={t('gallery.emptyBody')}
          action={
            <View style={styles.row}>
              <Button label={t('gallery.clearAll')} kind="secondary" onPress={clearAll} />
              <ButtonLink label={t('home.createCta')} href="/create" />
            </View>
          }
        />
      ) : (
        <View style={styles.results}>
          <Text variant="caption" tone="muted" role="status" testID="gallery-count">
            {t('gallery.shown', { count: items.length })}
          </Text>
          <CardGrid testID="gallery-grid">
            {items.map((listing, i) => (
              <ListingCard key={listing.id} listing={listing} from="gallery" headingLevel={2} lazy={i >= 4} />
            ))}
          </CardGrid>
          {isFetchingNextPage ? <Loading label={t('gallery.loadingMore')} /> : null}
          {gallery.isFetchNextPageError ? <ProblemNotice error={gallery.error} onRetry={loadMore} /> : null}
          {hasNextPage && !isFetchingNextPage ? (
            <View style={styles.more}>
              <Button
                label={t('gallery.loadMore')}
                kind="secondary"
                onPress={loadMore}
                testID="gallery-load-more"
              />
            </View>
          ) : null}
          {!hasNextPage ? (
            <Text variant="caption" tone="muted" center>
              {t('gallery.end')}
            </Text>
          ) : null}
        </View>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  head: { gap: space.sm },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, justifyContent: 'center' },
  results: { gap: space.lg },
  more: { alignItems: 'center' },
});
