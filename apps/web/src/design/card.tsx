/** A surface that groups content; pressable when it leads somewhere. */
import type { ReactNode } from 'react';
import { StyleSheet, View, type ViewStyle } from 'react-native';
import { colors, radius, space } from './theme';

export function Card({
  children,
  padded = true,
  style,
  testID,
}: {
  children: ReactNode;
  padded?: boolean;
  style?: ViewStyle;
  testID?: string;
}) {
  return (
    <View style={[styles.card, padded && styles.padded, style]} testID={testID}>
      {children}
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    overflow: 'hidden',
  },
  padded: { padding: space.lg, gap: space.md },
});
