/**
 * The pre-order invitation email's words (English, as the pre-order pages are); the shared layout
 * (providers/email/layout) makes the HTML and plain text.
 */
import type { EmailMessage } from '../../providers/email/email-provider';
import { layoutEmail, supportPage } from '../../providers/email/layout';

export function preorderInvitationEmail(input: {
  to: string;
  name: string;
  listingTitle: string;
  expiresAt: Date;
  frontendUrl: string;
}): EmailMessage {
  return layoutEmail({
    to: input.to,
    subject: `You are invited to pre-order "${input.listingTitle}" (no money taken now)`,
    lang: 'en',
    blocks: [
      `Hello ${input.name},`,
      {
        lines: [
          `You registered interest in "${input.listingTitle}". You are invited to a no-capture pre-order: your card is checked and saved, and no money is taken now.`,
          `The invitation is open until ${input.expiresAt.toUTCString()}.`,
        ],
      },
    ],
    action: {
      label: 'Open your reservations',
      url: `${input.frontendUrl}/account/reservations`,
      lead: 'Open your reservations:',
    },
    footer: {
      reason: 'You get this email because you registered interest in this design on Kitwright.',
      support: supportPage(input.frontendUrl),
    },
  });
}
