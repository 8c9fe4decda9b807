/**
 * Where the link in the verification email lands (the server redirects here with ?status=success,
 * ?status=already for a link opened again once the address is verified, or ?status=invalid): the
 * outcome in plain words and what to do next.
 */
import { useLocalSearchParams } from 'expo-router';
import { useEffect } from 'react';
import { StyleSheet, View } from 'react-native';
import { ButtonLink, Notice, space, Text } from '../../design';
import { useT } from '../../i18n';
import { useRefreshMe } from '../../state/queries/me';
import { AuthLayout } from './auth-layout';
import { ResendVerification } from './resend-verification';
import { useAuthState } from './use-auth-state';

export function VerifiedScreen() {
  const t = useT();
  const refreshMe = useRefreshMe();
  const { status } = useLocalSearchParams<{ status?: string }>();
  const { user } = useAuthState();
  // `already`: the link was opened before and the address is verified; that is good news too.
  const already = status === 'already';
  const success = status === 'success' || already;
  const signedIn = user !== null;

  useEffect(() => {
    // The stored session still says "not verified"; read the account again so every screen agrees.
    if (!success || !signedIn) return;
    void refreshMe();
  }, [success, signedIn, refreshMe]);

  if (success) {
    return (
      <AuthLayout title={t('account.verified.title')} promise={false} testID="verified-success">
        <Notice
          tone="success"
          title={already ? t('account.verified.alreadyTitle') : t('account.verified.successTitle')}
        >
          {already ? t('account.verified.alreadyBody') : t('account.verified.successBody')}
        </Notice>
        <View style={styles.actions}>
          {signedIn ? (
            <>
              <ButtonLink label={t('account.verified.startCreating')} href="/create" />
              <ButtonLink label={t('account.profile.title')} href="/account" kind="secondary" />
            </>
          ) : (
            <ButtonLink label={t('nav.signIn')} href="/account/sign-in?next=%2Fcreate" />
          )}
        </View>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('account.verified.title')} promise={false} testID="verified-invalid">
      <Notice tone="warning" title={t('account.verified.invalidTitle')}>
        {t('account.verified.invalidBody')}
      </Notice>
      <Text>{t('account.verified.askAgain')}</Text>
      <ResendVerification {...(user ? { email: user.email } : {})} />
    </AuthLayout>
  );
}

const styles = StyleSheet.create({ actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
