/** The viewer's notifications, newest first: the first few, and the rest on request. */
import type { DashboardResponse } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, Card, colors, space, Text, TextLink } from '../../design';
import { useI18n } from '../../i18n';
import { rowStyles, Section, useDate } from './section';

const FIRST_NOTIFICATIONS = 3;

export function Notifications({ items }: { items: DashboardResponse['notifications'] }) {
  const { t } = useI18n();
  const date = useDate();
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, FIRST_NOTIFICATIONS);
  return (
    <Section title={t('dashboard.notifications')} testID="dashboard-notifications">
      <Card>
        {shown.map((n) => (
          <View key={n.id} style={styles.note}>
            <View style={styles.rowBetween}>
              <Text variant="label" style={styles.grow}>
                {n.title}
              </Text>
              {n.read ? null : <Badge label={t('dashboard.new')} tone="brand" />}
            </View>
            <Text variant="caption">{n.body}</Text>
            <View style={styles.rowBetween}>
              <Text variant="caption" tone="muted">
                {date(n.created_at)}
              </Text>
              {n.link?.startsWith('/') ? (
                <TextLink href={n.link as Href} variant="caption">
                  {t('dashboard.open')}
                </TextLink>
              ) : null}
            </View>
          </View>
        ))}
        {items.length > FIRST_NOTIFICATIONS ? (
          <View style={rowStyles.start}>
            <Button
              label={
                all
                  ? t('dashboard.fewerNotifications')
                  : t('dashboard.allNotifications', { count: items.length })
              }
              kind="ghost"
              onPress={() => setAll((a) => !a)}
            />
          </View>
        ) : null}
        <TextLink href="/account/notifications" variant="caption" testID="dashboard-all-notifications">
          {t('tester.notifications.see')}
        </TextLink>
      </Card>
    </Section>
  );
}

const styles = StyleSheet.create({
  note: { gap: 2, paddingBottom: space.sm, borderBottomWidth: 1, borderBottomColor: colors.surfaceMuted },
  rowBetween: { flexDirection: 'row', alignItems: 'center', justifyContent: 'space-between', gap: space.sm },
  grow: { flex: 1 },
});
