/**
 * Send the verification email again: to the signed-in user's address, or to one the reader types.
 * The server allows one request per 5 minutes per address and says how long to wait.
 */
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { Button, Input, Notice, space } from '../../design';
import { useT } from '../../i18n';
import { useEmailRequest } from './use-email-request';

export function ResendVerification({ email }: { email?: string }) {
  const t = useT();
  const client = useKitwright();
  const [typed, setTyped] = useState('');
  const {
    busy,
    sentTo: sent,
    error,
    fieldError,
    submit,
  } = useEmailRequest((address) => client.auth.resendVerification(address));
  const send = () => submit(email ?? typed);

  return (
    <View style={styles.wrap}>
      {email ? null : (
        <Input
          label={t('account.field.email')}
          value={typed}
          onChangeText={setTyped}
          autoCapitalize="none"
          autoCorrect={false}
          autoComplete="email"
          inputMode="email"
          error={fieldError}
        />
      )}
      {sent ? (
        <Notice tone="success" testID="resend-sent">
          {t('account.verify.resent', { email: sent })}
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error" testID="resend-error">
          {error}
        </Notice>
      ) : null}
      <View style={styles.row}>
        <Button
          label={t('account.verify.resend')}
          kind="secondary"
          onPress={() => void send()}
          busy={busy}
          testID="resend-verification"
        />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: space.md },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
