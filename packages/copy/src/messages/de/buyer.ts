import type { buyer as en } from '../en/buyer';
import type { DictionaryOf } from '../plural';

/** Deutsch: Käuferseiten (Vorbestellungen der Phase A.5) und die Bedingungen für Designer. */
export const buyer: DictionaryOf<typeof en> = {
  'buyer.reservations.title': 'Meine Reservierungen',
  'buyer.reservations.intro':
    'Die Entwürfe, für die du Interesse angemeldet hast. Das ist kostenlos und unverbindlich: keine Karte, keine Zahlung, keine Bestellung.',
  'buyer.reservations.loading': 'Deine Reservierungen werden geladen …',
  'buyer.reservations.empty': 'Du hast noch für keinen Entwurf Interesse angemeldet.',
  'buyer.reservations.browse': 'Entwürfe ansehen',
  'buyer.reservations.dashboard': '← Übersicht',
  'buyer.reservations.active': 'Aktiv',
  'buyer.reservations.cancelled': 'Storniert',
  'buyer.reservations.reservedOn': 'Reserviert am {date}',
  'buyer.reservations.signIn':
    'Melde dich an, um deine Reservierungen und etwaige Einladungen zur Vorbestellung zu sehen.',

  'buyer.invite.badge': 'Zur Vorbestellung eingeladen',
  'buyer.invite.body':
    'Du bist zu einer Vorbestellung ohne Abbuchung eingeladen: Deine Karte wird geprüft und gespeichert, jetzt wird kein Geld abgebucht.',
  'buyer.invite.open': 'Diesen Entwurf vorbestellen',
  'buyer.invite.declined': 'Vorbestellung abgelehnt oder storniert',
  'buyer.invite.converted': 'Vorbestellt',
  'buyer.invite.paused': 'Vorbestellungen sind derzeit pausiert. Deine Einladung bleibt bestehen.',

  'buyer.list.title': 'Meine Vorbestellungen',
  'buyer.list.intro': 'Für keine davon wurde etwas abgebucht. Du kannst jederzeit vor Phase B stornieren.',
  'buyer.list.empty': 'Du hast keine Vorbestellungen.',
  'buyer.list.loading': 'Deine Vorbestellungen werden geladen …',
  'buyer.list.confirmed': 'Bestätigt',
  'buyer.list.cancelledStatus': 'Storniert',
  'buyer.list.unknownListing': 'Ein Entwurf, den du reserviert hast',
  'buyer.list.expected': 'Voraussichtlicher Preis: {price}',
  'buyer.list.card': 'Karte: {brand} mit Endziffern {last4}',
  'buyer.list.createdOn': 'Vorbestellt am {date}',
  'buyer.list.cancelledOn': 'Storniert am {date}',
  'buyer.list.cancel': 'Vorbestellung stornieren',

  'buyer.cancel.title': 'Diese Vorbestellung stornieren?',
  'buyer.cancel.body':
    'Deine gespeicherte Karte wird entfernt und dafür nie belastet. Du kannst nicht erneut zur Vorbestellung dieses Entwurfs eingeladen werden.',
  'buyer.cancel.reason': 'Warum stornierst du?',
  'buyer.cancel.reason.changed_mind': 'Ich habe es mir anders überlegt',
  'buyer.cancel.reason.price': 'Der Preis',
  'buyer.cancel.reason.timing': 'Der Zeitpunkt',
  'buyer.cancel.reason.found_alternative': 'Ich habe etwas anderes gefunden',
  'buyer.cancel.reason.card_problem': 'Ein Problem mit meiner Karte',
  'buyer.cancel.reason.other': 'Ein anderer Grund',
  'buyer.cancel.note': 'Möchtest du etwas ergänzen? (optional)',
  'buyer.cancel.chooseReason': 'Wähle einen Grund.',
  'buyer.cancel.confirm': 'Vorbestellung stornieren',
  'buyer.cancel.keep': 'Behalten',
  'buyer.cancel.done':
    'Deine Vorbestellung ist storniert und deine Karte entfernt. Es wurde nichts abgebucht.',

  'buyer.preorder.title': 'Vorbestellung',
  'buyer.preorder.back': '← Meine Reservierungen',
  'buyer.preorder.loading': 'Deine Vorbestellung wird vorbereitet …',
  'buyer.preorder.heading': '{title} vorbestellen',
  'buyer.preorder.headingPlain': 'Deine Vorbestellung',
  'buyer.preorder.expectedPrice': 'Voraussichtlicher Preis',
  'buyer.preorder.priceNote':
    'Eine Schätzung, keine Abbuchung: Der endgültige Preis wird vor jeder Zahlung bestätigt.',
  'buyer.preorder.expires': 'Die Einladung gilt bis {date}.',
  'buyer.preorder.termsTitle': 'Jetzt wird kein Geld abgebucht',
  'buyer.preorder.termsLead':
    'Deine Karte wird geprüft und gespeichert. Es wird nichts abgebucht und kein Betrag auf deiner Karte reserviert.',
  'buyer.preorder.agreementTitle': 'Die eine spätere Zahlung',
  'buyer.preorder.step.card': '1. Karte prüfen',
  'buyer.preorder.step.confirm': '2. Vorbestellung bestätigen',
  'buyer.preorder.unavailable': 'Vorbestellungen sind derzeit nicht verfügbar.',

  'buyer.card.localIntro':
    'Testmodus: Die Kartenprüfung läuft auf diesem Server mit Testkarten. Das Formular öffnet sich in einem neuen Fenster; komm hierher zurück, wenn dort steht, dass deine Karte gespeichert ist.',
  'buyer.card.openForm': 'Kartenformular öffnen',
  'buyer.card.check': 'Fertig: meine Karte prüfen',
  'buyer.card.checking': 'Deine Karte wird geprüft …',
  'buyer.card.close': 'Kartenformular schließen',
  'buyer.card.formTitle': 'Kartenformular',
  'buyer.card.save': 'Karte prüfen',
  'buyer.card.loadingForm': 'Kartenformular wird geladen …',
  'buyer.card.stripeUnavailable':
    'Das Kartenformular konnte nicht geladen werden. Prüfe deine Verbindung und versuche es erneut.',
  'buyer.card.needed':
    'Füge eine Karte hinzu, um fortzufahren. Die Karte wird geprüft und gespeichert, nicht belastet.',
  'buyer.card.verified': 'Deine Karte ist geprüft und gespeichert. Es wurde nichts abgebucht.',
  'buyer.card.authRequired':
    'Deine Bank muss bestätigen, dass du es bist. Schließe die Prüfung deiner Bank im Kartenformular ab und prüfe deine Karte dann erneut.',
  'buyer.card.processing': 'Deine Bank prüft die Karte noch. Versuche es gleich noch einmal.',
  'buyer.card.cancelledIntent':
    'Diese Kartenprüfung wurde abgebrochen. Wende dich an den Support, um neu zu beginnen.',
  'buyer.card.declinedFunds':
    'Deine Karte wurde abgelehnt: Laut deiner Bank ist nicht genug Guthaben vorhanden. Es wurde nichts abgebucht. Versuche eine andere Karte.',
  'buyer.card.declined':
    'Deine Karte wurde von deiner Bank abgelehnt. Es wurde nichts abgebucht. Versuche eine andere Karte oder frag deine Bank nach dem Grund.',
  'buyer.card.authFailed':
    'Deine Bank konnte nicht bestätigen, dass du es bist; die Karte wurde nicht gespeichert. Es wurde nichts abgebucht. Versuche es erneut.',
  'buyer.card.expired': 'Diese Karte ist abgelaufen. Es wurde nichts abgebucht. Versuche eine andere Karte.',
  'buyer.card.otherError':
    'Die Karte konnte nicht geprüft werden ({code}). Es wurde nichts abgebucht. Versuche es erneut oder nutze eine andere Karte.',
  'buyer.card.tryAgain': 'Du kannst es mit derselben oder einer anderen Karte erneut versuchen.',

  'buyer.confirm.ack':
    'Ich verstehe, dass meine Karte geprüft und gespeichert wird und dass jetzt kein Geld abgebucht wird.',
  'buyer.confirm.ackHelp': 'Wird jedes Mal neu abgefragt: Setz das Häkchen kurz vor dem Bestätigen.',
  'buyer.confirm.agreement': 'Ich stimme der oben beschriebenen späteren Zahlung zu.',
  'buyer.confirm.button': 'Vorbestellung bestätigen',
  'buyer.confirm.needCard': 'Prüfe zuerst deine Karte.',
  'buyer.confirm.needAck': 'Setz beide Häkchen, um zu bestätigen.',
  'buyer.confirm.stale': 'Deine Bestätigung ist älter als 15 Minuten. Bitte setz das Häkchen erneut.',

  'buyer.done.title': 'Vorbestellung bestätigt',
  'buyer.done.body': 'Deine Vorbestellung von {title} ist bestätigt. Es wurde nichts abgebucht.',
  'buyer.done.charged': 'Jetzt abgebucht: nichts',
  'buyer.done.reference': 'Referenz: {id}',
  'buyer.done.mine': 'Meine Vorbestellungen ansehen',
  'buyer.warning.cardExpires':
    'Deine Karte läuft vor dem Ende des erwarteten Produktionszeitraums ab. Deine Vorbestellung ist angelegt; vor einer Zahlung wirst du eventuell um eine neuere Karte gebeten.',
  'buyer.done.already': 'Diese Reservierung ist bereits eine Vorbestellung.',

  'buyer.problem.notInvited': 'Für diese Reservierung gibt es keine Einladung zur Vorbestellung.',
  'buyer.problem.expired': 'Diese Einladung ist abgelaufen. Es wurde nichts abgebucht.',
  'buyer.problem.reservationCancelled':
    'Diese Reservierung wurde storniert und kann nicht vorbestellt werden.',
  'buyer.problem.preorderCancelled':
    'Du hast diese Vorbestellung storniert; sie kann nicht erneut angelegt werden.',
  'buyer.problem.outsideUk': 'Vorbestellungen stehen vorerst nur Käufern im Vereinigten Königreich offen.',
  'buyer.problem.closed': 'Vorbestellungen sind nicht geöffnet.',
  'buyer.problem.paused':
    'Vorbestellungen sind derzeit pausiert. Deine Einladung bleibt bestehen; schau später wieder vorbei.',
  'buyer.problem.termsWithdrawn': 'Der Designer hat Vorbestellungen für diesen Entwurf pausiert.',
  'buyer.problem.provider':
    'Der Kartendienst ist gerade nicht erreichbar. Es wurde nichts abgebucht. Versuche es gleich noch einmal.',
  'buyer.problem.notFound': 'Diese Einladung zur Vorbestellung wurde nicht gefunden.',
  'buyer.problem.cardNotVerified': 'Deine Karte ist noch nicht geprüft.',

  'buyer.terms.title': 'Bedingungen für Vorbestellungen',
  'buyer.terms.intro':
    'Damit eingeladene Käufer diesen Entwurf vorbestellen können (ihre Karte wird geprüft, nichts wird abgebucht), akzeptiere die Designer-Bedingungen.',
  'buyer.terms.loading': 'Bedingungen für Vorbestellungen werden geladen …',
  'buyer.terms.accepted': 'Akzeptiert (Version {version}) am {date}',
  'buyer.terms.notAccepted': 'Nicht akzeptiert',
  'buyer.terms.outdated': 'Du hast Version {version} akzeptiert; jetzt gilt Version {current}.',
  'buyer.terms.read': 'Bedingungen, Version {version}',
  'buyer.terms.accept': 'Bedingungen akzeptieren',
  'buyer.terms.withdraw': 'Zurückziehen',
  'buyer.terms.withdrawTitle': 'Bedingungen für Vorbestellungen zurückziehen?',
  'buyer.terms.withdrawBody':
    'Keine neuen Einladungen, Kartenprüfungen oder Vorbestellungen mehr für diesen Entwurf. Bereits bestätigte Vorbestellungen bleiben bestätigt.',
  'buyer.terms.keep': 'Beibehalten',
  'buyer.terms.withdrawn': 'Zurückgezogen am {date}',
};
