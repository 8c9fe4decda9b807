/**
 * A labelled text field with help and error text tied to it for screen readers. Without
 * `multiline` it is one line: a line break pasted into it (a phone's single-line field keeps one)
 * becomes a space, as the API refuses line breaks in one-line fields (titles, names, subjects).
 */
import { forwardRef, useId } from 'react';
import { StyleSheet, TextInput, type TextInputProps, View } from 'react-native';
import { Text } from './text';
import { colors, radius, space } from './theme';

export interface InputProps extends Omit<TextInputProps, 'style'> {
  label: string;
  help?: string;
  error?: string | null;
  multiline?: boolean;
}

/** Line breaks, a CR LF pair counted as one. */
const LINE_BREAKS = /\r\n|[\n\r\u0085\u2028\u2029]/g;

export const Input = forwardRef<TextInput, InputProps>(function Input(
  { label, help, error, multiline, onChangeText, ...rest },
  ref,
) {
  const id = useId();
  const describedBy =
    [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <View style={styles.field}>
      <Text variant="label" nativeID={`${id}-label`}>
        {label}
      </Text>
      <TextInput
        ref={ref}
        accessibilityLabel={label}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        placeholderTextColor={colors.inkMuted}
        multiline={multiline}
        style={[styles.input, multiline && styles.multiline, error ? styles.invalid : null]}
        onChangeText={
          multiline || !onChangeText ? onChangeText : (text) => onChangeText(text.replace(LINE_BREAKS, ' '))
        }
        {...rest}
      />
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
});

const styles = StyleSheet.create({
  field: { gap: space.xs },
  input: {
    minHeight: 44,
    borderWidth: 1,
    borderColor: colors.line,
    borderRadius: radius.md,
    paddingHorizontal: space.md,
    paddingVertical: space.sm,
    fontSize: 16,
    color: colors.ink,
    backgroundColor: colors.surface,
  },
  multiline: { minHeight: 110, textAlignVertical: 'top' },
  invalid: { borderColor: colors.danger },
});
