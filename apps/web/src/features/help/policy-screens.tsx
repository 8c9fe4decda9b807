/**
 * The help and trust pages as screens: each policy in the reader's language with its version and
 * date; the cookies page with the consent choice, the support page with the form and the
 * person's own conversations.
 */
import { ConsentChoice } from './consent-choice';
import { PolicyPage } from './policy-page';
import { MyConversations, SupportForm } from './support-form';

export function TermsScreen() {
  return <PolicyPage id="terms" />;
}

export function PrivacyScreen() {
  return <PolicyPage id="privacy" />;
}

export function SafetyScreen() {
  return <PolicyPage id="safety" />;
}

export function InterestPolicyScreen() {
  return <PolicyPage id="interest" />;
}

export function ContentLicenceScreen() {
  return <PolicyPage id="licence" />;
}

export function CookiesScreen() {
  return (
    <PolicyPage id="cookies">
      <ConsentChoice />
    </PolicyPage>
  );
}

export function SupportScreen() {
  return (
    <PolicyPage id="support" footer={<MyConversations />}>
      <SupportForm />
    </PolicyPage>
  );
}
