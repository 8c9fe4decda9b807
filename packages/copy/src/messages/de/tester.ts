import type { tester as en } from '../en/tester';
import type { DictionaryOf } from '../plural';

export const tester: DictionaryOf<typeof en> = {
  'tester.feedback.open': 'Feedback zu dieser Seite',
  'tester.feedback.title': 'Erzähl uns von dieser Seite',
  'tester.feedback.close': 'Schließen',
  'tester.feedback.intro':
    'Kitwright ist in der Beta. Was hat funktioniert, was nicht? Deine Bewertung geht direkt an das Team, zusammen mit der Seite, auf der du bist.',
  'tester.feedback.screen': 'Seite: {screen}',
  'tester.feedback.aboutListing': 'Zum Angebot auf dieser Seite',
  'tester.feedback.aboutDraft': 'Zum Entwurf auf dieser Seite',
  'tester.feedback.release': 'Release {release} (App {version})',
  'tester.feedback.rating': 'Deine Bewertung',
  'tester.feedback.ratingHelp': '1 ist schlecht, 5 ist sehr gut.',
  'tester.feedback.ratingRequired': 'Wähle eine Bewertung von 1 bis 5.',
  'tester.feedback.reason': 'Worum geht es?',
  'tester.feedback.reasonPlaceholder': 'Grund wählen',
  'tester.feedback.reasonRequired': 'Wähle, worum es in deinem Feedback geht.',
  'tester.feedback.reason.bug': 'Etwas funktioniert nicht',
  'tester.feedback.reason.confusing': 'Etwas ist unklar',
  'tester.feedback.reason.missing': 'Etwas fehlt',
  'tester.feedback.reason.slow': 'Es ist langsam',
  'tester.feedback.reason.praise': 'Das gefällt mir',
  'tester.feedback.reason.other': 'Etwas anderes',
  'tester.feedback.text': 'In deinen eigenen Worten (optional)',
  'tester.feedback.textHelp': 'Jede Sprache ist willkommen. Bitte keine Passwörter oder Kartennummern.',
  'tester.feedback.screenshot': 'Bildschirmfoto (optional)',
  'tester.feedback.screenshotInput': 'Bildschirmfoto auswählen',
  'tester.feedback.screenshotAdd': 'Bildschirmfoto anhängen',
  'tester.feedback.screenshotAttached': 'Angehängt: {name}',
  'tester.feedback.screenshotRemove': 'Bildschirmfoto entfernen',
  'tester.feedback.screenshotType': 'Ein Bildschirmfoto muss ein Bild sein ({formats}).',
  'tester.feedback.screenshotSignIn': 'Angemeldet kannst du auch ein Bildschirmfoto anhängen.',
  'tester.feedback.send': 'Feedback senden',
  'tester.feedback.thanksTitle': 'Vielen Dank',
  'tester.feedback.thanksBody':
    'Dein Feedback ist beim Team angekommen. Es hilft uns zu entscheiden, was wir zuerst verbessern.',
  'tester.feedback.another': 'Weiteres Feedback senden',

  'tester.badge': 'Beta-Tester',
  'tester.cohorts': 'Kohorte: {names}',

  'tester.invite.title': 'Deine Einladung zur Kitwright-Beta',
  'tester.invite.intro':
    'Tester probieren Neues in Kitwright als Erste aus und sagen uns mit dem Feedback-Knopf auf jeder Seite, was sie davon halten.',
  'tester.invite.code': 'Einladungscode',
  'tester.invite.needAccount':
    'Um teilzunehmen, erstelle ein Konto oder melde dich an. Danach kommst du hierher zurück.',
  'tester.invite.register': 'Konto erstellen',
  'tester.invite.signIn': 'Anmelden',
  'tester.invite.signedInAs': 'Du bist als {name} angemeldet.',
  'tester.invite.join': 'Der Beta beitreten',
  'tester.invite.joinedTitle': 'Du bist jetzt Beta-Tester',
  'tester.invite.alreadyTitle': 'Du warst bereits Tester',
  'tester.invite.joinedBody': 'Du gehörst zur Kohorte „{cohort}“. Danke für deine Hilfe.',
  'tester.invite.start': 'Loslegen',
  'tester.invite.account': 'Dein Konto',
  'tester.invite.refusedTitle': 'Diese Einladung kann nicht verwendet werden',
  'tester.invite.refused.unknown':
    'Diesen Code gibt es nicht. Prüfe den Link oder den Code und versuche es erneut.',
  'tester.invite.refused.expired':
    'Diese Einladung ist abgelaufen. Bitte die Person, die dich eingeladen hat, um eine neue.',
  'tester.invite.refused.revoked':
    'Diese Einladung wurde zurückgezogen. Bitte die Person, die dich eingeladen hat, um eine neue.',
  'tester.invite.refused.usedUp':
    'Diese Einladung wurde bereits so oft verwendet, wie sie erlaubt. Bitte um eine neue.',
  'tester.register.invitation': 'Dein Einladungscode {code} wird mit deinem neuen Konto eingelöst.',

  'tester.support.attach': 'Datei anhängen',
  'tester.support.attachInput': 'Foto oder Modelldatei zum Anhängen auswählen',
  'tester.support.attached': 'Angehängt: {name}',
  'tester.support.remove': '{name} entfernen',
  'tester.support.fileType': 'Häng ein Bild oder eine Modelldatei an ({formats}).',

  'tester.notifications.title': 'Benachrichtigungen',
  'tester.notifications.back': 'Zurück zu deinem Konto',
  'tester.notifications.signIn': 'Melde dich an, um deine Benachrichtigungen zu lesen.',
  'tester.notifications.loading': 'Deine Benachrichtigungen werden geladen…',
  'tester.notifications.none': 'Noch keine Benachrichtigungen',
  'tester.notifications.noneBody':
    'Antworten des Supports, Entscheidungen zu deinen Angeboten und Einladungen erscheinen hier.',
  'tester.notifications.allRead': 'Du hast alles gelesen.',
  'tester.notifications.unread': {
    one: '{count} ungelesene Benachrichtigung',
    other: '{count} ungelesene Benachrichtigungen',
  },
  'tester.notifications.new': 'Neu',
  'tester.notifications.open': 'Öffnen: {title}',
  'tester.notifications.markRead': 'Als gelesen markieren',
  'tester.notifications.see': 'Deine Benachrichtigungen ansehen',
  'tester.header.account': {
    one: '{label} ({count} neu)',
    other: '{label} ({count} neu)',
  },
};
