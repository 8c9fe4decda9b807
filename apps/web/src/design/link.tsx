/**
 * Links: a block that leads to another route (cards, nav items, link-buttons) and an inline text
 * link. Both render a real <a href> on the web, so they open in new tabs and crawl.
 *
 * expo-router's `Link asChild` hands the child's style to the DOM as is; a style array there
 * breaks react-native-web, so the style is flattened here once for every caller.
 */
import { type Href, Link } from 'expo-router';
import type { ReactNode } from 'react';
import { Pressable, type StyleProp, StyleSheet, type ViewStyle } from 'react-native';
import { Text, type TextProps } from './text';

export interface LinkBlockProps {
  href: Href;
  children: ReactNode;
  style?: StyleProp<ViewStyle>;
  label?: string;
  current?: boolean;
  onPress?: () => void;
  testID?: string;
}

export function LinkBlock({ href, children, style, label, current, onPress, testID }: LinkBlockProps) {
  return (
    <Link href={href} asChild>
      <Pressable
        role="link"
        accessibilityLabel={label}
        aria-current={current ? 'page' : undefined}
        onPress={onPress}
        testID={testID}
        style={StyleSheet.flatten(style)}
      >
        {children}
      </Pressable>
    </Link>
  );
}

export function TextLink({
  href,
  children,
  tone = 'brand',
  ...rest
}: { href: Href; children: ReactNode } & Omit<TextProps, 'children'>) {
  return (
    <Link href={href} asChild>
      <Text tone={tone} style={styles.underline} {...rest}>
        {children}
      </Text>
    </Link>
  );
}

const styles = StyleSheet.create({ underline: { textDecorationLine: 'underline' } });
