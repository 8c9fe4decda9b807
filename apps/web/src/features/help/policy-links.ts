/** The help and trust pages, in the order the help index and the "other pages" lists show them. */

import type { PolicyId } from '@kitwright/copy/help';
import type { MessageKey } from '../../i18n';

export const POLICY_PAGES: ReadonlyArray<{ id: PolicyId; href: string; short: MessageKey }> = [
  { id: 'support', href: '/help/support', short: 'help.support.short' },
  { id: 'terms', href: '/help/terms', short: 'help.terms.short' },
  { id: 'privacy', href: '/help/privacy', short: 'help.privacy.short' },
  { id: 'cookies', href: '/help/cookies', short: 'help.cookies.short' },
  { id: 'licence', href: '/help/content-licence', short: 'help.licence.short' },
  { id: 'interest', href: '/help/interest', short: 'help.interest.short' },
  { id: 'safety', href: '/help/safety', short: 'help.safety.short' },
];
