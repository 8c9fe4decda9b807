/**
 * The picker's drop area as both platforms draw it: the drawing, the chosen file (name and size)
 * or what to do, the buttons the platform gives, the hint, and why the last file was refused.
 */
import type { ReactNode, Ref } from 'react';
import { StyleSheet, View } from 'react-native';
import { colors, Notice, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import type { FilePickerProps } from './file-picker.types';
import { formatBytes } from './picked-file';

type ZoneProps = Pick<FilePickerProps, 'icon' | 'strings' | 'testIDs' | 'hint' | 'file' | 'error'> & {
  /** A file is held over the area (web). */
  over?: boolean;
  zoneRef?: Ref<View>;
  /** The platform's buttons (and the web's hidden input). */
  children: ReactNode;
};

export function FilePickerZone({
  icon,
  strings,
  testIDs,
  hint,
  file,
  error,
  over = false,
  zoneRef,
  children,
}: ZoneProps) {
  const { locale } = useI18n();
  return (
    <View style={styles.stack}>
      <View
        ref={zoneRef}
        style={[
          styles.zone,
          over ? styles.over : null,
          file ? styles.chosen : null,
          error ? styles.refused : null,
        ]}
        testID={testIDs.zone}
      >
        {icon === 'model' ? <BlocksIcon /> : <PictureIcon />}
        {file ? (
          <View style={styles.text}>
            <Text variant="label" center>
              {strings.chosen}
            </Text>
            <Text variant="h3" center style={styles.name} testID={testIDs.chosen}>
              {file.name}
            </Text>
            <Text variant="caption" tone="muted" center>
              {formatBytes(file.size, locale)}
            </Text>
          </View>
        ) : (
          <View style={styles.text}>
            <Text variant="h3" center>
              {over ? strings.dropNow : strings.dropTitle}
            </Text>
            <Text tone="muted" center>
              {strings.dropOr}
            </Text>
          </View>
        )}
        {children}
        <Text variant="caption" tone="muted" center>
          {hint}
        </Text>
      </View>
      {error ? (
        <Notice tone="error" testID={testIDs.error}>
          {error}
        </Notice>
      ) : null}
    </View>
  );
}

function BlocksIcon() {
  return (
    <View style={styles.icon} aria-hidden>
      <View style={[styles.cube, styles.cubeBack]} />
      <View style={styles.cube} />
    </View>
  );
}

function PictureIcon() {
  return (
    <View style={styles.icon} aria-hidden>
      <View style={styles.frame}>
        <View style={styles.sun} />
        <View style={styles.hill} />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.md },
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
  refused: { borderColor: colors.danger },
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
  frame: {
    position: 'absolute',
    left: 4,
    top: 4,
    width: 48,
    height: 40,
    borderRadius: 6,
    borderWidth: 3,
    borderColor: colors.brand,
    overflow: 'hidden',
  },
  sun: {
    position: 'absolute',
    right: 6,
    top: 5,
    width: 10,
    height: 10,
    borderRadius: 5,
    backgroundColor: '#e0a526',
  },
  hill: {
    position: 'absolute',
    left: -6,
    bottom: -14,
    width: 40,
    height: 28,
    borderRadius: 20,
    backgroundColor: colors.brand,
  },
  text: { gap: space.xs, alignItems: 'center', maxWidth: '100%' },
  name: { maxWidth: '100%' },
});
