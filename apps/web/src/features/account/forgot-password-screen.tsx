/** Ask for a password-reset link by email (at most one request per 5 minutes per address). */
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { Button, Input, Notice, space } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { SmallLink } from './small-link';
import { useEmailRequest } from './use-email-request';

export function ForgotPasswordScreen() {
  const t = useT();
  const client = useKitwright();
  const [email, setEmail] = useState('');
  const {
    busy,
    sentTo,
    error,
    fieldError,
    submit: request,
  } = useEmailRequest((address) => client.auth.forgotPassword(address));
  const submit = () => request(email);

  return (
    <AuthLayout title={t('account.forgot.title')} intro={t('account.forgot.intro')} promise={false}>
      {sentTo ? (
        <Notice tone="success" title={t('account.forgot.sentTitle')} testID="forgot-sent">
          {t('account.forgot.sentBody', { email: sentTo })}
        </Notice>
      ) : null}
      <Input
        label={t('account.field.email')}
        value={email}
        onChangeText={setEmail}
        autoCapitalize="none"
        autoCorrect={false}
        autoComplete="email"
        inputMode="email"
        error={fieldError}
        onSubmitEditing={() => void submit()}
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button
        label={sentTo ? t('account.forgot.again') : t('account.forgot.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        kind={sentTo ? 'secondary' : 'primary'}
        testID="forgot-submit"
      />
      <View style={styles.row}>
        <SmallLink href="/account/sign-in" label={t('account.backToSignIn')} />
      </View>
    </AuthLayout>
  );
}

const styles = StyleSheet.create({ row: { flexDirection: 'row', gap: space.md } });
