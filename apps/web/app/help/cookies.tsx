/** /help/cookies: what is stored and why, essential versus optional, and changing the answer. */
import { ConsentChoice } from '../../src/features/help/consent-choice';
import { PolicyPage } from '../../src/features/help/policy-page';

export default function Page() {
  return (
    <PolicyPage id="cookies">
      <ConsentChoice />
    </PolicyPage>
  );
}
