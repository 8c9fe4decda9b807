/**
 * Change the password. The server then ends every session of the account, this one included, so
 * the reader is told beforehand and taken to sign in again with the new password.
 */
import { PASSWORD_MIN_LENGTH } from '@kitwright/contracts/constants';
import { useRouter } from 'expo-router';
import { useState } from 'react';
import { useKitwright } from '../../client/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import { Button, Input, Loading, Notice, Screen } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { errorText, type FieldErrors, fieldErrorsOf, hasFieldErrors } from './error-text';
import { ShowPasswords } from './show-passwords';
import { SmallLink } from './small-link';
import { useAuthState } from './use-auth-state';

type Field = 'old_password' | 'new_password' | 'confirm';

export function ChangePasswordScreen() {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const { user, ready } = useAuthState();
  const [values, setValues] = useState<Record<Field, string>>({
    old_password: '',
    new_password: '',
    confirm: '',
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const set = (field: Field) => (text: string) => setValues((v) => ({ ...v, [field]: text }));

  async function submit() {
    const local: FieldErrors<Field> = {};
    if (!values.old_password) local.old_password = t('field.required');
    if (!values.new_password) local.new_password = t('field.required');
    else if (values.new_password.length < PASSWORD_MIN_LENGTH)
      local.new_password = t('field.password', { count: PASSWORD_MIN_LENGTH });
    if (values.confirm !== values.new_password) local.confirm = t('field.passwordsDiffer');
    setErrors(local);
    setError(null);
    if (hasFieldErrors(local)) return;
    setBusy(true);
    try {
      // Resolves after the SDK has cleared this session too (the server ended all of them).
      await client.auth.changePassword(values.old_password, values.new_password);
      router.replace('/account/sign-in?notice=password-changed&next=%2Faccount' as never);
    } catch (err) {
      const fields = fieldErrorsOf<Field>(
        t,
        err,
        { old_password: 'field.required', new_password: 'field.password' },
        { WRONG_PASSWORD: 'old_password', WEAK_PASSWORD: 'new_password' },
      );
      setErrors(fields);
      if (!hasFieldErrors(fields)) {
        const code = (err as { code?: string }).code;
        setError(code === 'INVALID_STATE' ? t('account.changePassword.noPassword') : errorText(t, err));
      }
      setBusy(false);
    }
  }

  if (!ready || (busy && !user)) {
    return (
      <AuthLayout title={t('account.changePassword.title')} promise={false}>
        <Loading label={busy ? t('account.changePassword.signingOut') : t('common.loading')} />
      </AuthLayout>
    );
  }
  if (!user) {
    return (
      <Screen title={t('account.changePassword.title')}>
        <RequireSignIn>{null}</RequireSignIn>
      </Screen>
    );
  }

  return (
    <AuthLayout
      title={t('account.changePassword.title')}
      intro={t('account.changePassword.intro')}
      promise={false}
      testID="change-password-screen"
    >
      <Notice tone="warning" title={t('account.changePassword.noticeTitle')}>
        {t('account.changePassword.noticeBody')}
      </Notice>
      <Input
        label={t('account.field.currentPassword')}
        value={values.old_password}
        onChangeText={set('old_password')}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="current-password"
        error={errors.old_password}
      />
      <Input
        label={t('account.field.newPassword')}
        help={t('account.field.newPasswordHelp', { count: PASSWORD_MIN_LENGTH })}
        value={values.new_password}
        onChangeText={set('new_password')}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="new-password"
        error={errors.new_password}
      />
      <Input
        label={t('account.field.confirmPassword')}
        value={values.confirm}
        onChangeText={set('confirm')}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="new-password"
        error={errors.confirm}
        onSubmitEditing={() => void submit()}
      />
      <ShowPasswords shown={shown} onChange={setShown} />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Button
        label={t('account.changePassword.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        testID="change-password-submit"
      />
      <SmallLink href="/account" label={t('common.back')} />
    </AuthLayout>
  );
}
