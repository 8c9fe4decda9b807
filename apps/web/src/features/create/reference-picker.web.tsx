/** Choosing a picture on the web: a real <input type="file"> for PNG, JPEG and WebP behind a button. */
import { useRef } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { formatBytes } from './picked-file';
import type { ReferencePickerModule, ReferencePickerProps } from './reference-picker.types';

export const ReferencePicker = function ReferencePicker({
  hint,
  file,
  onPick,
  disabled,
  error,
}: ReferencePickerProps) {
  const { t, locale } = useI18n();
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <View style={[styles.zone, file ? styles.chosen : null, error ? styles.error : null]}>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
        aria-label={t('reference.pick.label')}
        data-testid="reference-file-input"
        disabled={disabled}
        style={{ display: 'none' }}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          if (chosen) onPick({ name: chosen.name, size: chosen.size, blob: chosen, type: chosen.type });
          e.currentTarget.value = '';
        }}
      />
      {file ? (
        <Text variant="label" center style={styles.name} testID="reference-chosen">
          {t('reference.pick.chosen', { name: file.name, size: formatBytes(file.size, locale) })}
        </Text>
      ) : null}
      <Button
        label={file ? t('reference.pick.another') : t('reference.pick.choose')}
        kind={file ? 'secondary' : 'primary'}
        onPress={() => input.current?.click()}
        disabled={disabled}
        testID="reference-choose"
      />
      <Text variant="caption" tone="muted" center>
        {hint}
      </Text>
      {error ? (
        <Text variant="caption" tone="danger" center testID="reference-pick-error">
          {error}
        </Text>
      ) : null}
    </View>
  );
} satisfies ReferencePickerModule['ReferencePicker'];

const styles = StyleSheet.create({
  zone: {
    borderWidth: 2,
    borderStyle: 'dashed',
    borderColor: colors.line,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    paddingVertical: space.xl,
    paddingHorizontal: space.lg,
    alignItems: 'center',
    gap: space.md,
  },
  chosen: { borderStyle: 'solid', borderColor: colors.brand },
  error: { borderColor: colors.danger },
  name: { maxWidth: '100%' },
});
