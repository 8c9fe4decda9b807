/**
 * The frame of both ways to start a design (Mode A upload, Mode B prompt): the step bar, the
 * heading, and the form once we know the person is signed in.
 */
import type { ComponentType } from 'react';
import { StyleSheet, View } from 'react-native';
import { RequireSignIn } from '../../components/require-sign-in';
import { Loading, Screen, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useAuthState } from '../account/use-auth-state';
import { CreateSteps } from './create-steps';

export function CreateStartScreen({
  mode,
  title,
  intro,
  Form,
}: {
  mode: 'A' | 'B';
  title: string;
  intro: string;
  Form: ComponentType;
}) {
  const { t } = useI18n();
  const { user, ready } = useAuthState();
  return (
    <Screen title={title}>
      <CreateSteps current={1} mode={mode} />
      <View style={styles.heading}>
        <Text variant="h1">{title}</Text>
        <Text tone="muted">{intro}</Text>
      </View>
      {!ready ? (
        <Loading label={t('common.loading')} />
      ) : (
        <RequireSignIn reason={t('create.hub.signInReason')}>{user ? <Form /> : null}</RequireSignIn>
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  heading: { gap: space.xs, maxWidth: 760 },
});
