/** /help/support(?listing=<id>&category=report): ask for help or report a listing. */
import { PolicyPage } from '../../src/features/help/policy-page';
import { MyConversations, SupportForm } from '../../src/features/help/support-form';

export default function Page() {
  return (
    <PolicyPage id="support" footer={<MyConversations />}>
      <SupportForm />
    </PolicyPage>
  );
}
