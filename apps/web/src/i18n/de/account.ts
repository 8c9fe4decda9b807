/** Deutsch: Registrierung, Anmeldung, E-Mail-Bestätigung, Passwörter und externe Anmeldung. */

import type { account as en } from '../en/account';
import type { DictionaryOf } from '../plural';

export const account: DictionaryOf<typeof en> = {
  'account.signInTitle': 'Anmelden',
  'account.showPassword': 'Passwort anzeigen',
  'account.backToSignIn': 'Zurück zur Anmeldung',

  'account.promise.title': 'Wozu Ihr Konto dient',
  'account.promise.ownTitle': 'Ihre Entwürfe bleiben Ihre',
  'account.promise.ownBody':
    'Was Sie erstellen und veröffentlichen, gehört Ihnen. Kitwright speichert, verarbeitet, übersetzt, moderiert und zeigt es nur an.',
  'account.promise.freeTitle': 'Kostenlos, ohne Karte',
  'account.promise.freeBody':
    'Während der öffentlichen Beta wird nichts verkauft und nichts abgebucht. Interesse an einem Entwurf anzumelden ist kostenlos und unverbindlich.',
  'account.promise.privateTitle': 'Nur das Nötige',
  'account.promise.privateBody':
    'Eine E-Mail-Adresse, um Sie zu erreichen, und ein Passwort zum Schutz des Kontos. Statistiken nur mit Ihrer Erlaubnis.',

  'account.field.identifier': 'Benutzername oder E-Mail',
  'account.field.password': 'Passwort',
  'account.field.displayName': 'Anzeigename (optional)',
  'account.field.displayNameHelp':
    'Erscheint bei Ihren veröffentlichten Entwürfen. Ihr echter Name oder ein Künstlername, wie Sie möchten.',
  'account.field.username': 'Benutzername',
  'account.field.usernameHelp':
    '3 bis 32 Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche. Andere sehen ihn in Ihrem Profil.',
  'account.field.email': 'E-Mail',
  'account.field.emailHelp':
    'Für den Bestätigungslink und das Zurücksetzen des Passworts. Anderen nie angezeigt.',
  'account.field.newPassword': 'Neues Passwort',
  'account.field.newPasswordHelp': {
    one: 'Mindestens {count} Zeichen. Ein kurzer Satz ist leicht zu merken und schwer zu erraten.',
    other: 'Mindestens {count} Zeichen. Ein kurzer Satz ist leicht zu merken und schwer zu erraten.',
  },
  'account.field.confirmPassword': 'Neues Passwort wiederholen',
  'account.field.currentPassword': 'Aktuelles Passwort',

  'account.signIn.title': 'Anmelden',
  'account.signIn.intro': 'Willkommen zurück. Melden Sie sich mit Benutzername oder E-Mail an.',
  'account.signIn.already': 'Sie sind als {name} angemeldet.',
  'account.signIn.forgot': 'Passwort vergessen?',
  'account.signIn.submit': 'Anmelden',
  'account.signIn.newHere': 'Neu bei Kitwright?',
  'account.signIn.noticePasswordChanged':
    'Ihr Passwort wurde geändert und alle Sitzungen wurden beendet, auch diese. Melden Sie sich mit dem neuen Passwort an.',
  'account.signIn.noticePasswordReset': 'Ihr neues Passwort ist gespeichert. Melden Sie sich damit an.',
  'account.signIn.noticeSignedOut': 'Sie sind abgemeldet.',
  'account.signIn.noticeSessionEnded':
    'Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an, um fortzufahren.',

  'account.register.title': 'Konto erstellen',
  'account.register.intro':
    'Veröffentlichen Sie Ihre Entwürfe, behalten Sie Ihre Zwischenstände und folgen Sie Entwürfen, die Ihnen gefallen.',
  'account.register.agreement':
    'Mit dem Erstellen eines Kontos akzeptieren Sie die Nutzungsbedingungen. Der Datenschutzhinweis erklärt, was wir speichern und warum.',
  'account.register.submit': 'Konto erstellen',
  'account.register.haveAccount': 'Sie haben schon ein Konto?',
  'account.register.fixFields': 'Einige Felder müssen geändert werden. Beachten Sie die Hinweise darunter.',

  'account.forgot.title': 'Passwort zurücksetzen',
  'account.forgot.intro':
    'Nennen Sie die E-Mail-Adresse Ihres Kontos. Wir senden Ihnen einen Link, um ein neues Passwort zu wählen.',
  'account.forgot.sentTitle': 'Sehen Sie in Ihr Postfach',
  'account.forgot.sentBody':
    'Falls ein Konto {email} nutzt, ist ein Link zum Zurücksetzen unterwegs. Er gilt eine Stunde. Nichts angekommen? Sehen Sie im Spam-Ordner nach.',
  'account.forgot.submit': 'Link senden',
  'account.forgot.again': 'Erneut senden',

  'account.reset.title': 'Neues Passwort wählen',
  'account.reset.intro': 'Wählen Sie ein neues Passwort für Ihr Konto.',
  'account.reset.noToken':
    'Für diese Seite brauchen Sie den Link aus der E-Mail zum Zurücksetzen. Öffnen Sie den Link aus der E-Mail oder fordern Sie einen neuen an.',
  'account.reset.requestNew': 'Neuen Link anfordern',
  'account.reset.sessionsNote':
    'Zu Ihrer Sicherheit werden alle Geräte abgemeldet, die mit diesem Konto angemeldet sind.',
  'account.reset.submit': 'Neues Passwort speichern',

  'account.verify.resend': 'Bestätigungs-E-Mail erneut senden',
  'account.verify.resent': 'Ein neuer Bestätigungslink ist unterwegs an {email}.',

  'account.verified.title': 'E-Mail-Bestätigung',
  'account.verified.successTitle': 'Ihre E-Mail-Adresse ist bestätigt',
  'account.verified.successBody': 'Danke. Ihr Konto ist vollständig eingerichtet.',
  'account.verified.startCreating': 'Jetzt gestalten',
  'account.verified.invalidTitle': 'Dieser Link funktioniert nicht mehr',
  'account.verified.invalidBody':
    'Der Link ist ungültig, wurde schon benutzt oder ist älter als 24 Stunden. Bestätigungslinks funktionieren nur einmal.',
  'account.verified.askAgain': 'Fordern Sie unten einen neuen Link an. Er ersetzt alle älteren.',

  'account.profile.title': 'Ihr Konto',
  'account.profile.welcomeTitle': 'Willkommen, {name}!',
  'account.profile.welcomeBody':
    'Ihr Konto ist bereit. Wir haben einen Bestätigungslink an {email} gesendet: Öffnen Sie ihn, um die Adresse zu bestätigen.',
  'account.profile.verified': 'Bestätigt',
  'account.profile.notVerified': 'Noch nicht bestätigt',
  'account.profile.signInMethod': 'Anmeldeart',
  'account.profile.viaPassword': 'Benutzername oder E-Mail und Passwort',
  'account.profile.viaProvider': 'Registriert mit {provider}',
  'account.profile.memberSince': 'Mitglied seit',
  'account.profile.verifyTitle': 'Bestätigen Sie Ihre E-Mail-Adresse',
  'account.profile.verifyBody':
    'Wir haben einen Link an {email} gesendet. Mit der Bestätigung können wir Sie zu Ihren Entwürfen und Support-Anfragen erreichen.',
  'account.profile.securityTitle': 'Passwort',
  'account.profile.securityBody': 'Eine Passwortänderung meldet Sie auf allen Geräten ab, auch auf diesem.',
  'account.profile.signOutTitle': 'Abmelden',
  'account.profile.signOutBody':
    'Beendet die Sitzung auf diesem Gerät. Ihre Entwürfe und gemerkten Entwürfe bleiben in Ihrem Konto.',
  'account.profile.signOut': 'Abmelden',

  'account.changePassword.title': 'Passwort ändern',
  'account.changePassword.intro': 'Geben Sie Ihr aktuelles Passwort ein, dann zweimal das neue.',
  'account.changePassword.noticeTitle': 'Sie werden überall abgemeldet',
  'account.changePassword.noticeBody':
    'Wenn sich das Passwort ändert, enden alle Sitzungen Ihres Kontos, auch diese. Danach melden Sie sich mit dem neuen Passwort wieder an.',
  'account.changePassword.submit': 'Passwort ändern',
  'account.changePassword.noPassword':
    'Dieses Konto meldet sich mit Google oder Apple an und hat noch kein Passwort. Nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite, um eines festzulegen.',
  'account.changePassword.signingOut': 'Passwort geändert. Sie werden abgemeldet…',

  'account.oauth.or': 'oder',
  'account.oauth.continueWith': 'Weiter mit {provider}',
  'account.oauth.note': 'Vom Anbieter erhalten wir nur Ihren Namen und Ihre E-Mail-Adresse.',
  'account.oauth.title': 'Anmeldung mit {provider}',
  'account.oauth.completing': 'Anmeldung mit {provider} wird abgeschlossen…',
  'account.oauth.failedTitle': 'Die Anmeldung wurde nicht abgeschlossen',
  'account.oauth.denied': 'Die Anmeldung wurde beim Anbieter abgebrochen. Es wurde nichts geändert.',
  'account.oauth.tryAgain': 'Erneut versuchen',

  'field.required': 'Füllen Sie dieses Feld aus.',
  'field.username':
    'Verwenden Sie 3 bis 32 Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche, ohne Leerzeichen.',
  'field.email': 'Geben Sie eine E-Mail-Adresse ein, etwa name@beispiel.de.',
  'field.password': {
    one: 'Verwende mindestens {count} Zeichen.',
    other: 'Verwende mindestens {count} Zeichen.',
  },
  'field.displayName': 'Verwenden Sie 1 bis 80 Zeichen.',
  'field.passwordsDiffer': 'Die beiden Passwörter stimmen nicht überein.',
  'field.invalid': 'Prüfen Sie dieses Feld.',

  'err.network': 'Kitwright ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'err.invalidCredentials':
    'Benutzername oder E-Mail und Passwort passen zu keinem Konto. Prüfen Sie beides und versuchen Sie es erneut.',
  'err.weakPassword': {
    one: 'Wähle ein Passwort mit mindestens {count} Zeichen.',
    other: 'Wähle ein Passwort mit mindestens {count} Zeichen.',
  },
  'err.wrongPassword': 'Ihr aktuelles Passwort stimmt nicht.',
  'err.invalidLink': 'Dieser Link ist ungültig, schon benutzt oder abgelaufen. Fordern Sie einen neuen an.',
  'err.oauthFailed':
    'Die Anmeldung bei diesem Anbieter wurde nicht abgeschlossen. Beginnen Sie erneut auf der Anmeldeseite.',
  'err.oauthConflict':
    'Ein Konto mit dieser E-Mail-Adresse gibt es schon. Melden Sie sich stattdessen mit Benutzername oder E-Mail und Passwort an.',
  'err.providerUnavailable':
    'Der Anmeldeanbieter ist gerade nicht erreichbar. Versuchen Sie es gleich noch einmal.',
  'err.sessionEnded': 'Ihre Sitzung ist beendet. Melden Sie sich erneut an.',
  'err.unauthenticated': 'Melden Sie sich dafür an.',
  'err.forbidden': 'Ihr Konto darf das nicht.',
  'err.notFound': 'Nicht gefunden. Es wurde vielleicht entfernt, oder der Link ist falsch.',
  'err.phaseClosed': 'Das ist während der öffentlichen Beta nicht geöffnet.',
  'err.validation':
    'Einige Angaben fehlen oder sind ungültig. Prüfen Sie das Formular und versuchen Sie es erneut.',
  'err.invalidState': 'Das geht gerade nicht: Es hat sich inzwischen geändert. Laden Sie die Seite neu.',
  'err.conflict': 'Das steht im Widerspruch zu etwas, das bereits existiert.',
  'err.tooLarge': 'Das ist größer, als wir annehmen.',
  'err.unsupportedType': 'Dieser Dateityp wird nicht unterstützt.',
  'err.originRejected':
    'Diese Seite ist unter einer Adresse geöffnet, die dieser Server nicht annimmt. Öffne {address} und versuche es dort noch einmal.',
  'err.originRejectedReload':
    'Diese Anfrage wurde zu deiner Sicherheit blockiert. Lade die Seite neu und versuche es noch einmal.',
  'err.auditUnavailable':
    'Wir konnten diese Änderung nicht sicher aufzeichnen und haben sie deshalb nicht ausgeführt. Versuchen Sie es in einigen Minuten erneut.',
  'err.unavailable':
    'Ein Teil von Kitwright ist gerade nicht verfügbar. Versuchen Sie es in einigen Minuten erneut.',
  'err.rateLimitedSeconds': {
    one: 'Zu viele Versuche. Versuche es in {count} Sekunde erneut.',
    other: 'Zu viele Versuche. Versuche es in {count} Sekunden erneut.',
  },
  'err.rateLimitedMinutes': {
    one: 'Zu viele Versuche. Versuche es in {count} Minute erneut.',
    other: 'Zu viele Versuche. Versuche es in {count} Minuten erneut.',
  },
  'err.rateLimitedLater': 'Zu viele Versuche. Warten Sie kurz und versuchen Sie es erneut.',
  'err.accountExistsEmail':
    'Ein Konto nutzt diese E-Mail-Adresse bereits. Melden Sie sich an oder setzen Sie das Passwort zurück.',
  'err.accountExistsUsername': 'Dieser Benutzername ist vergeben. Wählen Sie einen anderen.',
  'err.featureDisabled': 'Diese Funktion ist vorübergehend abgeschaltet.',
  'err.featureDisabled.publishing':
    'Das Veröffentlichen ist vorübergehend pausiert. Ihr Entwurf ist sicher; versuchen Sie es später erneut.',
  'err.featureDisabled.modeB': 'Das Gestalten per Textbeschreibung ist vorübergehend abgeschaltet.',
  'err.featureDisabled.interest': 'Interessensanmeldungen sind vorübergehend pausiert.',
  'err.server': 'Bei uns ist etwas schiefgelaufen. Es wurde gemeldet. Referenz: {ref}',
  'err.unknown': 'Das hat nicht geklappt. Referenz: {ref}',
};
