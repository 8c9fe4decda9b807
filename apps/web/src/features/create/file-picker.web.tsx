/**
 * Choosing a model file on the web: a real <input type="file"> behind a button, and the whole
 * area accepts a dropped file (drag and drop), with a visible state while a file is over it.
 */
import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import type { FilePickerModule, FilePickerProps } from './file-picker.types';
import { formatBytes } from './picked-file';

export const FilePicker = function FilePicker({ formats, hint, file, onPick, disabled }: FilePickerProps) {
  const { t, locale } = useI18n();
  const input = useRef<HTMLInputElement | null>(null);
  const zone = useRef<View>(null);
  const [over, setOver] = useState(false);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const node = zone.current as unknown as HTMLElement | null;
    if (!node || disabled) return;
    const enter = (e: DragEvent) => {
      e.preventDefault();
      setOver(true);
    };
    const leave = (e: DragEvent) => {
      if (!node.contains(e.relatedTarget as Node | null)) setOver(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      const dropped = e.dataTransfer?.files?.[0];
      if (dropped)
        pick.current({ name: dropped.name, size: dropped.size, blob: dropped, type: dropped.type });
    };
    node.addEventListener('dragenter', enter);
    node.addEventListener('dragover', enter);
    node.addEventListener('dragleave', leave);
    node.addEventListener('drop', drop);
    return () => {
      node.removeEventListener('dragenter', enter);
      node.removeEventListener('dragover', enter);
      node.removeEventListener('dragleave', leave);
      node.removeEventListener('drop', drop);
    };
  }, [disabled]);

  return (
    <View
      ref={zone}
      style={[styles.zone, over ? styles.over : null, file ? styles.chosen : null]}
      testID="model-drop-zone"
    >
      <input
        ref={input}
        type="file"
        accept={formats.map((f) => `.${f}`).join(',')}
        aria-label={t('create.upload.fileLabel')}
        data-testid="model-file-input"
        disabled={disabled}
        style={{ display: 'none' }}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0];
          if (chosen) onPick({ name: chosen.name, size: chosen.size, blob: chosen, type: chosen.type });
          e.currentTarget.value = '';
        }}
      />
      <View style={styles.icon} aria-hidden>
        <View style={[styles.cube, styles.cubeBack]} />
        <View style={styles.cube} />
      </View>
      {file ? (
        <View style={styles.text}>
          <Text variant="label" center>
            {t('create.upload.chosen')}
          </Text>
          <Text variant="h3" center style={styles.name} testID="chosen-file-name">
            {file.name}
          </Text>
          <Text variant="caption" tone="muted" center>
            {formatBytes(file.size, locale)}
          </Text>
        </View>
      ) : (
        <View style={styles.text}>
          <Text variant="h3" center>
            {over ? t('create.upload.dropNow') : t('create.upload.dropTitle')}
          </Text>
          <Text tone="muted" center>
            {t('create.upload.dropOr')}
          </Text>
        </View>
      )}
      <Button
        label={file ? t('create.upload.chooseAnother') : t('create.upload.choose')}
        kind={file ? 'secondary' : 'primary'}
        onPress={() => input.current?.click()}
        disabled={disabled}
        testID="choose-file"
      />
      <Text variant="caption" tone="muted" center>
        {hint}
      </Text>
    </View>
  );
} satisfies FilePickerModule['FilePicker'];

const styles = StyleSheet.create({
  zone: {
    borderWidth: 2,
    borderStyle: 'dashed',
    borderColor: colors.line,
    borderRadius: radius.lg,
    backgroundColor: colors.surface,
    paddingVertical: space.xxl,
    paddingHorizontal: space.lg,
    alignItems: 'center',
    gap: space.md,
  },
  over: { borderColor: colors.brand, backgroundColor: colors.brandSoft },
  chosen: { borderStyle: 'solid', borderColor: colors.brand },
  icon: { width: 56, height: 48, marginBottom: space.xs },
  cube: {
    position: 'absolute',
    left: 8,
    top: 12,
    width: 36,
    height: 32,
    borderRadius: 6,
    backgroundColor: colors.brand,
  },
  cubeBack: { left: 18, top: 2, backgroundColor: '#e0a526' },
  text: { gap: space.xs, alignItems: 'center', maxWidth: '100%' },
  name: { maxWidth: '100%' },
});
