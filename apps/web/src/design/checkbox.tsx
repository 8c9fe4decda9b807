/** A labelled checkbox (role checkbox, checked state announced), 44 px tall for touch. */
import { Pressable, StyleSheet, View } from 'react-native';
import { Text } from './text';
import { colors, focusRing, isFocused, radius, space } from './theme';

export interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Smaller text shown under the label, e.g. what ticking it means. */
  help?: string;
  error?: string | null;
  disabled?: boolean;
  testID?: string;
}

export function Checkbox({ label, checked, onChange, help, error, disabled, testID }: CheckboxProps) {
  return (
    <View style={styles.field}>
      <Pressable
        role="checkbox"
        aria-checked={checked}
        aria-disabled={disabled}
        accessibilityLabel={label}
        disabled={disabled}
        onPress={() => onChange(!checked)}
        testID={testID}
        style={(state) => [styles.row, isFocused(state) && focusRing]}
      >
        <View style={[styles.box, checked && styles.boxOn, error ? styles.boxError : null]} aria-hidden>
          {checked ? <View style={styles.tick} /> : null}
        </View>
        <View style={styles.text}>
          <Text>{label}</Text>
          {help ? (
            <Text variant="caption" tone="muted">
              {help}
            </Text>
          ) : null}
        </View>
      </Pressable>
      {error ? (
        <Text variant="caption" tone="danger" role="alert">
          {error}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  field: { gap: space.xs },
  row: {
    flexDirection: 'row',
    alignItems: 'flex-start',
    gap: space.md,
    minHeight: 44,
    paddingVertical: space.xs,
    borderRadius: radius.sm,
  },
  box: {
    width: 24,
    height: 24,
    marginTop: 1,
    borderRadius: radius.sm,
    borderWidth: 2,
    borderColor: colors.inkMuted,
    backgroundColor: colors.surface,
    alignItems: 'center',
    justifyContent: 'center',
  },
  boxOn: { backgroundColor: colors.brand, borderColor: colors.brand },
  boxError: { borderColor: colors.danger },
  tick: {
    width: 12,
    height: 7,
    borderLeftWidth: 3,
    borderBottomWidth: 3,
    borderColor: '#fff',
    transform: [{ rotate: '-45deg' }],
    marginTop: -3,
  },
  text: { flex: 1, gap: 2 },
});
