/**
 * The account page: who you are, whether your email is verified (and a new link if not), how you
 * sign in, changing the password, signing out, and the way to your data (download or delete).
 */
import { useLocalSearchParams, useRouter } from 'expo-router';
import { type ReactNode, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Columns,
  colors,
  Loading,
  Notice,
  Screen,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import { useMe } from '../../state/queries/me';
import { NotificationsCard } from '../tester/notifications-screen';
import { TesterBadge } from '../tester/tester-badge';
import { formatDate } from './dates';
import { ResendVerification } from './resend-verification';
import { useAuthState } from './use-auth-state';

export function ProfileScreen() {
  const { t } = useI18n();
  const { user, ready } = useAuthState();
  const [leaving, setLeaving] = useState(false);
  return (
    <Screen title={t('account.profile.title')}>
      <Text variant="h1">{t('account.profile.title')}</Text>
      {!ready || leaving ? (
        <Loading label={t('common.loading')} />
      ) : (
        <RequireSignIn>{user ? <Profile onLeaving={() => setLeaving(true)} /> : null}</RequireSignIn>
      )}
    </Screen>
  );
}

function Profile({ onLeaving }: { onLeaving: () => void }) {
  const { t, locale } = useI18n();
  const client = useKitwright();
  const router = useRouter();
  const { welcome } = useLocalSearchParams<{ welcome?: string }>();
  const me = useMe();
  const [signingOut, setSigningOut] = useState(false);
  const user = me.data;
  if (!user) return <Loading label={t('common.loading')} />;

  async function signOut() {
    setSigningOut(true);
    onLeaving();
    await client.auth.logout();
    router.replace('/account/sign-in?notice=signed-out' as never);
  }

  const since = formatDate(user.created_at, locale, { dateStyle: 'long' });
  const provider =
    user.auth_provider === 'password'
      ? t('account.profile.viaPassword')
      : t('account.profile.viaProvider', {
          provider: user.auth_provider === 'google' ? 'Google' : 'Apple',
        });

  return (
    <Columns
      weights={[2, 1]}
      main={
        <>
          {welcome ? (
            <Notice tone="success" title={t('account.profile.welcomeTitle', { name: user.display_name })}>
              {t('account.profile.welcomeBody', { email: user.email })}
            </Notice>
          ) : null}
          <Card testID="profile-card">
            <View style={styles.identity}>
              <View style={styles.avatar} aria-hidden>
                <Text variant="h2" tone="inverse">
                  {user.display_name.slice(0, 1).toUpperCase()}
                </Text>
              </View>
              <View style={styles.identityText}>
                <Text variant="h2">{user.display_name}</Text>
                <Text tone="muted">@{user.username}</Text>
                <TesterBadge />
              </View>
            </View>
            <Row label={t('account.field.email')}>
              <View style={styles.emailRow}>
                <Text style={styles.wrapText}>{user.email}</Text>
                <Badge
                  label={
                    user.email_verified ? t('account.profile.verified') : t('account.profile.notVerified')
                  }
                  tone={user.email_verified ? 'success' : 'warning'}
                />
              </View>
            </Row>
            <Row label={t('account.profile.signInMethod')}>
              <Text>{provider}</Text>
            </Row>
            <Row label={t('account.profile.memberSince')}>
              <Text>{since}</Text>
            </Row>
          </Card>
          {user.email_verified ? null : (
            <Card testID="verify-card">
              <Text variant="h3">{t('account.profile.verifyTitle')}</Text>
              <Text>{t('account.profile.verifyBody', { email: user.email })}</Text>
              <ResendVerification email={user.email} />
            </Card>
          )}
        </>
      }
      side={
        <>
          <NotificationsCard />
          <Card>
            <Text variant="h3">{t('account.profile.securityTitle')}</Text>
            <Text tone="muted">{t('account.profile.securityBody')}</Text>
            <ButtonLink
              label={t('account.changePassword.title')}
              href="/account/change-password"
              kind="secondary"
            />
          </Card>
          <Card>
            <Text variant="h3">{t('account.profile.signOutTitle')}</Text>
            <Text tone="muted">{t('account.profile.signOutBody')}</Text>
            <Button
              label={t('account.profile.signOut')}
              kind="danger"
              onPress={() => void signOut()}
              busy={signingOut}
              testID="sign-out"
            />
          </Card>
          <Card>
            <Text variant="h3">{t('account.profile.dataTitle')}</Text>
            <Text tone="muted">{t('account.profile.dataBody')}</Text>
            <ButtonLink label={t('account.profile.dataLink')} href="/account/data" kind="secondary" />
            <View style={styles.links}>
              <ButtonLink label={t('help.privacy.short')} href="/help/privacy" kind="ghost" size="sm" />
              <ButtonLink
                label={t('help.support.short')}
                href="/help/support?category=account"
                kind="ghost"
                size="sm"
              />
            </View>
          </Card>
        </>
      }
    />
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <View style={styles.row}>
      <Text variant="label" tone="muted">
        {label}
      </Text>
      {children}
    </View>
  );
}

const styles = StyleSheet.create({
  identity: { flexDirection: 'row', alignItems: 'center', gap: space.lg },
  identityText: { flex: 1, minWidth: 0 },
  avatar: {
    width: 56,
    height: 56,
    borderRadius: 28,
    backgroundColor: colors.brand,
    alignItems: 'center',
    justifyContent: 'center',
  },
  row: { gap: 2, borderTopWidth: 1, borderTopColor: colors.line, paddingTop: space.md },
  emailRow: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  wrapText: { flexShrink: 1 },
  links: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
