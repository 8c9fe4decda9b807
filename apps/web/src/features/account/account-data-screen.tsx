/**
 * The person's own data (UK GDPR access and erasure): download everything Kitwright holds about
 * them as one JSON file, or delete the account — after reading what happens, typing the username
 * and the password (an account without one signs in again first).
 */
import { useRouter } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useKitwright } from '../../client/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import { Button, Card, Columns, colors, Input, Loading, Notice, Screen, space, Text } from '../../design';
import { useT } from '../../i18n';
import { useDeleteAccount, useExportData } from '../../state/queries/account';
import { useMe } from '../../state/queries/me';
import { errorText, type FieldErrors, fieldErrorsOf, hasFieldErrors } from './error-text';
import { saveTextFile } from './save-file';
import { useAuthState } from './use-auth-state';

export function AccountDataScreen() {
  const t = useT();
  const { user, ready } = useAuthState();
  const [leaving, setLeaving] = useState(false);
  return (
    <Screen title={t('account.data.title')} testID="account-data-screen">
      <Text variant="h1">{t('account.data.title')}</Text>
      <Text tone="muted">{t('account.data.intro')}</Text>
      {!ready || leaving ? (
        <Loading label={leaving ? t('account.data.deleting') : t('common.loading')} />
      ) : (
        <RequireSignIn>
          {user ? (
            <Columns
              weights={[1, 1]}
              main={<ExportCard />}
              side={<DeleteCard onLeaving={() => setLeaving(true)} />}
            />
          ) : null}
        </RequireSignIn>
      )}
    </Screen>
  );
}

function ExportCard() {
  const t = useT();
  const exporting = useExportData();
  const [saved, setSaved] = useState<string | null>(null);

  async function download() {
    setSaved(null);
    const data = await exporting.mutateAsync();
    const name = `kitwright-${data.account.username}-${data.exported_at.slice(0, 10)}.json`;
    await saveTextFile(name, `${JSON.stringify(data, null, 2)}\n`, 'application/json');
    setSaved(name);
  }

  return (
    <Card testID="export-card">
      <Text variant="h2">{t('account.data.exportTitle')}</Text>
      <Text>{t('account.data.exportBody')}</Text>
      {saved ? <Notice tone="success">{t('account.data.exported', { name: saved })}</Notice> : null}
      {exporting.error ? <Notice tone="error">{errorText(t, exporting.error)}</Notice> : null}
      <Button
        label={t('account.data.exportButton')}
        kind="secondary"
        onPress={() => void download().catch(() => {})}
        busy={exporting.isPending}
        testID="export-data"
      />
    </Card>
  );
}

type Field = 'confirm' | 'password';

function DeleteCard({ onLeaving }: { onLeaving: () => void }) {
  const t = useT();
  const client = useKitwright();
  const router = useRouter();
  const me = useMe();
  const deleting = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ confirm: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  // An account that signed up with a provider may still have set a password; the server says so.
  const [askPassword, setAskPassword] = useState<boolean | null>(null);
  const user = me.data;
  if (!user) return <Loading label={t('common.loading')} />;
  const needsPassword = askPassword ?? user.auth_provider === 'password';
  const provider = user.auth_provider === 'apple' ? 'Apple' : 'Google';
  const set = (field: Field) => (text: string) => setValues((v) => ({ ...v, [field]: text }));

  async function submit() {
    if (!user) return;
    const local: FieldErrors<Field> = {};
    if (values.confirm.trim().toLowerCase() !== user.username.toLowerCase())
      local.confirm = t('account.data.confirmMismatch');
    if (needsPassword && !values.password) local.password = t('field.required');
    setErrors(local);
    setError(null);
    setReauth(false);
    if (hasFieldErrors(local)) return;
    try {
      const result = await deleting.mutateAsync({
        confirm: values.confirm.trim(),
        ...(needsPassword ? { password: values.password } : {}),
      });
      onLeaving();
      router.replace(`/account/deleted${result.confirmation_email ? '?email=sent' : ''}` as never);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'REAUTHENTICATION_REQUIRED') {
        setReauth(true);
        return;
      }
      const fields = fieldErrorsOf<Field>(
        t,
        err,
        { confirm: 'account.data.confirmMismatch', password: 'field.required' },
        { WRONG_PASSWORD: 'password' },
      );
      if (fields.password) setAskPassword(true);
      setErrors(fields);
      if (!hasFieldErrors(fields)) setError(errorText(t, err));
    }
  }

  async function signInAgain() {
    onLeaving();
    await client.auth.logout();
    router.replace('/account/sign-in?next=%2Faccount%2Fdata' as never);
  }

  const consequences = [
    t('account.data.consequenceDesigns'),
    t('account.data.consequenceReservations'),
    t('account.data.consequenceSupport'),
    t('account.data.consequenceAudit'),
    t('account.data.consequenceFree'),
  ];

  return (
    <Card testID="delete-card">
      <Text variant="h2">{t('account.data.deleteTitle')}</Text>
      <Text>{t('account.data.deleteBody')}</Text>
      <View role="list" style={styles.list}>
        {consequences.map((item) => (
          <View key={item} role="listitem" style={styles.item}>
            <View style={styles.bullet} aria-hidden />
            <Text style={styles.itemText}>{item}</Text>
          </View>
        ))}
      </View>
      {open ? (
        <View style={styles.form} role="group" aria-label={t('account.data.confirmTitle')}>
          <Text variant="h3">{t('account.data.confirmTitle')}</Text>
          <Input
            label={t('account.data.confirmLabel')}
            help={t('account.data.confirmHelp', { username: user.username })}
            value={values.confirm}
            onChangeText={set('confirm')}
            autoCapitalize="none"
            autoCorrect={false}
            autoComplete="off"
            error={errors.confirm}
          />
          {needsPassword ? (
            <Input
              label={t('account.data.passwordLabel')}
              value={values.password}
              onChangeText={set('password')}
              secureTextEntry
              autoCapitalize="none"
              autoComplete="current-password"
              error={errors.password}
              onSubmitEditing={() => void submit()}
            />
          ) : (
            <Text tone="muted">{t('account.data.providerNote', { provider })}</Text>
          )}
          {reauth ? (
            <Notice tone="warning" title={t('account.data.reauthTitle')}>
              {t('account.data.reauthBody')}
            </Notice>
          ) : null}
          {reauth ? (
            <Button
              label={t('account.data.reauthButton')}
              kind="secondary"
              onPress={() => void signInAgain()}
            />
          ) : null}
          {error ? <Notice tone="error">{error}</Notice> : null}
          <View style={styles.actions}>
            <Button
              label={t('account.data.deleteSubmit')}
              kind="danger"
              onPress={() => void submit()}
              busy={deleting.isPending}
              testID="delete-account-submit"
            />
            <Button label={t('account.data.keep')} kind="ghost" onPress={() => setOpen(false)} />
          </View>
        </View>
      ) : (
        <Button
          label={t('account.data.deleteStart')}
          kind="danger"
          onPress={() => setOpen(true)}
          testID="delete-account-start"
        />
      )}
    </Card>
  );
}

const styles = StyleSheet.create({
  list: { gap: space.sm },
  item: { flexDirection: 'row', gap: space.md, alignItems: 'flex-start' },
  bullet: { width: 6, height: 6, borderRadius: 3, backgroundColor: colors.danger, marginTop: 9 },
  itemText: { flex: 1, minWidth: 0 },
  form: { gap: space.md, borderTopWidth: 1, borderTopColor: colors.line, paddingTop: space.md },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.md },
});
