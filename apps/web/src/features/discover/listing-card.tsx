/**
 * A listing in a grid: its preview, title, designer, size and the interest it has. The whole card
 * is one link to the listing page (a real <a> on the web), named by title and designer.
 */
import type { ListingCard as Card } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { StyleSheet, View } from 'react-native';
import { Badge, colors, LinkBlock, Picture, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { categoryLabel } from './labels';

export function ListingCard({
  listing,
  from,
  headingLevel = 3,
  lazy = true,
}: {
  listing: Card;
  /** Where the card is shown, passed on so the listing's view is attributed to it. */
  from: string;
  headingLevel?: 2 | 3;
  lazy?: boolean;
}) {
  const { t } = useI18n();
  const designer = listing.designer.display_name;
  return (
    <LinkBlock
      href={`/listing/${listing.slug}?from=${from}` as Href}
      style={styles.card}
      testID="listing-card"
    >
      <View style={styles.media}>
        <Picture
          uri={listing.preview_url}
          alt={t('listingCard.previewAlt', { title: listing.title, count: listing.part_count })}
          width={960}
          height={720}
          lazy={lazy}
        />
      </View>
      <View style={styles.body}>
        <Badge label={categoryLabel(t, listing.category)} tone="brand" />
        <Text variant="h3" aria-level={headingLevel} numberOfLines={2}>
          {listing.title}
        </Text>
        <Text variant="caption" tone="muted" numberOfLines={1}>
          {t('common.designedBy', { name: designer })}
        </Text>
        <View style={styles.stats}>
          <Text variant="caption" weight="medium">
            {t('common.blocks', { count: listing.part_count })}
          </Text>
          <Text variant="caption" tone="muted" aria-hidden>
            ·
          </Text>
          <Text variant="caption" weight="medium">
            {t('listingCard.interested', { count: listing.interest.reservations })}
          </Text>
          <Text variant="caption" tone="muted" aria-hidden>
            ·
          </Text>
          <Text variant="caption" weight="medium">
            {t('listingCard.saves', { count: listing.interest.saves })}
          </Text>
        </View>
      </View>
    </LinkBlock>
  );
}

const styles = StyleSheet.create({
  card: {
    flex: 1,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    overflow: 'hidden',
  },
  media: { borderBottomWidth: 1, borderBottomColor: colors.surfaceMuted, padding: space.sm },
  body: { padding: space.lg, gap: space.xs, flexGrow: 1 },
  stats: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.xs, marginTop: space.xs },
});
