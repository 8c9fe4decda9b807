/**
 * Sign in with a username or an email and a password, or with Google or Apple. Afterwards the
 * reader goes on to the page that sent them here (?next=), else the dashboard.
 */
import { useLocalSearchParams, useRouter } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { Button, ButtonLink, Input, Loading, Notice, space, Text } from '../../design';
import { type MessageKey, useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { errorText } from './error-text';
import { safeNext } from './next-page';
import { OAuthButtons } from './oauth-buttons';
import { ShowPasswords } from './show-passwords';
import { SmallLink } from './small-link';
import { useAuthState } from './use-auth-state';

const NOTICES: Record<string, { key: MessageKey; tone: 'success' | 'info' | 'warning' }> = {
  'password-changed': { key: 'account.signIn.noticePasswordChanged', tone: 'success' },
  'password-reset': { key: 'account.signIn.noticePasswordReset', tone: 'success' },
  'signed-out': { key: 'account.signIn.noticeSignedOut', tone: 'info' },
  'session-ended': { key: 'account.signIn.noticeSessionEnded', tone: 'warning' },
};

export function SignInScreen() {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const params = useLocalSearchParams<{ next?: string; notice?: string }>();
  const next = safeNext(params.next);
  const { user, ready } = useAuthState();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ identifier?: string; password?: string }>({});
  const notice = params.notice ? NOTICES[params.notice] : undefined;

  async function submit() {
    const empty = {
      identifier: identifier.trim() ? undefined : t('field.required'),
      password: password ? undefined : t('field.required'),
    };
    setMissing(empty);
    if (empty.identifier || empty.password) return;
    setBusy(true);
    setError(null);
    try {
      await client.auth.login({ username: identifier.trim(), password });
      router.replace(next as never);
    } catch (err) {
      setError(errorText(t, err));
      setBusy(false);
    }
  }

  if (!ready) {
    return (
      <AuthLayout title={t('account.signIn.title')}>
        <Loading label={t('common.loading')} />
      </AuthLayout>
    );
  }

  if (user && !busy) {
    return (
      <AuthLayout title={t('account.signIn.title')} promise={false}>
        <Text>{t('account.signIn.already', { name: user.display_name })}</Text>
        <View style={styles.actions}>
          <ButtonLink label={t('common.continue')} href={next as never} />
          <ButtonLink label={t('account.profile.title')} href="/account" kind="secondary" />
        </View>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('account.signIn.title')} intro={t('account.signIn.intro')} testID="sign-in-screen">
      {notice ? <Notice tone={notice.tone}>{t(notice.key)}</Notice> : null}
      <Input
        label={t('account.field.identifier')}
        value={identifier}
        onChangeText={setIdentifier}
        autoCapitalize="none"
        autoCorrect={false}
        autoComplete="username"
        inputMode="email"
        error={missing.identifier}
        testID="sign-in-identifier"
      />
      <Input
        label={t('account.field.password')}
        value={password}
        onChangeText={setPassword}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="current-password"
        error={missing.password}
        onSubmitEditing={() => void submit()}
        testID="sign-in-password"
      />
      <View style={styles.between}>
        <ShowPasswords shown={shown} onChange={setShown} />
        <SmallLink href="/account/forgot-password" label={t('account.signIn.forgot')} />
      </View>
      {error ? (
        <Notice tone="error" testID="sign-in-error">
          {error}
        </Notice>
      ) : null}
      <Button
        label={t('account.signIn.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        testID="sign-in-submit"
      />
      <OAuthButtons next={next} />
      <View style={styles.footer}>
        <Text variant="label">{t('account.signIn.newHere')}</Text>
        <SmallLink href={`/account/register?next=${encodeURIComponent(next)}`} label={t('nav.register')} />
      </View>
    </AuthLayout>
  );
}

const styles = StyleSheet.create({
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
  between: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: space.sm,
  },
  footer: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
});
