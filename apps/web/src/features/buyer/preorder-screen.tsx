/**
 * /pre-order/<reservationId>: an invited buyer's no-capture pre-order. The expected price, the
 * no-capture terms and the later-payment agreement as the server words them, the card check
 * through the payments provider (its status and any decline read back from the provider, in plain
 * words), a fresh acknowledgement, the confirmation, and the confirmation screen.
 */
import type { Checkout, ConfirmCheckoutResponse } from '@kitwright/contracts';
import { PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES } from '@kitwright/contracts/constants';
import type { Href } from 'expo-router';
import { useLocalSearchParams } from 'expo-router';
import { useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { useSessionUser } from '../../client/kitwright';
import { RequireSignIn } from '../../components/require-sign-in';
import {
  Button,
  ButtonLink,
  Card,
  Checkbox,
  colors,
  Loading,
  Notice,
  radius,
  Screen,
  space,
  Text,
} from '../../design';
import { useI18n } from '../../i18n';
import {
  useCheckout,
  useConfirmPreorder,
  useMyReservations,
  usePreorderAvailability,
} from '../../state/queries/preorders';
import { SmallLink } from '../account/small-link';
import { CardStep } from './card-step';
import { formatDay, formatMoment, formatMoney } from './format';
import { cardState, isAlreadyPreordered, isTransient, preorderProblem } from './problems';

/** The server refuses an acknowledgement older than its freshness window; ask again a minute before. */
const ACK_FRESH_MS = (PREORDER_ACKNOWLEDGEMENT_FRESH_MINUTES - 1) * 60_000;

function single(value: string | string[] | undefined): string {
  const v = Array.isArray(value) ? value[0] : value;
  return v && v.length <= 64 ? v : '';
}

export function PreorderScreen() {
  const { t } = useI18n();
  const params = useLocalSearchParams<{ reservationId: string }>();
  const reservationId = single(params.reservationId);
  const user = useSessionUser();
  const availability = usePreorderAvailability();
  return (
    <Screen title={t('buyer.preorder.title')} testID="buyer-preorder-screen">
      <View style={styles.page}>
        <SmallLink href="/account/reservations" label={t('buyer.preorder.back')} />
        {!user ? (
          <>
            <Text variant="h1">{t('buyer.preorder.headingPlain')}</Text>
            <RequireSignIn>{null}</RequireSignIn>
          </>
        ) : !availability.known ? (
          <Loading label={t('buyer.preorder.loading')} />
        ) : !availability.enabled ? (
          <>
            <Text variant="h1">{t('buyer.preorder.headingPlain')}</Text>
            <Notice tone="info" testID="buyer-preorder-unavailable">
              {t('buyer.preorder.unavailable')}
            </Notice>
          </>
        ) : (
          <Flow reservationId={reservationId} />
        )}
      </View>
    </Screen>
  );
}

function Flow({ reservationId }: { reservationId: string }) {
  const { t } = useI18n();
  const checkout = useCheckout(reservationId, true);
  const reservations = useMyReservations();
  const listingTitle = reservations.data?.items.find((r) => r.id === reservationId)?.listing.title ?? null;
  const [done, setDone] = useState<ConfirmCheckoutResponse | null>(null);
  const heading = listingTitle
    ? t('buyer.preorder.heading', { title: listingTitle })
    : t('buyer.preorder.headingPlain');

  if (done) return <Confirmed result={done} title={listingTitle} />;
  if (checkout.data)
    return (
      <Ready
        heading={heading}
        checkout={checkout.data}
        checking={checkout.isFetching}
        onAttempted={() => void checkout.refetch()}
        onConfirmed={setDone}
      />
    );
  if (checkout.isPending) return <Loading label={t('buyer.preorder.loading')} />;
  return (
    <>
      <Text variant="h1">{heading}</Text>
      <Notice
        tone={isAlreadyPreordered(checkout.error) ? 'info' : 'error'}
        testID="buyer-preorder-problem"
        action={
          isTransient(checkout.error) ? (
            <Button label={t('common.retry')} kind="secondary" onPress={() => void checkout.refetch()} />
          ) : (
            <ButtonLink
              label={isAlreadyPreordered(checkout.error) ? t('buyer.done.mine') : t('buyer.preorder.back')}
              kind="secondary"
              href="/account/reservations"
            />
          )
        }
      >
        {preorderProblem(t, checkout.error)}
      </Notice>
    </>
  );
}

function Ready({
  heading,
  checkout,
  checking,
  onAttempted,
  onConfirmed,
}: {
  heading: string;
  checkout: Checkout;
  checking: boolean;
  onAttempted: () => void;
  onConfirmed: (r: ConfirmCheckoutResponse) => void;
}) {
  const { t, locale } = useI18n();
  const confirm = useConfirmPreorder();
  const [ackAt, setAckAt] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const card = cardState(checkout);

  async function submit() {
    setProblem(null);
    if (!card.verified) {
      setProblem(t('buyer.confirm.needCard'));
      return;
    }
    if (!ackAt || !agreed) {
      setProblem(t('buyer.confirm.needAck'));
      return;
    }
    if (Date.now() - Date.parse(ackAt) > ACK_FRESH_MS) {
      setAckAt(null);
      setProblem(t('buyer.confirm.stale'));
      return;
    }
    try {
      const result = await confirm.mutateAsync({
        checkout_id: checkout.checkout_id,
        acknowledgement: {
          accepted: true,
          version: checkout.no_capture_terms.version,
          acknowledged_at: ackAt,
        },
        payment_agreement: { accepted: true, version: checkout.payment_agreement.version },
      });
      onConfirmed(result);
    } catch (err) {
      if ((err as { code?: string }).code === 'ACKNOWLEDGEMENT_STALE') setAckAt(null);
      setProblem(preorderProblem(t, err));
    }
  }

  return (
    <View style={styles.page}>
      <Text variant="h1">{heading}</Text>
      <Card>
        <Text variant="label">{t('buyer.preorder.expectedPrice')}</Text>
        <Text variant="h2" testID="buyer-expected-price">
          {formatMoney(locale, checkout.expected_price)}
        </Text>
        <Text variant="caption" tone="muted">
          {t('buyer.preorder.priceNote')}
        </Text>
        <Text variant="caption" tone="muted">
          {t('buyer.preorder.expires', { date: formatMoment(locale, checkout.invite_expires_at) })}
        </Text>
      </Card>

      <View style={styles.terms} testID="buyer-terms">
        <Text variant="h2">{t('buyer.preorder.termsTitle')}</Text>
        <Text variant="label">{t('buyer.preorder.termsLead')}</Text>
        <Text>{checkout.no_capture_terms.text}</Text>
        <Text variant="h3">{t('buyer.preorder.agreementTitle')}</Text>
        <Text>{checkout.payment_agreement.text}</Text>
      </View>

      <View style={styles.section}>
        <Text variant="h2">{t('buyer.preorder.step.card')}</Text>
        <Notice tone={card.tone} testID="buyer-card-status">
          {t(card.key, card.verified ? {} : { code: card.code ?? '' })}
          {card.tone === 'error' && checkout.status === 'requires_payment_method'
            ? ` ${t('buyer.card.tryAgain')}`
            : ''}
        </Notice>
        {checking ? (
          <Text variant="caption" tone="muted" role="status">
            {t('buyer.card.checking')}
          </Text>
        ) : null}
        {card.verified ? null : (
          <CardStep checkout={checkout} onAttempted={onAttempted} checking={checking} />
        )}
      </View>

      <View style={styles.section}>
        <Text variant="h2">{t('buyer.preorder.step.confirm')}</Text>
        <Checkbox
          label={t('buyer.confirm.ack')}
          help={t('buyer.confirm.ackHelp')}
          checked={ackAt !== null}
          onChange={(on) => setAckAt(on ? new Date().toISOString() : null)}
          testID="buyer-ack"
        />
        <Checkbox
          label={t('buyer.confirm.agreement')}
          checked={agreed}
          onChange={setAgreed}
          testID="buyer-agree"
        />
        {problem ? (
          <Notice tone="error" reveal testID="buyer-confirm-problem">
            {problem}
          </Notice>
        ) : null}
        <View style={styles.start}>
          <Button
            label={t('buyer.confirm.button')}
            busy={confirm.isPending}
            onPress={() => void submit()}
            testID="buyer-confirm"
          />
        </View>
      </View>
    </View>
  );
}

function Confirmed({ result, title }: { result: ConfirmCheckoutResponse; title: string | null }) {
  const { t, locale } = useI18n();
  const p = result.preorder;
  return (
    <View style={styles.page} testID="buyer-confirmed">
      <Text variant="h1">{t('buyer.done.title')}</Text>
      <Notice tone="success" reveal>
        {t('buyer.done.body', { title: title ?? t('buyer.list.unknownListing') })}
      </Notice>
      <Card>
        <Text variant="label">
          {t('buyer.list.expected', { price: formatMoney(locale, p.expected_price) })}
        </Text>
        <Text testID="buyer-charged">{t('buyer.done.charged')}</Text>
        {p.card.last4 ? (
          <Text>{t('buyer.list.card', { brand: p.card.brand ?? '', last4: p.card.last4 })}</Text>
        ) : null}
        <Text variant="caption" tone="muted">
          {t('buyer.list.createdOn', { date: formatDay(locale, p.created_at) })}
        </Text>
        <Text variant="caption" tone="muted">
          {t('buyer.done.reference', { id: p.id })}
        </Text>
      </Card>
      {result.warnings.map((w) => (
        <Notice key={w.code} tone="warning" testID="buyer-warning">
          {w.code === 'card_expires_before_production' ? t('buyer.warning.cardExpires') : w.message}
        </Notice>
      ))}
      <View style={styles.start}>
        <ButtonLink
          label={t('buyer.done.mine')}
          href={'/account/reservations' as Href}
          testID="buyer-see-mine"
        />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  page: { gap: space.lg },
  section: { gap: space.md },
  terms: {
    gap: space.sm,
    padding: space.md,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
  },
  start: { alignItems: 'flex-start' },
});
