/**
 * "Continue with Google / Apple": asks the server for the provider's sign-in address (it binds the
 * attempt to this browser with a short-lived cookie), remembers where to come back to, and leaves
 * for the provider. The provider sends the browser back to /auth/callback/<provider>.
 */
import type { OAuthProvider } from '@kitwright/contracts';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { Button, colors, Notice, space, Text } from '../../design';
import { useT } from '../../i18n';
import { errorText } from './error-text';
import { nextPageStore } from './next-page-store';
import { openExternal } from './open-url';

/** A small mark per provider, drawn from blocks (no logos, no text inside the button's name). */
const PROVIDERS: ReadonlyArray<{ id: OAuthProvider; name: string; colours: readonly string[] }> = [
  { id: 'google', name: 'Google', colours: ['#4285f4', '#ea4335', '#fbbc05', '#34a853'] },
  { id: 'apple', name: 'Apple', colours: ['#1d2a33', '#1d2a33', '#1d2a33', '#1d2a33'] },
];

export function OAuthButtons({ next }: { next: string }) {
  const t = useT();
  const client = useKitwright();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(provider: OAuthProvider) {
    setBusy(provider);
    setError(null);
    try {
      const { url } = await client.auth.getOAuthUrl(provider);
      nextPageStore.remember(next);
      await openExternal(url);
    } catch (err) {
      setError(errorText(t, err));
      setBusy(null);
    }
  }

  return (
    <View style={styles.wrap}>
      <View style={styles.divider} aria-hidden>
        <View style={styles.line} />
        <Text variant="caption" tone="muted">
          {t('account.oauth.or')}
        </Text>
        <View style={styles.line} />
      </View>
      {PROVIDERS.map((p) => (
        <Button
          key={p.id}
          kind="secondary"
          full
          label={t('account.oauth.continueWith', { provider: p.name })}
          busy={busy === p.id}
          disabled={busy !== null && busy !== p.id}
          onPress={() => void start(p.id)}
          testID={`oauth-${p.id}`}
          icon={
            <View style={styles.mark} aria-hidden>
              {p.colours.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: four fixed quarters of the mark
                <View key={i} style={[styles.quarter, { backgroundColor: c }]} />
              ))}
            </View>
          }
        />
      ))}
      <Text variant="caption" tone="muted">
        {t('account.oauth.note')}
      </Text>
      {error ? <Notice tone="error">{error}</Notice> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: space.md },
  divider: { flexDirection: 'row', alignItems: 'center', gap: space.md },
  line: { flex: 1, height: 1, backgroundColor: colors.line },
  mark: { width: 18, height: 18, flexDirection: 'row', flexWrap: 'wrap', gap: 2 },
  quarter: { width: 8, height: 8, borderRadius: 2 },
});
