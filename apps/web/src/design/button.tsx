/** Buttons and link-buttons with roles, labels, focus rings and a busy state. */
import type { Href } from 'expo-router';
import type { ReactNode } from 'react';
import { ActivityIndicator, Pressable, StyleSheet, View } from 'react-native';
import { LinkBlock } from './link';
import { Text } from './text';
import { colors, radius, space } from './theme';

type Kind = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps {
  label: string;
  onPress?: () => void;
  kind?: Kind;
  disabled?: boolean;
  busy?: boolean;
  icon?: ReactNode;
  /** A description for assistive technology when the label alone is not enough. */
  hint?: string;
  testID?: string;
  full?: boolean;
  size?: 'md' | 'sm';
}

export function Button({
  label,
  onPress,
  kind = 'primary',
  disabled,
  busy,
  icon,
  hint,
  testID,
  full,
  size = 'md',
}: ButtonProps) {
  const inactive = disabled || busy;
  return (
    <Pressable
      role="button"
      accessibilityLabel={label}
      accessibilityHint={hint}
      aria-disabled={inactive}
      aria-busy={busy}
      disabled={inactive}
      onPress={onPress}
      testID={testID}
      style={({ pressed, focused }: { pressed: boolean; focused?: boolean }) => [
        styles.base,
        size === 'sm' && styles.small,
        styles[kind],
        full && styles.full,
        pressed && styles.pressed,
        focused && styles.focused,
        inactive && styles.disabled,
      ]}
    >
      <View style={styles.row}>
        {busy ? (
          // The button itself says it is busy (aria-busy); the spinner is decoration.
          <ActivityIndicator
            aria-hidden
            size="small"
            color={kind === 'primary' || kind === 'danger' ? '#fff' : colors.brand}
          />
        ) : (
          icon
        )}
        <Text
          variant="label"
          style={[
            styles.label,
            (kind === 'primary' || kind === 'danger') && styles.onDark,
            kind !== 'primary' && kind !== 'danger' && styles.onLight,
          ]}
        >
          {label}
        </Text>
      </View>
    </Pressable>
  );
}

export function ButtonLink({
  label,
  href,
  kind = 'primary',
  full,
  size = 'md',
  testID,
}: {
  label: string;
  href: Href;
  kind?: Kind;
  full?: boolean;
  size?: 'md' | 'sm';
  testID?: string;
}) {
  return (
    <LinkBlock
      href={href}
      label={label}
      testID={testID}
      style={[styles.base, size === 'sm' && styles.small, styles[kind], full && styles.full]}
    >
      <Text
        variant="label"
        style={[styles.label, kind === 'primary' || kind === 'danger' ? styles.onDark : styles.onLight]}
      >
        {label}
      </Text>
    </LinkBlock>
  );
}

const styles = StyleSheet.create({
  base: {
    minHeight: 44,
    paddingHorizontal: space.lg,
    paddingVertical: space.sm,
    borderRadius: radius.md,
    alignItems: 'center',
    justifyContent: 'center',
    borderWidth: 1,
    borderColor: 'transparent',
  },
  small: { minHeight: 36, paddingHorizontal: space.md, paddingVertical: 6 },
  row: { flexDirection: 'row', alignItems: 'center', gap: space.sm },
  primary: { backgroundColor: colors.brand },
  secondary: { backgroundColor: colors.surface, borderColor: colors.brand },
  ghost: { backgroundColor: 'transparent' },
  danger: { backgroundColor: colors.danger },
  full: { alignSelf: 'stretch' },
  pressed: { opacity: 0.85 },
  focused: { outlineColor: colors.focus, outlineWidth: 3, outlineStyle: 'solid' } as object,
  disabled: { opacity: 0.5 },
  label: { textAlign: 'center' },
  onDark: { color: '#ffffff' },
  onLight: { color: colors.brand },
});
