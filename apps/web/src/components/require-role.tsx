/**
 * Shows its children only to a signed-in person holding `role` (staff, or founder). A visitor is
 * asked to sign in; a signed-in person without the role gets a clear "not allowed" page, never a
 * broken screen (the server refuses their requests with 403 in any case).
 */
import type { ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../client/kitwright';
import { ButtonLink, Card, Text } from '../design';
import { useT } from '../i18n';
import { RequireSignIn } from './require-sign-in';

export type AdminRole = 'staff' | 'founder';

/** Whether a user's roles include `role` (founders hold staff's too; the server lists both). */
export function hasRole(user: { roles: readonly string[] } | null, role: AdminRole): boolean {
  return user?.roles.includes(role) ?? false;
}

export function NotAllowed() {
  const t = useT();
  return (
    <Card testID="not-allowed">
      <Text variant="h2">{t('admin.notAllowed.title')}</Text>
      <Text>{t('admin.notAllowed.body')}</Text>
      <View style={styles.actions}>
        <ButtonLink label={t('admin.notAllowed.home')} href="/" />
        <ButtonLink label={t('nav.help')} kind="secondary" href="/help" />
      </View>
    </Card>
  );
}

export function RequireRole({ needs, children }: { needs: AdminRole; children: ReactNode }) {
  const user = useSessionUser();
  if (!user) return <RequireSignIn>{null}</RequireSignIn>;
  if (!hasRole(user, needs)) return <NotAllowed />;
  return <>{children}</>;
}

const styles = StyleSheet.create({ actions: { flexDirection: 'row', flexWrap: 'wrap', gap: 12 } });
