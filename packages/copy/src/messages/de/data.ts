/** Deutsch: deine Daten — herunterladen, das Konto löschen, und was danach geschieht. */

import type { data as en } from '../en/data';
import type { DictionaryOf } from '../plural';

export const data: DictionaryOf<typeof en> = {
  'account.profile.dataTitle': 'Deine Daten',
  'account.profile.dataBody': 'Lade alles herunter, was wir über dich speichern, oder lösche dein Konto.',
  'account.profile.dataLink': 'Daten herunterladen oder löschen',

  'account.verified.alreadyTitle': 'Deine E-Mail-Adresse ist bereits bestätigt',
  'account.verified.alreadyBody':
    'Dieser Link wurde schon benutzt, und deine Adresse ist bestätigt. Du musst nichts mehr tun.',

  'account.data.title': 'Deine Daten',
  'account.data.intro':
    'Nimm eine Kopie dessen mit, was Kitwright über dich speichert, oder lösche dein Konto.',
  'account.data.exportTitle': 'Deine Daten herunterladen',
  'account.data.exportBody':
    'Eine JSON-Datei mit allem, was wir über dich speichern: dein Konto und deine Anmeldesitzungen, Entwürfe, Einträge und ihre Texte, die Liste deiner Dateien, Merklisten, Interessensbekundungen, Benachrichtigungen, Support-Unterhaltungen, Einwilligungen und die Sicherheitsprotokolle über dich. Passwörter oder Anmelde-Tokens stehen nie darin.',
  'account.data.exportButton': 'Meine Daten herunterladen',
  'account.data.exported': 'Deine Daten wurden als {name} gespeichert.',
  'account.data.deleteTitle': 'Dein Konto löschen',
  'account.data.deleteBody':
    'Das Löschen geschieht sofort und lässt sich nicht rückgängig machen. Lade vorher deine Daten herunter, wenn du eine Kopie behalten willst.',
  'account.data.consequenceDesigns':
    'Deine veröffentlichten Designs werden entfernt und gelöscht, mit deinen Entwürfen, Uploads, Bausätzen und Vorschauen.',
  'account.data.consequenceReservations':
    'Deine Interessensbekundungen werden storniert; deine Merklisten und Benachrichtigungen werden gelöscht.',
  'account.data.consequenceSupport':
    'Support-Unterhaltungen bleiben bis zu zwei Jahre erhalten, ohne deinen Namen und deine E-Mail-Adresse.',
  'account.data.consequenceAudit':
    'Sicherheitsprotokolle bleiben, nennen dein Konto aber nur mit einem Code, der nicht mehr zu dir führt.',
  'account.data.consequenceFree': 'Dein Benutzername und deine E-Mail-Adresse werden wieder frei.',
  'account.data.deleteStart': 'Mein Konto löschen…',
  'account.data.confirmTitle': 'Löschen bestätigen',
  'account.data.confirmLabel': 'Dein Benutzername',
  'account.data.confirmHelp': 'Gib {username} ein, um zu bestätigen.',
  'account.data.confirmMismatch': 'Das ist nicht dein Benutzername. Gib ihn so ein, wie er oben steht.',
  'account.data.passwordLabel': 'Dein Passwort',
  'account.data.providerNote':
    'Du meldest dich mit {provider} an. Liegt deine letzte Anmeldung mehr als 10 Minuten zurück, bitten wir dich, dich zuerst neu anzumelden.',
  'account.data.reauthTitle': 'Melde dich neu an, um zu bestätigen, dass du es bist',
  'account.data.reauthBody':
    'Ein Konto ohne Passwort lässt sich nur innerhalb von 10 Minuten nach einer Anmeldung löschen. Melde dich neu an und komm dann auf diese Seite zurück.',
  'account.data.reauthButton': 'Neu anmelden',
  'account.data.deleteSubmit': 'Mein Konto endgültig löschen',
  'account.data.keep': 'Konto behalten',
  'account.data.deleting': 'Dein Konto wird gelöscht…',

  'account.deleted.title': 'Konto gelöscht',
  'account.deleted.heading': 'Dein Konto ist gelöscht',
  'account.deleted.body':
    'Wir haben dein Konto mit deinen Designs und Daten gelöscht und dich auf allen Geräten abgemeldet.',
  'account.deleted.email': 'Wir haben eine Bestätigung an deine E-Mail-Adresse geschickt.',
  'account.deleted.gallery': 'Galerie ansehen',

  'err.reauthRequired':
    'Melde dich neu an, um zu bestätigen, dass du es bist, und versuche es dann noch einmal.',
};
