/**
 * /account/notifications: every recent notification of the signed-in person (a support reply, a
 * decision about their listing, a pre-order invitation…), newest first, each opening the screen it
 * is about and marked read on the way, or marked read here.
 */
import type { DashboardResponse } from '@kitwright/contracts';
import type { Href } from 'expo-router';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  Card,
  colors,
  EmptyState,
  LinkBlock,
  Loading,
  Notice,
  radius,
  Screen,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import { useNotifications, useReadNotification } from '../../state/queries/notifications';
import { formatDate } from '../account/dates';
import { errorText } from '../account/error-text';
import { SmallLink } from '../account/small-link';
import { useAuthState } from '../account/use-auth-state';

/** Only a path inside the app is followed. */
export function appLink(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

export function NotificationsScreen() {
  const { t } = useI18n();
  const { ready } = useAuthState();
  return (
    <Screen title={t('tester.notifications.title')} testID="notifications-screen">
      <SmallLink href="/account" label={t('tester.notifications.back')} />
      <Text variant="h1">{t('tester.notifications.title')}</Text>
      {ready ? (
        <RequireSignIn reason={t('tester.notifications.signIn')}>
          <NotificationList />
        </RequireSignIn>
      ) : (
        <Loading label={t('common.loading')} />
      )}
    </Screen>
  );
}

function NotificationList() {
  const { t } = useI18n();
  const list = useNotifications();
  const read = useReadNotification();
  if (list.isPending) return <Loading label={t('tester.notifications.loading')} />;
  if (list.isError) return <Notice tone="error">{errorText(t, list.error)}</Notice>;
  const items = list.data.items;
  const unread = items.filter((n) => !n.read).length;
  if (items.length === 0)
    return <EmptyState title={t('tester.notifications.none')} body={t('tester.notifications.noneBody')} />;
  return (
    <View style={styles.page}>
      <Text tone="muted" testID="notifications-unread" role="status">
        {unread === 0
          ? t('tester.notifications.allRead')
          : t('tester.notifications.unread', { count: unread })}
      </Text>
      {read.isError ? <Notice tone="error">{errorText(t, read.error)}</Notice> : null}
      <View role="list" style={styles.list} testID="notifications-list">
        {items.map((n) => (
          <Item
            key={n.id}
            note={n}
            onRead={() => read.mutate(n.id)}
            busy={read.isPending && read.variables === n.id}
          />
        ))}
      </View>
    </View>
  );
}

type Notification = DashboardResponse['notifications'][number];

function Item({ note, onRead, busy }: { note: Notification; onRead: () => void; busy: boolean }) {
  const { t, locale } = useI18n();
  const link = appLink(note.link);
  return (
    <View role="listitem" style={[styles.item, note.read ? null : styles.unread]} testID="notification">
      <View style={styles.row}>
        <Text variant="h3" style={styles.grow} {...({ 'aria-level': 2 } as object)}>
          {note.title}
        </Text>
        {note.read ? null : (
          <Badge label={t('tester.notifications.new')} tone="brand" testID="notification-new" />
        )}
      </View>
      <Text>{note.body}</Text>
      <Text variant="caption" tone="muted">
        {formatDate(note.created_at, locale, { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
      <View style={styles.row}>
        {link ? (
          <LinkBlock
            href={link as Href}
            onPress={note.read ? undefined : onRead}
            style={styles.open}
            testID="notification-open"
          >
            <Text variant="label" tone="brand" style={styles.underline}>
              {t('tester.notifications.open', { title: note.title })}
            </Text>
          </LinkBlock>
        ) : null}
        {note.read ? null : (
          <Button
            label={t('tester.notifications.markRead')}
            kind="ghost"
            size="sm"
            onPress={onRead}
            busy={busy}
            testID="notification-read"
          />
        )}
      </View>
    </View>
  );
}

/** The account page's entry: the unread count and the way to the list. */
export function NotificationsCard() {
  const { t } = useI18n();
  const list = useNotifications();
  const unread = list.data?.items.filter((n) => !n.read).length ?? 0;
  return (
    <Card testID="notifications-card">
      <Text variant="h3">{t('tester.notifications.title')}</Text>
      <Text tone="muted">
        {unread === 0
          ? t('tester.notifications.allRead')
          : t('tester.notifications.unread', { count: unread })}
      </Text>
      <SmallLink
        href="/account/notifications"
        label={t('tester.notifications.see')}
        testID="notifications-link"
      />
    </Card>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.md },
  list: { gap: space.md },
  item: {
    gap: space.xs,
    padding: space.md,
    borderRadius: radius.md,
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
  unread: { borderColor: colors.brand, backgroundColor: colors.brandSoft },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  grow: { flex: 1, minWidth: 160 },
  open: { minHeight: 44, justifyContent: 'center' },
  underline: { textDecorationLine: 'underline' },
});
