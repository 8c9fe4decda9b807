/** A short status word on a pill (draft, published, cancelled, 3 saves...). */
import { StyleSheet, View } from 'react-native';
import { Text } from './text';
import { colors, radius, space } from './theme';

type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

export function Badge({ label, tone = 'neutral', testID }: { label: string; tone?: Tone; testID?: string }) {
  return (
    <View style={[styles.badge, styles[tone]]} testID={testID}>
      <Text variant="caption" weight="medium" style={{ color: ink[tone] }}>
        {label}
      </Text>
    </View>
  );
}

const ink: Record<Tone, string> = {
  neutral: colors.ink,
  brand: colors.brandDark,
  success: colors.success,
  warning: colors.warning,
  danger: colors.danger,
};

const styles = StyleSheet.create({
  badge: {
    alignSelf: 'flex-start',
    paddingHorizontal: space.sm,
    paddingVertical: 2,
    borderRadius: radius.pill,
  },
  neutral: { backgroundColor: colors.surfaceMuted },
  brand: { backgroundColor: colors.brandSoft },
  success: { backgroundColor: colors.successSoft },
  warning: { backgroundColor: colors.warningSoft },
  danger: { backgroundColor: colors.dangerSoft },
});
