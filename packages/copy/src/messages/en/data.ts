/** English: the person's own data — downloading it, deleting the account, and what then happens. */
export const data = {
  'account.profile.dataTitle': 'Your data',
  'account.profile.dataBody': 'Download everything we keep about you, or delete your account.',
  'account.profile.dataLink': 'Download or delete your data',

  'account.verified.alreadyTitle': 'Your email is already verified',
  'account.verified.alreadyBody':
    'This link was used before, and your address is confirmed. There is nothing more to do.',

  'account.data.title': 'Your data',
  'account.data.intro': 'Take a copy of what Kitwright keeps about you, or delete your account.',
  'account.data.exportTitle': 'Download your data',
  'account.data.exportBody':
    'One JSON file with everything we hold about you: your account and sign-in sessions, drafts, listings and their texts, the list of your files, saves, interest reservations, notifications, support conversations, consents and the security records about you. It never contains passwords or sign-in tokens.',
  'account.data.exportButton': 'Download my data',
  'account.data.exported': 'Your data was saved as {name}.',
  'account.data.deleteTitle': 'Delete your account',
  'account.data.deleteBody':
    'Deleting happens at once and cannot be undone. Download your data first if you want to keep a copy.',
  'account.data.consequenceDesigns':
    'Your published designs are taken down and deleted, with your drafts, uploads, kits and previews.',
  'account.data.consequenceReservations':
    'Your interest reservations are cancelled; your saves and notifications are deleted.',
  'account.data.consequenceSupport':
    'Support conversations are kept for up to two years, without your name or email address.',
  'account.data.consequenceAudit':
    'Security records stay, naming your account only by a code that no longer leads to you.',
  'account.data.consequenceFree': 'Your username and email address become free again.',
  'account.data.deleteStart': 'Delete my account…',
  'account.data.confirmTitle': 'Confirm the deletion',
  'account.data.confirmLabel': 'Your username',
  'account.data.confirmHelp': 'Type {username} to confirm.',
  'account.data.confirmMismatch': 'This is not your username. Type it as shown above.',
  'account.data.passwordLabel': 'Your password',
  'account.data.providerNote':
    'You sign in with {provider}. If you signed in more than 10 minutes ago, we ask you to sign in again first.',
  'account.data.reauthTitle': 'Sign in again to confirm it is you',
  'account.data.reauthBody':
    'An account without a password can be deleted only within 10 minutes of signing in. Sign in again, then come back to this page.',
  'account.data.reauthButton': 'Sign in again',
  'account.data.deleteSubmit': 'Delete my account permanently',
  'account.data.keep': 'Keep my account',
  'account.data.deleting': 'Deleting your account…',

  'account.deleted.title': 'Account deleted',
  'account.deleted.heading': 'Your account is deleted',
  'account.deleted.body':
    'We deleted your account with your designs and data, and signed you out on every device.',
  'account.deleted.email': 'We sent a confirmation to your email address.',
  'account.deleted.gallery': 'Browse the gallery',

  'err.reauthRequired': 'Sign in again to confirm it is you, then try again.',
};
