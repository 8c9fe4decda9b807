/** Small pieces the founder-operations screens share: a labelled fact, a section heading, a wrapping row. */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { space, Text } from '../../design';

/** A label and its value, one line that wraps at phone widths. */
export function Fact({ label, value, testID }: { label: string; value: ReactNode; testID?: string }) {
  return (
    <View style={styles.fact} testID={testID}>
      <Text variant="caption" tone="muted">
        {label}
      </Text>
      <Text weight="bold">{value}</Text>
    </View>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <View style={styles.row}>{children}</View>;
}

export function Stack({ children, testID }: { children: ReactNode; testID?: string }) {
  return (
    <View style={styles.stack} testID={testID}>
      {children}
    </View>
  );
}

/** The value of a filter select that means "no filter" (the select's empty value is its placeholder). */
export const ANY = 'any';

const styles = StyleSheet.create({
  fact: { minWidth: 120, flexShrink: 1, gap: 2 },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md, alignItems: 'flex-end' },
  stack: { gap: space.md },
});
