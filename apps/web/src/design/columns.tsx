/**
 * Two columns on a desktop-wide screen (the work, then help and settings beside it, by default
 * three fifths and two fifths), or one above the other on narrower ones.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { space } from './theme';
import { useLayout } from './use-layout';

export function Columns({
  main,
  side,
  weights = [3, 2],
}: {
  main: ReactNode;
  side: ReactNode;
  /** How the width is shared between the two columns. */
  weights?: [number, number];
}) {
  const { layout } = useLayout();
  return (
    <View style={[styles.grid, layout === 'desktop' ? styles.gridWide : null]}>
      <View style={[styles.column, { flex: weights[0] }]}>{main}</View>
      <View style={[styles.column, { flex: weights[1] }]}>{side}</View>
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { gap: space.xl },
  gridWide: { flexDirection: 'row', alignItems: 'flex-start' },
  column: { gap: space.lg, minWidth: 0 },
});
