/** The dashboard's summary: how many drafts, listings, saves and reservations, at a glance. */
import type { DashboardResponse } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';

export function Summary({ data }: { data: DashboardResponse }) {
  const { t, formatNumber } = useI18n();
  const tiles: Array<[string, number, boolean]> = [
    [t('dashboard.tileDrafts'), data.drafts.length, data.viewer.kind === 'user'],
    [t('dashboard.tilePublished'), data.listings.length, data.viewer.kind === 'user'],
    [t('dashboard.tileSaved'), data.saved.length, true],
    [t('dashboard.tileReservations'), data.reservations.active.length, true],
  ];
  return (
    <View style={styles.tiles} role="list" testID="dashboard-summary">
      {tiles
        .filter(([, , shown]) => shown)
        .map(([label, value]) => (
          <View key={label} role="listitem" style={styles.tile}>
            <Text variant="h2">{formatNumber(value)}</Text>
            <Text variant="caption" tone="muted">
              {label}
            </Text>
          </View>
        ))}
    </View>
  );
}

const styles = StyleSheet.create({
  tiles: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  tile: {
    flexGrow: 1,
    flexBasis: 140,
    padding: space.lg,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
});
