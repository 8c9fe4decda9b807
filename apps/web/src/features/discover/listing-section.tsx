/** A titled row of listing cards from one gallery query (home page), with a link to see them all. */
import type { GalleryResponse, GallerySort } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { StyleSheet, View } from 'react-native';
import { ButtonLink, Loading, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { CardGrid } from './card-grid';
import { ListingCard } from './listing-card';
import { ProblemNotice } from './problem-notice';

export function ListingSection({
  title,
  intro,
  sort,
  query,
  testID,
}: {
  title: string;
  intro: string;
  sort: GallerySort;
  query: {
    data: GalleryResponse | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  testID: string;
}) {
  const { t } = useI18n();
  const items = query.data?.items ?? [];
  return (
    <View style={styles.section} testID={testID}>
      <View style={styles.head}>
        <View style={styles.titles}>
          <Text variant="h2">{title}</Text>
          <Text tone="muted">{intro}</Text>
        </View>
        <ButtonLink label={t('home.seeAll')} kind="ghost" href={`/gallery?sort=${sort}` as Href} />
      </View>
      {query.isPending ? <Loading label={t('gallery.loading')} /> : null}
      {query.isError ? <ProblemNotice error={query.error} onRetry={() => void query.refetch()} /> : null}
      {items.length ? (
        <CardGrid>
          {items.map((listing) => (
            <ListingCard key={listing.id} listing={listing} from="home" />
          ))}
        </CardGrid>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  section: { gap: space.lg },
  head: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: space.sm,
  },
  titles: { gap: space.xs, flexShrink: 1, minWidth: 240 },
});
