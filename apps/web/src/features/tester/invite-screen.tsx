/**
 * /invite/<code>: a beta invitation. A visitor is asked to create an account (the code goes with
 * the registration) or to sign in, and comes back here; a signed-in person joins the cohort with
 * one press. Expired, withdrawn, used-up and unknown codes are said in plain words.
 */
import { isKitwrightError } from '@kitwright/sdk';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Badge, Button, ButtonLink, Card, Loading, Notice, Screen, space, Text } from '../../design';
import { type MessageKey, type Translate, useI18n } from '../../i18n';
import { useRedeemInvitation } from '../../state/queries/beta';
import { errorText } from '../account/error-text';
import { useAuthState } from '../account/use-auth-state';
import { TesterBadge } from './tester-badge';

/** What a redemption answers (the contracts' BetaRedemption). */
type Redemption = { membership: { cohort_name: string }; already_tester: boolean };

const REFUSALS: Record<string, MessageKey> = {
  unknown: 'tester.invite.refused.unknown',
  expired: 'tester.invite.refused.expired',
  revoked: 'tester.invite.refused.revoked',
  used_up: 'tester.invite.refused.usedUp',
};

/** Why a code cannot be used, in the reader's words (the server names the reason in its details). */
export function refusalText(t: Translate, err: unknown): { title: string; body: string } | null {
  if (!isKitwrightError(err) || err.code !== 'INVITATION_UNAVAILABLE') return null;
  const reason = typeof err.details?.reason === 'string' ? err.details.reason : 'unknown';
  return {
    title: t('tester.invite.refusedTitle'),
    body: t(REFUSALS[reason] ?? REFUSALS.unknown ?? 'err.notFound'),
  };
}

function single(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 64 ? v.trim() : '';
}

export function InviteScreen() {
  const { t } = useI18n();
  const params = useLocalSearchParams<{ code: string }>();
  const code = single(params.code);
  const { user, ready } = useAuthState();
  const redeem = useRedeemInvitation();
  const [joined, setJoined] = useState<Redemption | null>(null);
  const here = `/invite/${encodeURIComponent(code)}`;
  const refusal = redeem.error ? refusalText(t, redeem.error) : null;

  async function join() {
    try {
      setJoined(await redeem.mutateAsync(code));
    } catch {
      // Shown from redeem.error below.
    }
  }

  return (
    <Screen title={t('tester.invite.title')} testID="invite-screen">
      <View style={styles.page}>
        <Text variant="h1">{t('tester.invite.title')}</Text>
        <Text>{t('tester.invite.intro')}</Text>
        <Card>
          <View style={styles.row}>
            <Text variant="label">{t('tester.invite.code')}</Text>
            <Badge label={code || '—'} testID="invite-code" />
          </View>
          {!ready ? (
            <Loading label={t('common.loading')} />
          ) : joined ? (
            <View style={styles.done} testID="invite-joined">
              <Notice
                tone="success"
                title={
                  joined.already_tester ? t('tester.invite.alreadyTitle') : t('tester.invite.joinedTitle')
                }
              >
                {t('tester.invite.joinedBody', { cohort: joined.membership.cohort_name })}
              </Notice>
              <TesterBadge />
              <View style={styles.row}>
                <ButtonLink label={t('tester.invite.start')} href="/create" />
                <ButtonLink label={t('tester.invite.account')} href="/account" kind="secondary" />
              </View>
            </View>
          ) : user ? (
            <View style={styles.done}>
              <Text>{t('tester.invite.signedInAs', { name: user.display_name })}</Text>
              {refusal ? (
                <Notice tone="error" title={refusal.title} testID="invite-refused">
                  {refusal.body}
                </Notice>
              ) : redeem.error ? (
                <Notice tone="error">{errorText(t, redeem.error)}</Notice>
              ) : null}
              <Button
                label={t('tester.invite.join')}
                onPress={() => void join()}
                busy={redeem.isPending}
                disabled={!code}
                testID="invite-join"
              />
            </View>
          ) : (
            <View style={styles.done}>
              <Text>{t('tester.invite.needAccount')}</Text>
              <View style={styles.row}>
                <ButtonLink
                  label={t('tester.invite.register')}
                  href={`/account/register?invitation=${encodeURIComponent(code)}&next=${encodeURIComponent(here)}`}
                  testID="invite-register"
                />
                <ButtonLink
                  label={t('tester.invite.signIn')}
                  href={`/account/sign-in?next=${encodeURIComponent(here)}`}
                  kind="secondary"
                  testID="invite-sign-in"
                />
              </View>
            </View>
          )}
        </Card>
      </View>
    </Screen>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
  done: { gap: space.md },
});
