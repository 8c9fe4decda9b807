/** One value from a long list on the web: the browser's own <select>, labelled and described. */
import { useId } from 'react';
import { StyleSheet, View } from 'react-native';
import type { SelectModule, SelectProps } from './select.types';
import { Text } from './text';
import { colors, font, radius, space } from './theme';

export const Select = function Select({
  label,
  value,
  options,
  onChange,
  placeholder,
  help,
  error,
  testID,
}: SelectProps) {
  const id = useId();
  const describedBy =
    [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <View style={styles.field}>
      <label htmlFor={`${id}-select`} style={{ display: 'block' }}>
        <Text variant="label">{label}</Text>
      </label>
      <select
        id={`${id}-select`}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        data-testid={testID}
        onChange={(e) => onChange(e.target.value)}
        style={{
          minHeight: 44,
          width: '100%',
          borderWidth: 1,
          borderStyle: 'solid',
          borderColor: error ? colors.danger : colors.line,
          borderRadius: radius.md,
          paddingLeft: space.md,
          paddingRight: space.md,
          fontSize: 16,
          fontFamily: font.family,
          color: colors.ink,
          backgroundColor: colors.surface,
        }}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {help ? (
        <Text variant="caption" tone="muted" nativeID={`${id}-help`}>
          {help}
        </Text>
      ) : null}
      {error ? (
        <Text variant="caption" tone="danger" nativeID={`${id}-error`} role="alert">
          {error}
        </Text>
      ) : null}
    </View>
  );
} satisfies SelectModule['Select'];

const styles = StyleSheet.create({ field: { gap: space.xs } });
