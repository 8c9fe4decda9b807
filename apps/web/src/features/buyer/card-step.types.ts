/**
 * How each platform collects and verifies the card for a checkout's setup intent: the local
 * provider's form (a new window on the web, an in-app web view on iOS and Android), or Stripe
 * (the Payment Element on the web, the native SDK's card field on iOS and Android). Whatever
 * happens, `onAttempted` asks the server again, which reads the setup intent from the provider.
 */
import type { Checkout } from '@kitwright/contracts';

export interface CardStepProps {
  checkout: Checkout;
  /** Reads the checkout again (its status and last error, from the provider). */
  onAttempted: () => void;
  /** The checkout is being read again. */
  checking: boolean;
}

export interface CardStepModule {
  CardStep: (props: CardStepProps) => React.ReactNode;
}
