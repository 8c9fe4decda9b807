/** Where a deleted account lands: it is gone, every session ended, and whether a confirmation was mailed. */
import { useLocalSearchParams } from 'expo-router';
import { StyleSheet, View } from 'react-native';
import { ButtonLink, Notice, space, Text } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';

export function AccountDeletedScreen() {
  const t = useT();
  const { email } = useLocalSearchParams<{ email?: string }>();
  return (
    <AuthLayout title={t('account.deleted.title')} promise={false} testID="account-deleted">
      <Notice tone="success" title={t('account.deleted.heading')}>
        {t('account.deleted.body')}
      </Notice>
      {email === 'sent' ? <Text>{t('account.deleted.email')}</Text> : null}
      <View style={styles.actions}>
        <ButtonLink label={t('account.deleted.gallery')} href="/gallery" />
        <ButtonLink label={t('help.privacy.short')} href="/help/privacy" kind="secondary" />
      </View>
    </AuthLayout>
  );
}

const styles = StyleSheet.create({ actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md } });
