/** Waiting and empty states: a labelled spinner, and a friendly "nothing here yet" with a way on. */
import type { ReactNode } from 'react';
import { ActivityIndicator, StyleSheet, View } from 'react-native';
import { Text } from './text';
import { colors, space } from './theme';

export function Loading({ label }: { label: string }) {
  return (
    <View role="progressbar" aria-label={label} aria-busy style={styles.loading}>
      <ActivityIndicator aria-hidden color={colors.brand} />
      <Text tone="muted">{label}</Text>
    </View>
  );
}

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <View style={styles.empty}>
      <Text variant="h3" center>
        {title}
      </Text>
      {body ? (
        <Text tone="muted" center>
          {body}
        </Text>
      ) : null}
      {action}
    </View>
  );
}

const styles = StyleSheet.create({
  loading: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'center',
    gap: space.md,
    padding: space.xl,
  },
  empty: { alignItems: 'center', gap: space.md, paddingVertical: space.xxl, paddingHorizontal: space.lg },
});
