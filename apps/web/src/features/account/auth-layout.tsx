/**
 * The frame of the sign-in, sign-up and password pages: the form in a card, and beside it (below
 * it on phones) what an account is for and what Kitwright promises, so people know what they sign
 * up to before they type anything.
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { Card, colors, radius, Screen, space, Text, useLayout } from '../../design';
import { useT } from '../../i18n';

export function AuthLayout({
  title,
  intro,
  children,
  promise = true,
  testID,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  /** Show the panel of promises (sign-in and sign-up); password pages leave it out. */
  promise?: boolean;
  testID?: string;
}) {
  const { layout } = useLayout();
  const wide = layout === 'desktop';
  return (
    <Screen title={title} testID={testID}>
      <View style={[styles.row, wide ? styles.rowWide : null]}>
        <View style={[styles.formColumn, wide ? styles.formWide : null]}>
          <View style={styles.heading}>
            <Text variant="h1">{title}</Text>
            {intro ? <Text tone="muted">{intro}</Text> : null}
          </View>
          <Card style={styles.card}>{children}</Card>
        </View>
        {promise ? <Promises /> : null}
      </View>
    </Screen>
  );
}

function Promises() {
  const t = useT();
  const points: Array<[string, string]> = [
    [t('account.promise.ownTitle'), t('account.promise.ownBody')],
    [t('account.promise.freeTitle'), t('account.promise.freeBody')],
    [t('account.promise.privateTitle'), t('account.promise.privateBody')],
  ];
  return (
    <View style={styles.promise} role="region" aria-label={t('account.promise.title')}>
      <View style={styles.studs} aria-hidden>
        {['#e0a526', '#c2410c', '#dce9f2'].map((c) => (
          <View key={c} style={[styles.stud, { backgroundColor: c }]} />
        ))}
      </View>
      <Text variant="h3" tone="inverse">
        {t('account.promise.title')}
      </Text>
      {points.map(([head, body]) => (
        <View key={head} style={styles.point}>
          <Text variant="label" tone="inverse">
            {head}
          </Text>
          <Text variant="caption" style={styles.pointBody}>
            {body}
          </Text>
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { gap: space.xl },
  rowWide: { flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'center' },
  formColumn: { gap: space.lg, width: '100%', maxWidth: 520, alignSelf: 'center' },
  formWide: { flexShrink: 1, alignSelf: 'flex-start' },
  heading: { gap: space.xs },
  card: { gap: space.lg, padding: space.xl },
  promise: {
    backgroundColor: colors.brandDark,
    borderRadius: radius.lg,
    padding: space.xl,
    gap: space.lg,
    width: '100%',
    maxWidth: 520,
    alignSelf: 'center',
  },
  studs: { flexDirection: 'row', gap: space.sm },
  stud: { width: 26, height: 12, borderRadius: 4 },
  point: { gap: 2 },
  pointBody: { color: '#dbe7ef' },
});
