/**
 * The card step on the web. Local provider: its card form opens in a new window (the server's
 * page refuses to be framed), and the buyer comes back and asks the app to check the card.
 * Stripe: the Payment Element for the setup intent, confirmed here with `confirmSetup` (a bank's
 * 3-D Secure challenge opens in Stripe's own dialog; no redirect unless the card method needs one).
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Loading, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import type { CardStepModule, CardStepProps } from './card-step.types';

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let found = stripes.get(key);
  if (!found) {
    found = loadStripe(key);
    stripes.set(key, found);
  }
  return found;
}

export const CardStep = function CardStep(props: CardStepProps) {
  const c = props.checkout.card_collection;
  if (c.provider === 'local') return <LocalForm {...props} formUrl={c.form_url} />;
  return <StripeForm {...props} clientSecret={c.client_secret} publishableKey={c.publishable_key} />;
} satisfies CardStepModule['CardStep'];

function LocalForm({ formUrl, onAttempted, checking }: CardStepProps & { formUrl: string }) {
  const { t } = useI18n();
  return (
    <View style={styles.stack}>
      <Text variant="caption" tone="muted">
        {t('buyer.card.localIntro')}
      </Text>
      <View style={styles.actions}>
        <Button
          label={t('buyer.card.openForm')}
          kind="secondary"
          onPress={() => window.open(formUrl, '_blank', 'noopener')}
          testID="buyer-open-card-form"
        />
        <Button
          label={t('buyer.card.check')}
          busy={checking}
          onPress={onAttempted}
          testID="buyer-check-card"
        />
      </View>
    </View>
  );
}

function StripeForm({
  clientSecret,
  publishableKey,
  onAttempted,
  checking,
}: CardStepProps & { clientSecret: string; publishableKey: string | null }) {
  const { t, locale } = useI18n();
  const stripe = useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);
  if (!stripe) return <Notice tone="error">{t('buyer.card.stripeUnavailable')}</Notice>;
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        locale: locale.startsWith('fr') ? 'fr' : locale.startsWith('de') ? 'de' : 'en-GB',
      }}
    >
      <StripeConfirm onAttempted={onAttempted} checking={checking} />
    </Elements>
  );
}

function StripeConfirm({ onAttempted, checking }: Pick<CardStepProps, 'onAttempted' | 'checking'>) {
  const { t } = useI18n();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function verify() {
    if (!stripe || !elements) return;
    setBusy(true);
    setProblem(null);
    try {
      const { error } = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      // A decline or a failed authentication is read back from the server as the setup intent's
      // last error (the same words on every platform); anything else is said here.
      if (error && error.type !== 'card_error' && error.type !== 'validation_error')
        setProblem(error.message ?? t('buyer.card.stripeUnavailable'));
    } finally {
      setBusy(false);
      onAttempted();
    }
  }

  return (
    <View style={styles.stack}>
      {!ready ? <Loading label={t('buyer.card.loadingForm')} /> : null}
      <PaymentElement
        onReady={() => setReady(true)}
        onLoadError={() => setProblem(t('buyer.card.stripeUnavailable'))}
      />
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <View style={styles.actions}>
        <Button
          label={t('buyer.card.save')}
          busy={busy || checking}
          disabled={!stripe || !ready}
          onPress={() => void verify()}
          testID="buyer-verify-card"
        />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.md },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
});
