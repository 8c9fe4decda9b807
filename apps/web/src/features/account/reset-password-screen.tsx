/**
 * Choose a new password with the link from the email. The server then ends every session of the
 * account, so this browser is signed out too and the reader signs in with the new password.
 */
import { PASSWORD_MIN_LENGTH } from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { useState } from 'react';
import { useKitwright } from '../../client/kitwright';
import { Button, ButtonLink, Input, Notice } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { errorText, type FieldErrors, fieldErrorsOf, hasFieldErrors } from './error-text';
import { ShowPasswords } from './show-passwords';

type Field = 'new_password' | 'confirm';

export function ResetPasswordScreen() {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const { token } = useLocalSearchParams<{ token?: string }>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<{ text: string; badLink: boolean } | null>(null);

  async function submit() {
    const local: FieldErrors<Field> = {};
    if (!password) local.new_password = t('field.required');
    else if (password.length < PASSWORD_MIN_LENGTH)
      local.new_password = t('field.password', { count: PASSWORD_MIN_LENGTH });
    if (confirm !== password) local.confirm = t('field.passwordsDiffer');
    setErrors(local);
    setError(null);
    if (hasFieldErrors(local) || !token) return;
    setBusy(true);
    try {
      await client.auth.resetPassword(token, password);
      // Every session of the account has ended on the server; follow that here at once.
      if (client.auth.isAuthenticated()) await client.auth.logout();
      router.replace('/account/sign-in?notice=password-reset' as never);
    } catch (err) {
      const fields = fieldErrorsOf<Field>(
        t,
        err,
        { new_password: 'field.password' },
        { WEAK_PASSWORD: 'new_password' },
      );
      setErrors(fields);
      if (!hasFieldErrors(fields))
        setError({ text: errorText(t, err), badLink: isKitwrightError(err) && err.code === 'INVALID_LINK' });
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <AuthLayout title={t('account.reset.title')} promise={false}>
        <Notice tone="warning">{t('account.reset.noToken')}</Notice>
        <ButtonLink label={t('account.reset.requestNew')} href="/account/forgot-password" />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('account.reset.title')} intro={t('account.reset.intro')} promise={false}>
      <Input
        label={t('account.field.newPassword')}
        help={t('account.field.newPasswordHelp', { count: PASSWORD_MIN_LENGTH })}
        value={password}
        onChangeText={setPassword}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="new-password"
        error={errors.new_password}
      />
      <Input
        label={t('account.field.confirmPassword')}
        value={confirm}
        onChangeText={setConfirm}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="new-password"
        error={errors.confirm}
        onSubmitEditing={() => void submit()}
      />
      <ShowPasswords shown={shown} onChange={setShown} />
      <Notice tone="info">{t('account.reset.sessionsNote')}</Notice>
      {error ? (
        <Notice
          tone="error"
          action={
            error.badLink ? (
              <ButtonLink label={t('account.reset.requestNew')} href="/account/forgot-password" size="sm" />
            ) : undefined
          }
        >
          {error.text}
        </Notice>
      ) : null}
      <Button
        label={t('account.reset.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        testID="reset-submit"
      />
    </AuthLayout>
  );
}
