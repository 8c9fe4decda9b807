/**
 * Shows its children to a signed-in user; anyone else gets a short explanation and the ways in
 * (sign in or create an account), coming back to this page afterwards.
 */
import { usePathname } from 'expo-router';
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../client/kitwright';
import { ButtonLink, Card, Text } from '../design';
import { useT } from '../i18n';

export function signInHref(next: string): `/account/sign-in?next=${string}` {
  return `/account/sign-in?next=${encodeURIComponent(next)}`;
}

export function RequireSignIn({ children, reason }: { children: ReactNode; reason?: string }) {
  const t = useT();
  const user = useSessionUser();
  const pathname = usePathname();
  if (user) return <>{children}</>;
  return (
    <Card testID="sign-in-required">
      <Text variant="h2">{t('auth.requiredTitle')}</Text>
      <Text>{reason ?? t('auth.requiredBody')}</Text>
      <View style={styles.actions}>
        <ButtonLink label={t('nav.signIn')} href={signInHref(pathname)} />
        <ButtonLink
          label={t('nav.register')}
          kind="secondary"
          href={`/account/register?next=${encodeURIComponent(pathname)}`}
        />
      </View>
    </Card>
  );
}

const styles = StyleSheet.create({ actions: { flexDirection: 'row', flexWrap: 'wrap', gap: 12 } });
