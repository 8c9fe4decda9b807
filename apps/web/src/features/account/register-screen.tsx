/**
 * Create an account: username, email, password and an optional display name. The server checks
 * every field; its refusals appear next to the field they are about.
 */
import { PASSWORD_MIN_LENGTH } from '@kitwright/contracts/constants';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { Button, ButtonLink, Input, Loading, Notice, space, Text } from '../../design';
import { useT } from '../../i18n';
import { AuthLayout } from './auth-layout';
import { errorText, type FieldErrors, fieldErrorsOf, hasFieldErrors } from './error-text';
import { safeNext } from './next-page';
import { OAuthButtons } from './oauth-buttons';
import { ShowPasswords } from './show-passwords';
import { SmallLink } from './small-link';
import { useAuthState } from './use-auth-state';

type Field = 'display_name' | 'username' | 'email' | 'password';

export function RegisterScreen() {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const params = useLocalSearchParams<{ next?: string; invitation?: string }>();
  const next = params.next ? safeNext(params.next) : null;
  // A beta invitation (from /invite/<code> or the invitation email) is redeemed with the account.
  const invitation =
    typeof params.invitation === 'string' && params.invitation.length <= 64 ? params.invitation : null;
  const { user, ready } = useAuthState();
  const [values, setValues] = useState<Record<Field, string>>({
    display_name: '',
    username: '',
    email: '',
    password: '',
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (field: Field) => (text: string) => setValues((v) => ({ ...v, [field]: text }));

  async function submit() {
    const missing: FieldErrors<Field> = {};
    for (const field of ['username', 'email', 'password'] as const)
      if (!values[field].trim()) missing[field] = t('field.required');
    setErrors(missing);
    setFormError(null);
    if (hasFieldErrors(missing)) return;
    setBusy(true);
    try {
      await client.auth.register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
        ...(values.display_name.trim() ? { display_name: values.display_name.trim() } : {}),
        source_surface: 'web_register',
        ...(invitation ? { invitation_code: invitation } : {}),
      });
      router.replace((next ?? '/account?welcome=1') as never);
    } catch (err) {
      const fields = fieldErrorsOf<Field>(
        t,
        err,
        {
          display_name: 'field.displayName',
          username: 'field.username',
          email: 'field.email',
          password: 'field.password',
        },
        { WEAK_PASSWORD: 'password' },
      );
      setErrors(fields);
      setFormError(hasFieldErrors(fields) ? t('account.register.fixFields') : errorText(t, err));
      setBusy(false);
    }
  }

  if (!ready) {
    return (
      <AuthLayout title={t('account.register.title')}>
        <Loading label={t('common.loading')} />
      </AuthLayout>
    );
  }
  if (user && !busy) {
    return (
      <AuthLayout title={t('account.register.title')} promise={false}>
        <Text>{t('account.signIn.already', { name: user.display_name })}</Text>
        <View style={styles.row}>
          <ButtonLink label={t('account.profile.title')} href="/account" />
        </View>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('account.register.title')}
      intro={t('account.register.intro')}
      testID="register-screen"
    >
      {invitation ? (
        <Notice tone="info" testID="register-invitation">
          {t('tester.register.invitation', { code: invitation })}
        </Notice>
      ) : null}
      <Input
        label={t('account.field.displayName')}
        help={t('account.field.displayNameHelp')}
        value={values.display_name}
        onChangeText={set('display_name')}
        autoComplete="name"
        error={errors.display_name}
        maxLength={80}
      />
      <Input
        label={t('account.field.username')}
        help={t('account.field.usernameHelp')}
        value={values.username}
        onChangeText={set('username')}
        autoCapitalize="none"
        autoCorrect={false}
        autoComplete="username"
        error={errors.username}
        maxLength={64}
      />
      <Input
        label={t('account.field.email')}
        help={t('account.field.emailHelp')}
        value={values.email}
        onChangeText={set('email')}
        autoCapitalize="none"
        autoCorrect={false}
        autoComplete="email"
        inputMode="email"
        error={errors.email}
      />
      <Input
        label={t('account.field.password')}
        help={t('account.field.newPasswordHelp', { count: PASSWORD_MIN_LENGTH })}
        value={values.password}
        onChangeText={set('password')}
        secureTextEntry={!shown}
        autoCapitalize="none"
        autoComplete="new-password"
        error={errors.password}
        onSubmitEditing={() => void submit()}
      />
      <ShowPasswords shown={shown} onChange={setShown} />
      <Text variant="caption" tone="muted">
        {t('account.register.agreement')}
      </Text>
      <View style={styles.links}>
        <SmallLink href="/help/terms" label={t('help.terms.short')} />
        <SmallLink href="/help/privacy" label={t('help.privacy.short')} />
      </View>
      {formError ? (
        <Notice tone="error" testID="register-error">
          {formError}
        </Notice>
      ) : null}
      <Button
        label={t('account.register.submit')}
        onPress={() => void submit()}
        busy={busy}
        full
        testID="register-submit"
      />
      <OAuthButtons next={next ?? '/account'} />
      <View style={styles.row}>
        <Text variant="label">{t('account.register.haveAccount')}</Text>
        <SmallLink
          href={next ? `/account/sign-in?next=${encodeURIComponent(next)}` : '/account/sign-in'}
          label={t('nav.signIn')}
        />
      </View>
    </AuthLayout>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' },
  links: { flexDirection: 'row', flexWrap: 'wrap', columnGap: space.lg },
});
