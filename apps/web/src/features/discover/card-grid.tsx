/**
 * Cards in responsive columns: one on phones, two on tablets, three or four on wide screens. The
 * columns come from percentages, so nothing has to be measured before the first paint.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { space, useLayout } from '../../design';

export function columnsFor(width: number, max = 4): number {
  const columns = width >= 1180 ? 4 : width >= 860 ? 3 : width >= 600 ? 2 : 1;
  return Math.min(columns, max);
}

export function CardGrid({
  children,
  max = 4,
  testID,
}: {
  children: ReactNode;
  max?: number;
  testID?: string;
}) {
  const { width } = useLayout();
  const columns = columnsFor(width, max);
  return (
    <View style={styles.grid} role="list" testID={testID}>
      {Children.toArray(children).map((child, i) => (
        <View
          key={isValidElement(child) && child.key !== null ? child.key : `cell-${i}`}
          role="listitem"
          style={[styles.cell, { width: `${100 / columns}%` }]}
        >
          {child}
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  grid: { flexDirection: 'row', flexWrap: 'wrap', marginHorizontal: -space.sm, rowGap: space.lg },
  cell: { paddingHorizontal: space.sm, flexDirection: 'row' },
});
