/**
 * One choice among a few (a radio group): as a list of rows with descriptions, or as a wrap of
 * pills for short options such as sorts and categories.
 */
import { Pressable, StyleSheet, View } from 'react-native';
import { Text } from './text';
import { colors, focusRing, isFocused, radius, space } from './theme';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description?: string;
}

export interface ChoiceGroupProps<T extends string> {
  label: string;
  choices: ReadonlyArray<Choice<T>>;
  value: T | null;
  onChange: (value: T) => void;
  look?: 'rows' | 'pills';
  error?: string | null;
  help?: string;
  testID?: string;
}

export function ChoiceGroup<T extends string>({
  label,
  choices,
  value,
  onChange,
  look = 'rows',
  error,
  help,
  testID,
}: ChoiceGroupProps<T>) {
  return (
    <View role="radiogroup" aria-label={label} style={styles.group} testID={testID}>
      <Text variant="label">{label}</Text>
      {help ? (
        <Text variant="caption" tone="muted">
          {help}
        </Text>
      ) : null}
      <View style={look === 'pills' ? styles.pills : styles.rows}>
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <Pressable
              key={choice.value}
              role="radio"
              aria-checked={selected}
              accessibilityLabel={
                choice.description ? `${choice.label}. ${choice.description}` : choice.label
              }
              onPress={() => onChange(choice.value)}
              style={(state) => [
                look === 'pills' ? styles.pill : styles.row,
                selected && (look === 'pills' ? styles.pillOn : styles.rowOn),
                isFocused(state) && focusRing,
              ]}
            >
              {look === 'rows' ? (
                <View style={[styles.dot, selected && styles.dotOn]} aria-hidden>
                  {selected ? <View style={styles.dotInner} /> : null}
                </View>
              ) : null}
              <View style={look === 'rows' ? styles.rowText : null}>
                <Text variant="label" style={look === 'pills' && selected ? styles.pillTextOn : null}>
                  {choice.label}
                </Text>
                {look === 'rows' && choice.description ? (
                  <Text variant="caption" tone="muted">
                    {choice.description}
                  </Text>
                ) : null}
              </View>
            </Pressable>
          );
        })}
      </View>
      {error ? (
        <Text variant="caption" tone="danger" role="alert">
          {error}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  group: { gap: space.sm },
  rows: { gap: space.sm },
  pills: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  row: {
    flexDirection: 'row',
    alignItems: 'flex-start',
    gap: space.md,
    padding: space.md,
    minHeight: 44,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    backgroundColor: colors.surface,
  },
  rowOn: { borderColor: colors.brand, backgroundColor: colors.brandSoft },
  rowText: { flex: 1, gap: 2 },
  dot: {
    width: 22,
    height: 22,
    borderRadius: 11,
    borderWidth: 2,
    borderColor: colors.inkMuted,
    alignItems: 'center',
    justifyContent: 'center',
  },
  dotOn: { borderColor: colors.brand },
  dotInner: { width: 10, height: 10, borderRadius: 5, backgroundColor: colors.brand },
  pill: {
    minHeight: 44,
    paddingHorizontal: space.lg,
    justifyContent: 'center',
    borderRadius: radius.pill,
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
  pillOn: { backgroundColor: colors.brand, borderColor: colors.brand },
  pillTextOn: { color: '#ffffff' },
});
