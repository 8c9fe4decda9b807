/** English: help and trust pages, support and reporting (the long policy texts live in features/help/content). */
export const help = {
  'help.title': 'Help and policies',
  'help.intro':
    'How to get help, how to report a listing, and the rules we hold ourselves to: plain, dated and versioned.',
  'help.back': '← Help and policies',
  'help.version': 'Version {version} · in effect from {date}',
  'help.inShort': 'In short',
  'help.otherPages': 'Other help pages',
  'help.policies': 'Policies and commitments',

  'help.getHelp.title': 'Need a hand?',
  'help.getHelp.body':
    'Ask a question, tell us about a bug, or report a listing. A person answers, usually the same business day.',
  'help.getHelp.contact': 'Contact support',
  'help.getHelp.report': 'Report a listing',

  'help.support.short': 'Support and reporting',
  'help.terms.short': 'Terms of use',
  'help.privacy.short': 'Privacy notice',
  'help.cookies.short': 'Cookies',
  'help.licence.short': 'Content licence',
  'help.interest.short': 'Interest disclaimer',
  'help.safety.short': 'Product-safety boundaries',

  'help.terms.blurb': 'What Kitwright offers during the beta, your account, acceptable use and moderation.',
  'help.privacy.blurb': 'What we keep about you, why, for how long, who helps us, and your rights.',
  'help.cookies.blurb': 'The few essential cookies, the optional analytics, and changing your answer.',
  'help.licence.blurb': 'Your designs stay yours; the limited licence you give us to run the platform.',
  'help.interest.blurb': 'Registering interest is free and non-binding: no card, no charge, no order.',
  'help.safety.blurb': 'Free-standing and decorative builds only, and the uses that are blocked.',

  'help.faq.title': 'Common questions',
  'help.faq.1.q': 'Can I buy kits on Kitwright?',
  'help.faq.1.a':
    'Not yet. During the public beta nothing is sold and no payment is taken. You can register non-binding interest in a design to show you would like a kit.',
  'help.faq.2.q': 'Who owns the designs?',
  'help.faq.2.a':
    'The people who make them. Kitwright hosts, processes, translates, moderates and shows designs under a limited licence, and never claims them as its own.',
  'help.faq.3.q': 'Which files can I upload?',
  'help.faq.3.a':
    'STL, OBJ, PLY, GLB and 3MF models. Closed, solid models work best. The upload page shows the current size limit.',
  'help.faq.4.q': 'How do I delete my account or my data?',
  'help.faq.4.a':
    'Write to support with the category “Account”. We delete accounts within 30 days of the request, as the privacy notice explains.',
  'help.faq.5.q': 'What can a kit be used for?',
  'help.faq.5.a':
    'Free-standing and decorative builds. Structural, electrical, wet-area, cladding, child-use and regulated uses are not allowed.',

  'help.cookies.choiceTitle': 'Your choice',
  'help.cookies.current': 'Current answer:',
  'help.cookies.granted': 'Analytics allowed',
  'help.cookies.denied': 'Essential only',
  'help.cookies.unset': 'Not answered yet',
  'help.cookies.choiceBody':
    'Essential storage stays on either way, so that signing in and saving work. Your answer is kept on this device and sent with every request, so our server applies it too.',

  'help.support.formTitle': 'Write to us',
  'help.support.reportTitle': 'Report a listing',
  'help.support.aboutListing': 'The listing you are reporting',
  'help.support.category': 'What is it about?',
  'help.support.cat.question': 'A question',
  'help.support.cat.bug': 'Something is broken',
  'help.support.cat.report_listing': 'Report a listing',
  'help.support.cat.account': 'Account and privacy',
  'help.support.cat.reservation': 'Interest reservations',
  'help.support.cat.feedback': 'Feedback',
  'help.support.cat.other': 'Something else',
  'help.support.chooseCategory': 'Choose what your message is about.',
  'help.support.reportHelp':
    'Tell us what is wrong: copied work, unsafe or blocked use, or offensive or unlawful content. The owner is not told who reported it.',
  'help.support.subject': 'Subject',
  'help.support.subjectShort': 'Write a subject of at least 3 characters.',
  'help.support.message': 'Message',
  'help.support.messageHelp': 'What you tried, what happened, and any reference number the app showed.',
  'help.support.messageReportHelp':
    'What is wrong with the listing, and why. Links to your original work help.',
  'help.support.email': 'Your email',
  'help.support.emailHelp':
    'We answer by email: without an account it is the only way to reach you. We use it for this conversation only.',
  'help.support.replyTo': 'We will reply to {email} and in your dashboard.',
  'help.support.send': 'Send message',
  'help.support.sendReport': 'Send report',
  'help.support.sentTitle': 'Thank you, your message has arrived',
  'help.support.sentBody': 'A person will read it. We aim to answer by {due}.',
  'help.support.reference': 'Reference: {ref}',
  'help.support.another': 'Write another message',
  'help.support.mine': 'Your conversations',
  'help.support.status.open': 'Open',
  'help.support.status.waiting': 'Waiting for your reply',
  'help.support.status.resolved': 'Resolved',
  'help.support.status.closed': 'Closed',
} as const;
