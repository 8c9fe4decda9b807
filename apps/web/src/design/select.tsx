/**
 * One value from a long list (countries, languages): a labelled field that opens a sheet with the
 * options on iOS and Android. The web uses the browser's own <select> (select.web.tsx).
 */
import { useState } from 'react';
import { FlatList, Pressable, StyleSheet, View } from 'react-native';
import type { SelectModule, SelectOption, SelectProps } from './select.types';
import { Sheet } from './sheet';
import { Text } from './text';
import { colors, focusRing, isFocused, radius, space } from './theme';

export const Select = function Select({
  label,
  value,
  options,
  onChange,
  placeholder,
  closeLabel,
  help,
  error,
  testID,
}: SelectProps) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((o) => o.value === value);
  return (
    <View style={styles.field}>
      <Text variant="label">{label}</Text>
      <Pressable
        role="button"
        accessibilityLabel={`${label}: ${chosen?.label ?? placeholder}`}
        onPress={() => setOpen(true)}
        testID={testID}
        style={(state) => [styles.control, error ? styles.invalid : null, isFocused(state) && focusRing]}
      >
        <Text tone={chosen ? 'default' : 'muted'}>{chosen?.label ?? placeholder}</Text>
      </Pressable>
      {help ? (
        <Text variant="caption" tone="muted">
          {help}
        </Text>
      ) : null}
      {error ? (
        <Text variant="caption" tone="danger" role="alert">
          {error}
        </Text>
      ) : null}
      <Sheet open={open} title={label} closeLabel={closeLabel} onClose={() => setOpen(false)}>
        <FlatList
          data={options as SelectOption[]}
          keyExtractor={(o) => o.value}
          renderItem={({ item }) => (
            <Pressable
              role="radio"
              aria-checked={item.value === value}
              accessibilityLabel={item.label}
              onPress={() => {
                onChange(item.value);
                setOpen(false);
              }}
              style={[styles.option, item.value === value && styles.optionOn]}
            >
              <Text>{item.label}</Text>
            </Pressable>
          )}
        />
      </Sheet>
    </View>
  );
} satisfies SelectModule['Select'];

const styles = StyleSheet.create({
  field: { gap: space.xs },
  control: {
    minHeight: 44,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    paddingHorizontal: space.md,
    justifyContent: 'center',
    backgroundColor: colors.surface,
  },
  invalid: { borderColor: colors.danger },
  option: { minHeight: 44, justifyContent: 'center', paddingHorizontal: space.md, borderRadius: radius.sm },
  optionOn: { backgroundColor: colors.brandSoft },
});
