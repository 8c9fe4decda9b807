/** Deutsch: Registrierung, Anmeldung, E-Mail-Bestätigung, Passwörter und externe Anmeldung. */

import type { account as en } from '../en/account';
import type { DictionaryOf } from '../plural';

export const account: DictionaryOf<typeof en> = {
  'account.signInTitle': 'Anmelden',
  'account.showPassword': 'Passwort anzeigen',
  'account.backToSignIn': 'Zurück zur Anmeldung',

  'account.promise.title': 'Wozu dein Konto dient',
  'account.promise.ownTitle': 'Deine Entwürfe bleiben deine',
  'account.promise.ownBody':
    'Was du erstellst und veröffentlichst, gehört dir. Kitwright speichert, verarbeitet, übersetzt, moderiert und zeigt es nur an.',
  'account.promise.freeTitle': 'Kostenlos, ohne Karte',
  'account.promise.freeBody':
    'Während der öffentlichen Beta wird nichts verkauft und nichts abgebucht. Interesse an einem Entwurf anzumelden ist kostenlos und unverbindlich.',
  'account.promise.privateTitle': 'Nur das Nötige',
  'account.promise.privateBody':
    'Eine E-Mail-Adresse, um dich zu erreichen, und ein Passwort zum Schutz des Kontos. Statistiken nur mit deiner Erlaubnis.',

  'account.field.identifier': 'Benutzername oder E-Mail',
  'account.field.password': 'Passwort',
  'account.field.displayName': 'Anzeigename (optional)',
  'account.field.displayNameHelp':
    'Erscheint bei deinen veröffentlichten Entwürfen. Dein echter Name oder ein Künstlername, wie du möchtest.',
  'account.field.username': 'Benutzername',
  'account.field.usernameHelp':
    '3 bis 32 Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche. Andere sehen ihn in deinem Profil.',
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
  'account.signIn.intro': 'Willkommen zurück. Melde dich mit Benutzername oder E-Mail an.',
  'account.signIn.already': 'Du bist als {name} angemeldet.',
  'account.signIn.forgot': 'Passwort vergessen?',
  'account.signIn.submit': 'Anmelden',
  'account.signIn.newHere': 'Neu bei Kitwright?',
  'account.signIn.noticePasswordChanged':
    'Dein Passwort wurde geändert und alle Sitzungen wurden beendet, auch diese. Melde dich mit dem neuen Passwort an.',
  'account.signIn.noticePasswordReset': 'Dein neues Passwort ist gespeichert. Melde dich damit an.',
  'account.signIn.noticeSignedOut': 'Du bist abgemeldet.',
  'account.signIn.noticeSessionEnded': 'Deine Sitzung ist abgelaufen. Melde dich erneut an, um fortzufahren.',

  'account.register.title': 'Konto erstellen',
  'account.register.intro':
    'Veröffentliche deine Entwürfe, behalte deine Zwischenstände und folge Entwürfen, die dir gefallen.',
  'account.register.agreement':
    'Mit dem Erstellen eines Kontos akzeptierst du die Nutzungsbedingungen. Der Datenschutzhinweis erklärt, was wir speichern und warum.',
  'account.register.submit': 'Konto erstellen',
  'account.register.haveAccount': 'Du hast schon ein Konto?',
  'account.register.fixFields': 'Einige Felder müssen geändert werden. Beachte die Hinweise darunter.',

  'account.forgot.title': 'Passwort zurücksetzen',
  'account.forgot.intro':
    'Nenne die E-Mail-Adresse deines Kontos. Wir senden dir einen Link, um ein neues Passwort zu wählen.',
  'account.forgot.sentTitle': 'Sieh in dein Postfach',
  'account.forgot.sentBody':
    'Falls ein Konto {email} nutzt, ist ein Link zum Zurücksetzen unterwegs. Er gilt eine Stunde. Nichts angekommen? Sieh im Spam-Ordner nach.',
  'account.forgot.submit': 'Link senden',
  'account.forgot.again': 'Erneut senden',

  'account.reset.title': 'Neues Passwort wählen',
  'account.reset.intro': 'Wähle ein neues Passwort für dein Konto.',
  'account.reset.noToken':
    'Für diese Seite brauchst du den Link aus der E-Mail zum Zurücksetzen. Öffne den Link aus der E-Mail oder fordere einen neuen an.',
  'account.reset.requestNew': 'Neuen Link anfordern',
  'account.reset.sessionsNote':
    'Zu deiner Sicherheit werden alle Geräte abgemeldet, die mit diesem Konto angemeldet sind.',
  'account.reset.submit': 'Neues Passwort speichern',

  'account.verify.resend': 'Bestätigungs-E-Mail erneut senden',
  'account.verify.resent': 'Ein neuer Bestätigungslink ist unterwegs an {email}.',

  'account.verified.title': 'E-Mail-Bestätigung',
  'account.verified.successTitle': 'Deine E-Mail-Adresse ist bestätigt',
  'account.verified.successBody': 'Danke. Dein Konto ist vollständig eingerichtet.',
  'account.verified.startCreating': 'Jetzt gestalten',
  'account.verified.invalidTitle': 'Dieser Link funktioniert nicht mehr',
  'account.verified.invalidBody':
    'Der Link ist ungültig, wurde schon benutzt oder ist älter als 24 Stunden. Bestätigungslinks funktionieren nur einmal.',
  'account.verified.askAgain': 'Fordere unten einen neuen Link an. Er ersetzt alle älteren.',

  'account.profile.title': 'Dein Konto',
  'account.profile.welcomeTitle': 'Willkommen, {name}!',
  'account.profile.welcomeBody':
    'Dein Konto ist bereit. Wir haben einen Bestätigungslink an {email} gesendet: Öffne ihn, um die Adresse zu bestätigen.',
  'account.profile.verified': 'Bestätigt',
  'account.profile.notVerified': 'Noch nicht bestätigt',
  'account.profile.signInMethod': 'Anmeldeart',
  'account.profile.viaPassword': 'Benutzername oder E-Mail und Passwort',
  'account.profile.viaProvider': 'Registriert mit {provider}',
  'account.profile.memberSince': 'Mitglied seit',
  'account.profile.verifyTitle': 'Bestätige deine E-Mail-Adresse',
  'account.profile.verifyBody':
    'Wir haben einen Link an {email} gesendet. Mit der Bestätigung können wir dich zu deinen Entwürfen und Support-Anfragen erreichen.',
  'account.profile.securityTitle': 'Passwort',
  'account.profile.securityBody': 'Eine Passwortänderung meldet dich auf allen Geräten ab, auch auf diesem.',
  'account.profile.signOutTitle': 'Abmelden',
  'account.profile.signOutBody':
    'Beendet die Sitzung auf diesem Gerät. Deine Entwürfe und gemerkten Entwürfe bleiben in deinem Konto.',
  'account.profile.signOut': 'Abmelden',

  'account.changePassword.title': 'Passwort ändern',
  'account.changePassword.intro': 'Gib dein aktuelles Passwort ein, dann zweimal das neue.',
  'account.changePassword.noticeTitle': 'Du wirst überall abgemeldet',
  'account.changePassword.noticeBody':
    'Wenn sich das Passwort ändert, enden alle Sitzungen deines Kontos, auch diese. Danach meldest du dich mit dem neuen Passwort wieder an.',
  'account.changePassword.submit': 'Passwort ändern',
  'account.changePassword.noPassword':
    'Dieses Konto meldet sich mit Google oder Apple an und hat noch kein Passwort. Nutze „Passwort vergessen?“ auf der Anmeldeseite, um eines festzulegen.',
  'account.changePassword.signingOut': 'Passwort geändert. Du wirst abgemeldet…',

  'account.oauth.or': 'oder',
  'account.oauth.continueWith': 'Weiter mit {provider}',
  'account.oauth.note': 'Vom Anbieter erhalten wir nur deinen Namen und deine E-Mail-Adresse.',
  'account.oauth.title': 'Anmeldung mit {provider}',
  'account.oauth.completing': 'Anmeldung mit {provider} wird abgeschlossen…',
  'account.oauth.failedTitle': 'Die Anmeldung wurde nicht abgeschlossen',
  'account.oauth.denied': 'Die Anmeldung wurde beim Anbieter abgebrochen. Es wurde nichts geändert.',
  'account.oauth.tryAgain': 'Erneut versuchen',
  'account.oauth.notStartedHere':
    'Dieser Anmeldelink wurde nicht in diesem Browser gestartet. Du wurdest deshalb nicht angemeldet, und es wurde nichts geändert. Wenn dir jemand diesen Link geschickt hat, benutze ihn nicht. Um dich mit {provider} anzumelden, beginne auf der Anmeldeseite.',

  'field.required': 'Fülle dieses Feld aus.',
  'field.username':
    'Verwende 3 bis 32 Buchstaben, Ziffern, Punkte, Bindestriche oder Unterstriche, ohne Leerzeichen.',
  'field.email': 'Gib eine E-Mail-Adresse ein, etwa name@beispiel.de.',
  'field.password': {
    one: 'Verwende mindestens {count} Zeichen.',
    other: 'Verwende mindestens {count} Zeichen.',
  },
  'field.displayName': 'Verwende 1 bis 80 Zeichen.',
  'field.passwordsDiffer': 'Die beiden Passwörter stimmen nicht überein.',
  'field.invalid': 'Prüfe dieses Feld.',

  'err.network': 'Kitwright ist nicht erreichbar. Prüfe deine Verbindung und versuche es noch einmal.',
  'err.invalidCredentials':
    'Benutzername oder E-Mail und Passwort passen zu keinem Konto. Prüfe beides und versuche es noch einmal.',
  'err.weakPassword': {
    one: 'Wähle ein Passwort mit mindestens {count} Zeichen.',
    other: 'Wähle ein Passwort mit mindestens {count} Zeichen.',
  },
  'err.wrongPassword': 'Dein aktuelles Passwort stimmt nicht.',
  'err.invalidLink': 'Dieser Link ist ungültig, schon benutzt oder abgelaufen. Fordere einen neuen an.',
  'err.oauthFailed':
    'Die Anmeldung bei diesem Anbieter wurde nicht abgeschlossen. Beginne erneut auf der Anmeldeseite.',
  'err.oauthConflict':
    'Ein Konto mit dieser E-Mail-Adresse gibt es schon. Melde dich stattdessen mit Benutzername oder E-Mail und Passwort an.',
  'err.providerUnavailable':
    'Der Anmeldeanbieter ist gerade nicht erreichbar. Versuche es gleich noch einmal.',
  'err.sessionEnded': 'Deine Sitzung ist beendet. Melde dich erneut an.',
  'err.unauthenticated': 'Melde dich dafür an.',
  'err.forbidden': 'Dein Konto darf das nicht.',
  'err.notFound': 'Nicht gefunden. Es wurde vielleicht entfernt, oder der Link ist falsch.',
  'err.phaseClosed': 'Das ist während der öffentlichen Beta nicht geöffnet.',
  'err.validation':
    'Einige Angaben fehlen oder sind ungültig. Prüfe das Formular und versuche es noch einmal.',
  'err.invalidState': 'Das geht gerade nicht: Es hat sich inzwischen geändert. Lade die Seite neu.',
  'err.conflict': 'Das steht im Widerspruch zu etwas, das bereits existiert.',
  'err.tooLarge': 'Das ist größer, als wir annehmen.',
  'err.unsupportedType': 'Dieser Dateityp wird nicht unterstützt.',
  'err.originRejected':
    'Diese Seite ist unter einer Adresse geöffnet, die dieser Server nicht annimmt. Öffne {address} und versuche es dort noch einmal.',
  'err.originRejectedReload':
    'Diese Anfrage wurde zu deiner Sicherheit blockiert. Lade die Seite neu und versuche es noch einmal.',
  'err.auditUnavailable':
    'Wir konnten diese Änderung nicht sicher aufzeichnen und haben sie deshalb nicht ausgeführt. Versuche es in einigen Minuten noch einmal.',
  'err.unavailable':
    'Ein Teil von Kitwright ist gerade nicht verfügbar. Versuche es in einigen Minuten noch einmal.',
  'err.rateLimitedSeconds': {
    one: 'Zu viele Versuche. Versuche es in {count} Sekunde erneut.',
    other: 'Zu viele Versuche. Versuche es in {count} Sekunden erneut.',
  },
  'err.rateLimitedMinutes': {
    one: 'Zu viele Versuche. Versuche es in {count} Minute erneut.',
    other: 'Zu viele Versuche. Versuche es in {count} Minuten erneut.',
  },
  'err.rateLimitedLater': 'Zu viele Versuche. Warte kurz und versuche es noch einmal.',
  'err.accountExistsEmail':
    'Ein Konto nutzt diese E-Mail-Adresse bereits. Melde dich an oder setze das Passwort zurück.',
  'err.accountExistsUsername': 'Dieser Benutzername ist vergeben. Wähle einen anderen.',
  'err.featureDisabled': 'Diese Funktion ist vorübergehend abgeschaltet.',
  'err.featureDisabled.publishing':
    'Das Veröffentlichen ist vorübergehend pausiert. Dein Entwurf ist sicher; versuche es später noch einmal.',
  'err.featureDisabled.modeB': 'Das Gestalten per Textbeschreibung ist vorübergehend abgeschaltet.',
  'err.featureDisabled.interest': 'Interessensanmeldungen sind vorübergehend pausiert.',
  'err.server': 'Bei uns ist etwas schiefgelaufen. Es wurde gemeldet. Referenz: {ref}',
  'err.unknown': 'Das hat nicht geklappt. Referenz: {ref}',
};
