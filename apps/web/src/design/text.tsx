/** Text in the type scale. Headings carry their heading level for screen readers. */
import type { ReactNode } from 'react';
import { Text as RNText, type TextProps as RNTextProps, StyleSheet } from 'react-native';
import { colors, font } from './theme';

type Variant = 'display' | 'h1' | 'h2' | 'h3' | 'lead' | 'body' | 'caption' | 'label';

export interface TextProps extends RNTextProps {
  variant?: Variant;
  tone?: 'default' | 'muted' | 'brand' | 'danger' | 'success' | 'inverse';
  weight?: keyof typeof font.weights;
  center?: boolean;
  children?: ReactNode;
}

const HEADING_LEVEL: Partial<Record<Variant, number>> = { display: 1, h1: 1, h2: 2, h3: 3 };

export function Text({ variant = 'body', tone = 'default', weight, center, style, ...rest }: TextProps) {
  const level = HEADING_LEVEL[variant];
  return (
    <RNText
      {...(level ? { role: 'heading' as const, 'aria-level': level } : {})}
      style={[
        styles.base,
        styles[variant],
        tones[tone],
        weight ? { fontWeight: font.weights[weight] } : null,
        center && styles.center,
        style,
      ]}
      {...rest}
    />
  );
}

const tones = StyleSheet.create({
  default: { color: colors.ink },
  muted: { color: colors.inkMuted },
  brand: { color: colors.brand },
  danger: { color: colors.danger },
  success: { color: colors.success },
  inverse: { color: '#ffffff' },
});

const styles = StyleSheet.create({
  base: { fontFamily: font.family, color: colors.ink },
  display: {
    fontSize: font.sizes.display,
    lineHeight: 52,
    fontWeight: font.weights.bold,
    letterSpacing: -0.5,
  },
  h1: { fontSize: font.sizes.h1, lineHeight: 42, fontWeight: font.weights.bold, letterSpacing: -0.3 },
  h2: { fontSize: font.sizes.h2, lineHeight: 32, fontWeight: font.weights.bold },
  h3: { fontSize: font.sizes.h3, lineHeight: 26, fontWeight: font.weights.bold },
  lead: { fontSize: font.sizes.lead, lineHeight: 28 },
  body: { fontSize: font.sizes.body, lineHeight: 24 },
  caption: { fontSize: font.sizes.caption, lineHeight: 18 },
  label: { fontSize: 14, lineHeight: 20, fontWeight: font.weights.medium },
  center: { textAlign: 'center' },
});
