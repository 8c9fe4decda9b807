/** /help/safety: the safety policy, in the reader's language, with its version and date. */
import { PolicyPage } from '../../src/features/help/policy-page';

export default function Page() {
  return <PolicyPage id="safety" />;
}
