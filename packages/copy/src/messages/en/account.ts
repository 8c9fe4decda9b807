/** English: registering, signing in, email verification, passwords and external sign-in. */
export const account = {
  'account.signInTitle': 'Sign in',
  'account.showPassword': 'Show password',
  'account.backToSignIn': 'Back to sign in',

  'account.promise.title': 'What your account is for',
  'account.promise.ownTitle': 'Your designs stay yours',
  'account.promise.ownBody':
    'You own what you create and publish. Kitwright only hosts, processes, translates, moderates and shows it.',
  'account.promise.freeTitle': 'Free, with no card',
  'account.promise.freeBody':
    'During the public beta nothing is sold and nothing is charged. Registering interest in a design is free and non-binding.',
  'account.promise.privateTitle': 'Only what we need',
  'account.promise.privateBody':
    'An email to reach you and a password to protect the account. Analytics only if you allow them.',

  'account.field.identifier': 'Username or email',
  'account.field.password': 'Password',
  'account.field.displayName': 'Display name (optional)',
  'account.field.displayNameHelp':
    'Shown on your published designs. You can use your real name or a maker name.',
  'account.field.username': 'Username',
  'account.field.usernameHelp':
    '3 to 32 letters, digits, dots, dashes or underscores. Others see it on your profile.',
  'account.field.email': 'Email',
  'account.field.emailHelp': 'For the verification link and password resets. Never shown to others.',
  'account.field.newPassword': 'New password',
  'account.field.newPasswordHelp': {
    one: 'At least {count} character. A short sentence is easy to remember and hard to guess.',
    other: 'At least {count} characters. A short sentence is easy to remember and hard to guess.',
  },
  'account.field.confirmPassword': 'Repeat the new password',
  'account.field.currentPassword': 'Current password',

  'account.signIn.title': 'Sign in',
  'account.signIn.intro': 'Welcome back. Sign in with your username or email.',
  'account.signIn.already': 'You are signed in as {name}.',
  'account.signIn.forgot': 'Forgot your password?',
  'account.signIn.submit': 'Sign in',
  'account.signIn.newHere': 'New to Kitwright?',
  'account.signIn.noticePasswordChanged':
    'Your password was changed and every session was signed out, this one included. Sign in with your new password.',
  'account.signIn.noticePasswordReset': 'Your new password is set. Sign in with it.',
  'account.signIn.noticeSignedOut': 'You are signed out.',
  'account.signIn.noticeSessionEnded': 'Your session ended. Sign in again to carry on.',

  'account.register.title': 'Create your account',
  'account.register.intro': 'Publish your designs, keep drafts and follow the designs you like.',
  'account.register.agreement':
    'By creating an account you accept the terms of use. The privacy notice explains what we keep and why.',
  'account.register.submit': 'Create account',
  'account.register.haveAccount': 'Already have an account?',
  'account.register.fixFields': 'Some fields need a change. Look for the notes under them.',

  'account.forgot.title': 'Reset your password',
  'account.forgot.intro': 'Tell us the email of your account. We will send a link to choose a new password.',
  'account.forgot.sentTitle': 'Check your inbox',
  'account.forgot.sentBody':
    'If an account uses {email}, a reset link is on its way. It works for one hour. Nothing arrived? Check the spam folder.',
  'account.forgot.submit': 'Send the reset link',
  'account.forgot.again': 'Send it again',

  'account.reset.title': 'Choose a new password',
  'account.reset.intro': 'Pick a new password for your account.',
  'account.reset.noToken':
    'This page needs the link from the password-reset email. Open the link from the email, or ask for a new one.',
  'account.reset.requestNew': 'Ask for a new link',
  'account.reset.sessionsNote': 'For your safety, every device signed in to this account will be signed out.',
  'account.reset.submit': 'Set the new password',

  'account.verify.resend': 'Send the verification email again',
  'account.verify.resent': 'A new verification link is on its way to {email}.',

  'account.verified.title': 'Email verification',
  'account.verified.successTitle': 'Your email is verified',
  'account.verified.successBody': 'Thank you. Your account is fully set up.',
  'account.verified.startCreating': 'Start creating',
  'account.verified.invalidTitle': 'This link does not work any more',
  'account.verified.invalidBody':
    'The link is invalid, was already used, or is older than 24 hours. Verification links work once.',
  'account.verified.askAgain': 'Ask for a new link below. It replaces every older one.',

  'account.profile.title': 'Your account',
  'account.profile.welcomeTitle': 'Welcome, {name}!',
  'account.profile.welcomeBody':
    'Your account is ready. We sent a verification link to {email}: open it to confirm the address.',
  'account.profile.verified': 'Verified',
  'account.profile.notVerified': 'Not verified yet',
  'account.profile.signInMethod': 'Sign-in method',
  'account.profile.viaPassword': 'Username or email and password',
  'account.profile.viaProvider': 'Signed up with {provider}',
  'account.profile.memberSince': 'Member since',
  'account.profile.verifyTitle': 'Confirm your email',
  'account.profile.verifyBody':
    'We sent a link to {email}. Confirming it lets us reach you about your designs and support requests.',
  'account.profile.securityTitle': 'Password',
  'account.profile.securityBody': 'Changing your password signs you out on every device, this one too.',
  'account.profile.signOutTitle': 'Sign out',
  'account.profile.signOutBody':
    'Ends the session on this device. Your drafts and saves stay in your account.',
  'account.profile.signOut': 'Sign out',

  'account.changePassword.title': 'Change password',
  'account.changePassword.intro': 'Enter your current password, then the new one twice.',
  'account.changePassword.noticeTitle': 'You will be signed out everywhere',
  'account.changePassword.noticeBody':
    'When the password changes, every session of your account ends, including this one. You then sign in again with the new password.',
  'account.changePassword.submit': 'Change password',
  'account.changePassword.noPassword':
    'This account signs in with Google or Apple and has no password yet. Use "Forgot your password?" on the sign-in page to set one.',
  'account.changePassword.signingOut': 'Password changed. Signing you out…',

  'account.oauth.or': 'or',
  'account.oauth.continueWith': 'Continue with {provider}',
  'account.oauth.note': 'We receive only your name and email address from the provider.',
  'account.oauth.title': 'Signing in with {provider}',
  'account.oauth.completing': 'Finishing sign-in with {provider}…',
  'account.oauth.failedTitle': 'Sign-in did not complete',
  'account.oauth.denied': 'Sign-in was cancelled at the provider. Nothing was changed.',
  'account.oauth.tryAgain': 'Try again',
  'account.oauth.notStartedHere':
    'This sign-in link was not started in this browser, so you were not signed in and nothing was changed. If someone sent you this link, do not use it. To sign in with {provider}, start from the sign-in page.',

  'field.required': 'Fill in this field.',
  'field.username': 'Use 3 to 32 letters, digits, dots, dashes or underscores, without spaces.',
  'field.email': 'Enter an email address such as name@example.com.',
  'field.password': { one: 'Use at least {count} character.', other: 'Use at least {count} characters.' },
  'field.displayName': 'Use 1 to 80 characters.',
  'field.passwordsDiffer': 'The two passwords are not the same.',
  'field.invalid': 'Check this field.',

  'err.network': 'We could not reach Kitwright. Check your connection and try again.',
  'err.invalidCredentials':
    'That username or email and password do not match an account. Check both and try again.',
  'err.weakPassword': {
    one: 'Choose a password of at least {count} character.',
    other: 'Choose a password of at least {count} characters.',
  },
  'err.wrongPassword': 'Your current password is not right.',
  'err.invalidLink': 'This link is invalid, already used or expired. Ask for a new one.',
  'err.oauthFailed': 'Signing in with that provider did not complete. Start again from the sign-in page.',
  'err.oauthConflict':
    'An account with this email already exists. Sign in with your username or email and password instead.',
  'err.providerUnavailable': 'The sign-in provider cannot be reached right now. Try again in a moment.',
  'err.sessionEnded': 'Your session ended. Sign in again.',
  'err.unauthenticated': 'Sign in to do this.',
  'err.forbidden': 'Your account is not allowed to do this.',
  'err.notFound': 'We could not find this. It may have been removed, or the link is wrong.',
  'err.phaseClosed': 'This is not open during the public beta.',
  'err.validation': 'Some details are missing or not valid. Check the form and try again.',
  'err.invalidState': 'This cannot be done right now: it has changed in the meantime. Reload the page.',
  'err.conflict': 'This conflicts with something that already exists.',
  'err.tooLarge': 'This is larger than we accept.',
  'err.unsupportedType': 'This kind of file is not supported.',
  'err.originRejected':
    'This page is open at an address this server does not accept. Open {address} and try again there.',
  'err.originRejectedReload': 'This request was blocked for your safety. Reload the page and try again.',
  'err.auditUnavailable':
    'We could not record this change safely, so we did not make it. Try again in a few minutes.',
  'err.unavailable': 'A part of Kitwright is unavailable right now. Try again in a few minutes.',
  'err.rateLimitedSeconds': {
    one: 'Too many attempts. Try again in {count} second.',
    other: 'Too many attempts. Try again in {count} seconds.',
  },
  'err.rateLimitedMinutes': {
    one: 'Too many attempts. Try again in {count} minute.',
    other: 'Too many attempts. Try again in {count} minutes.',
  },
  'err.rateLimitedLater': 'Too many attempts. Wait a little and try again.',
  'err.accountExistsEmail': 'An account already uses this email. Sign in, or reset its password.',
  'err.accountExistsUsername': 'This username is taken. Choose another one.',
  'err.featureDisabled': 'This feature is switched off for the moment.',
  'err.featureDisabled.publishing':
    'Publishing is paused for the moment. Your draft is safe; try again later.',
  'err.featureDisabled.modeB': 'Creating from a text prompt is switched off for the moment.',
  'err.featureDisabled.interest': 'Registering interest is paused for the moment.',
  'err.server': 'Something went wrong on our side. It has been reported. Reference: {ref}',
  'err.unknown': 'That did not work. Reference: {ref}',
} as const;
