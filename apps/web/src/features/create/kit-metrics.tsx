/** The numbers of a kit at a glance: blocks, fasteners, real size, layers, weight, colours. */
import type { KitSummary } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { stabilityTile } from './stability-text';

export function KitMetrics({ summary }: { summary: KitSummary }) {
  const { t, locale, formatNumber } = useI18n();
  const cm = (mm: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(mm / 10);
  const { x, y, z } = summary.dimensions_mm;
  const mass =
    summary.estimated_mass_g >= 1000
      ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(summary.estimated_mass_g / 1000)} kg`
      : `${formatNumber(summary.estimated_mass_g)} g`;
  const saved = Math.round(summary.reduction * 100);
  const tiles: Array<{ label: string; value: string; note?: string }> = [
    { label: t('create.metrics.blocks'), value: formatNumber(summary.part_count) },
    { label: t('create.metrics.fasteners'), value: formatNumber(summary.fastener_count) },
    {
      label: t('create.metrics.size'),
      value: `${cm(x)} × ${cm(y)} × ${cm(z)} cm`,
      note: t('create.metrics.sizeNote'),
    },
    { label: t('create.metrics.layers'), value: formatNumber(summary.layers) },
    { label: t('create.metrics.weight'), value: mass, note: t('create.metrics.weightNote') },
    { label: t('create.metrics.colours'), value: formatNumber(summary.colours.length) },
    {
      label: t('create.metrics.saved'),
      value: `${saved}%`,
      note: t('create.metrics.savedNote', { baseline: formatNumber(summary.baseline_count) }),
    },
    ...(summary.reduction_with_pins === undefined
      ? []
      : [
          {
            label: t('create.metrics.savedWithPins'),
            value: `${Math.round(summary.reduction_with_pins * 100)}%`,
            note: t('create.metrics.savedWithPinsNote'),
          },
        ]),
    ...(summary.added_block_count
      ? [
          {
            label: t('create.metrics.added'),
            value: formatNumber(summary.added_block_count),
            note: t('create.metrics.addedNote'),
          },
        ]
      : []),
    stabilityTile(t, summary, formatNumber),
  ];
  return (
    <View style={styles.grid} role="list" aria-label={t('create.metrics.title')} testID="kit-metrics">
      {tiles.map((tile) => (
        <View key={tile.label} role="listitem" style={styles.tile}>
          <Text variant="caption" tone="muted">
            {tile.label}
          </Text>
          <Text variant="h3">{tile.value}</Text>
          {tile.note ? (
            <Text variant="caption" tone="muted">
              {tile.note}
            </Text>
          ) : null}
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  tile: {
    flexGrow: 1,
    flexBasis: 140,
    minWidth: 130,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    padding: space.md,
    gap: 2,
  },
});
