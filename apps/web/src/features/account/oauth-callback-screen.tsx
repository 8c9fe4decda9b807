/**
 * Where Google or Apple sends the browser back to (through the server's callback, which forwards
 * here with code and state): the SDK completes the sign-in with the server, then the reader goes
 * on to the page they started from.
 */
import type { OAuthProvider } from '@kitwright/contracts';
import { isKitwrightError } from '@kitwright/sdk';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { useEffect, useRef, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { ButtonLink, Loading, Notice, space } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { errorText } from './error-text';
import { safeNext } from './next-page';
import { nextPageStore } from './next-page-store';

const PROVIDERS: readonly string[] = ['google', 'apple'] satisfies OAuthProvider[];

/** The server's reasons for a return link this browser did not start (someone else's, planted). */
const NOT_STARTED_HERE: readonly unknown[] = ['not_started_in_this_browser', 'state_mismatch'];

/** A code can be exchanged once; a second render must not try again (it would fail). */
const attempts = new Map<string, Promise<unknown>>();

export function OAuthCallbackScreen() {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const params = useLocalSearchParams<Record<string, string>>();
  const [error, setError] = useState<{ text: string; conflict: boolean } | null>(null);
  const started = useRef(false);
  const provider = params.provider as OAuthProvider;
  const known = PROVIDERS.includes(provider);
  const providerName = provider === 'apple' ? 'Apple' : 'Google';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!known) {
      setError({ text: t('err.oauthFailed'), conflict: false });
      return;
    }
    if (params.error || !params.code || !params.state) {
      setError({
        text: params.error === 'access_denied' ? t('account.oauth.denied') : t('err.oauthFailed'),
        conflict: false,
      });
      return;
    }
    const query = new URLSearchParams();
    for (const key of ['code', 'state', 'iss'] as const) {
      const value = params[key];
      if (typeof value === 'string' && value) query.set(key, value);
    }
    const code = query.get('code') as string;
    let attempt = attempts.get(code);
    if (!attempt) {
      attempt = client.auth.handleOAuthCallback(provider, query);
      attempts.set(code, attempt);
    }
    attempt
      .then(() => router.replace(safeNext(nextPageStore.take()) as never))
      .catch((err: unknown) => {
        // A link begun in another browser: nobody is signed in, and that is said plainly.
        const planted =
          isKitwrightError(err) &&
          err.code === 'OAUTH_FAILED' &&
          NOT_STARTED_HERE.includes(err.details?.reason);
        setError({
          text: planted ? t('account.oauth.notStartedHere', { provider: providerName }) : errorText(t, err),
          conflict: isKitwrightError(err) && err.code === 'OAUTH_ACCOUNT_CONFLICT',
        });
      });
  }, [client, known, params, provider, providerName, router, t]);

  return (
    <AuthLayout title={t('account.oauth.title', { provider: providerName })} promise={false}>
      {error ? (
        <>
          <Notice tone="error" title={t('account.oauth.failedTitle')} testID="oauth-error">
            {error.text}
          </Notice>
          <View style={styles.actions}>
            <ButtonLink
              label={error.conflict ? t('nav.signIn') : t('account.oauth.tryAgain')}
              href="/account/sign-in"
            />
            <ButtonLink label={t('nav.home')} href="/" kind="secondary" />
          </View>
        </>
      ) : (
        <Loading label={t('account.oauth.completing', { provider: providerName })} />
      )}
    </AuthLayout>
  );
}

const styles = StyleSheet.create({ actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
