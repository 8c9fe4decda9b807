/** The viewer's support conversations (each a link to its thread) and where each stands, with the way to ask for help. */
import type { DashboardResponse } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { View } from 'react-native';
import { Badge, ButtonLink, Text, TextLink } from '../../design';
import { type MessageKey, useI18n } from '../../i18n';
import { Empty, rowStyles, Section, useDate } from './section';

const SUPPORT_STATUS: Record<string, MessageKey> = {
  open: 'dashboard.supportStatus.open',
  waiting_on_staff: 'dashboard.supportStatus.waitingOnStaff',
  waiting_on_requester: 'dashboard.supportStatus.waitingOnYou',
  resolved: 'dashboard.supportStatus.resolved',
  closed: 'dashboard.supportStatus.closed',
};

export function Support({ support }: { support: DashboardResponse['support'] }) {
  const { t } = useI18n();
  const date = useDate();
  return (
    <Section
      title={t('dashboard.support')}
      action={<ButtonLink label={t('dashboard.contactSupport')} kind="ghost" href="/help/support" />}
      testID="dashboard-support"
    >
      {support.conversations.length === 0 ? (
        <Empty>{t('dashboard.noSupport')}</Empty>
      ) : (
        <View style={rowStyles.rows} role="list">
          {support.conversations.map((c) => (
            <View key={c.id} role="listitem" style={rowStyles.rowCard}>
              <View style={rowStyles.rowText}>
                <TextLink href={`/help/support/${c.id}` as Href} variant="label">
                  {c.subject}
                </TextLink>
                <Text variant="caption" tone="muted">
                  {t('dashboard.openedOn', { date: date(c.created_at) })}
                </Text>
              </View>
              <Badge
                label={SUPPORT_STATUS[c.status] ? t(SUPPORT_STATUS[c.status] as MessageKey) : c.status}
                tone={
                  c.status === 'waiting_on_requester'
                    ? 'warning'
                    : c.status === 'resolved' || c.status === 'closed'
                      ? 'success'
                      : 'brand'
                }
              />
            </View>
          ))}
        </View>
      )}
      {support.contact ? (
        <Text variant="caption" tone="muted">
          {t('dashboard.supportContact', { contact: support.contact })}
        </Text>
      ) : null}
    </Section>
  );
}
