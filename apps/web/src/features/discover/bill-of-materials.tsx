/** What the kit is made of: each block by size and colour, and the pins that join them. */
import type { ListingDetail } from '@kitwright/contracts';
import { StyleSheet, View } from 'react-native';
import { colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { paletteHex } from '../viewer/palette';
import { colourName, partName } from './labels';

export function BillOfMaterials({ bom }: { bom: ListingDetail['bill_of_materials'] }) {
  const { t } = useI18n();
  const blocks = bom.blocks.reduce((n, b) => n + b.count, 0);
  const pins = bom.fasteners.reduce((n, f) => n + f.count, 0);
  return (
    <View style={styles.wrap} testID="bill-of-materials">
      <Text variant="h2">{t('bom.title')}</Text>
      <Text tone="muted">
        {t('bom.total', {
          blockTotal: t('common.blocks', { count: blocks }),
          pinTotal: t('bom.pins', { count: pins }),
        })}
      </Text>
      <View role="list" style={styles.list}>
        {bom.blocks.map((line) => (
          <View key={`${line.part}-${line.colour}-${line.added === true}`} role="listitem" style={styles.row}>
            <View
              aria-hidden
              style={[styles.swatch, { backgroundColor: paletteHex(line.colour) ?? colors.surfaceMuted }]}
            />
            <Text style={styles.name}>
              {t('bom.block', { part: partName(line.part), colour: colourName(t, line.colour) })}
              {line.added ? ` · ${t('bom.added')}` : ''}
            </Text>
            <Text weight="bold">{t('bom.count', { count: line.count })}</Text>
          </View>
        ))}
        {bom.fasteners.map((line) => (
          <View key={line.part} role="listitem" style={styles.row}>
            <View aria-hidden style={[styles.swatch, styles.pin]} />
            <Text style={styles.name}>{t('bom.pin')}</Text>
            <Text weight="bold">{t('bom.count', { count: line.count })}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: space.sm },
  list: {
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    backgroundColor: colors.surface,
  },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: space.md,
    paddingHorizontal: space.md,
    paddingVertical: space.sm,
    minHeight: 44,
    borderBottomWidth: 1,
    borderBottomColor: colors.surfaceMuted,
  },
  swatch: { width: 22, height: 22, borderRadius: radius.sm, borderWidth: 1, borderColor: 'rgba(0,0,0,0.2)' },
  pin: { width: 8, borderRadius: 4, backgroundColor: colors.inkMuted, marginHorizontal: 7 },
  name: { flex: 1 },
});
