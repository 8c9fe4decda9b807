/**
 * The card step on iOS and Android. Local provider: its card form in an in-app web view; closing
 * it asks the server for the card's state. Stripe: the native SDK's card field, confirmed with
 * `confirmSetupIntent` (the SDK shows a bank's 3-D Secure challenge itself).
 */
import { CardField, StripeProvider, useConfirmSetupIntent } from '@stripe/stripe-react-native';
import { useState } from 'react';
import { Modal, SafeAreaView, StyleSheet, View } from 'react-native';
import { WebView } from 'react-native-webview';
import { Button, colors, Loading, Notice, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import type { CardStepModule, CardStepProps } from './card-step.types';

export const CardStep = function CardStep(props: CardStepProps) {
  const { t } = useI18n();
  const c = props.checkout.card_collection;
  if (c.provider === 'local') return <LocalForm {...props} formUrl={c.form_url} />;
  if (!c.publishable_key) return <Notice tone="error">{t('buyer.card.stripeUnavailable')}</Notice>;
  return (
    <StripeProvider publishableKey={c.publishable_key}>
      <StripeForm {...props} clientSecret={c.client_secret} />
    </StripeProvider>
  );
} satisfies CardStepModule['CardStep'];

function LocalForm({ formUrl, onAttempted, checking }: CardStepProps & { formUrl: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onAttempted();
  };
  return (
    <View style={styles.stack}>
      <Text variant="caption" tone="muted">
        {t('buyer.card.localIntro')}
      </Text>
      <View style={styles.actions}>
        <Button label={t('buyer.card.openForm')} kind="secondary" onPress={() => setOpen(true)} />
        <Button label={t('buyer.card.check')} busy={checking} onPress={onAttempted} />
      </View>
      <Modal visible={open} animationType="slide" onRequestClose={close}>
        <SafeAreaView style={styles.modal}>
          <View style={styles.bar}>
            <Text variant="h2">{t('buyer.card.formTitle')}</Text>
            <Button label={t('buyer.card.close')} kind="ghost" onPress={close} />
          </View>
          <WebView
            source={{ uri: formUrl }}
            startInLoadingState
            renderLoading={() => <Loading label={t('buyer.card.loadingForm')} />}
          />
        </SafeAreaView>
      </Modal>
    </View>
  );
}

function StripeForm({ clientSecret, onAttempted, checking }: CardStepProps & { clientSecret: string }) {
  const { t } = useI18n();
  const { confirmSetupIntent, loading } = useConfirmSetupIntent();
  const [complete, setComplete] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function verify() {
    setProblem(null);
    const { error } = await confirmSetupIntent(clientSecret, { paymentMethodType: 'Card' });
    // Declines and failed authentications are read back from the server as the setup intent's
    // last error, in the same words as on the web; anything else is said here.
    if (error && error.code !== 'Failed' && error.code !== 'Canceled')
      setProblem(error.localizedMessage ?? error.message);
    onAttempted();
  }

  return (
    <View style={styles.stack}>
      <CardField
        postalCodeEnabled={false}
        onCardChange={(details) => setComplete(details.complete)}
        style={styles.cardField}
        accessibilityLabel={t('buyer.preorder.step.card')}
      />
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <View style={styles.actions}>
        <Button
          label={t('buyer.card.save')}
          busy={loading || checking}
          disabled={!complete}
          onPress={() => void verify()}
        />
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  stack: { gap: space.md },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: space.sm },
  modal: { flex: 1, backgroundColor: colors.surface },
  bar: {
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: space.md,
    gap: space.sm,
  },
  cardField: { height: 50 },
});
