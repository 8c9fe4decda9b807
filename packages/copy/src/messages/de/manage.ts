/** Deutsch: Designer verwalten ihre eigenen Entwürfe und Angebote, und was andere danach sehen. */

import type { manage as en } from '../en/manage';
import type { DictionaryOf } from '../plural';

export const manage: DictionaryOf<typeof en> = {
  'manage.owner.title': 'Dein Entwurf',
  'manage.owner.body':
    'Nur du siehst diesen Kasten. Bearbeite Text, Fotos und wer ihn sehen kann, nimm ihn offline oder lösche ihn.',
  'manage.owner.open': 'Diesen Entwurf verwalten',
  'manage.state.published': 'Veröffentlicht',
  'manage.state.unpublished': 'Offline',
  'manage.unpublishedNotice':
    'Nur du kannst diesen Entwurf sehen: Er ist nicht in der Galerie und der Suche, und sein Link funktioniert für niemanden sonst. Veröffentliche ihn unter „Verwalten“ wieder.',
  'manage.pendingNotice':
    'Ein Mensch prüft diesen Entwurf, bevor andere ihn sehen können. Meist dauert das höchstens einen Tag.',
  'manage.photos.title': 'Fotos vom Designer',
  'manage.photos.alt': 'Foto {number} von {title}',

  'manage.title': 'Deinen Entwurf verwalten',
  'manage.loading': 'Dein Entwurf wird geladen…',
  'manage.back': 'Zurück zum Angebot',
  'manage.notOwnerTitle': 'Nur der Designer kann diesen Entwurf verwalten',
  'manage.notOwnerBody': 'Öffne einen deiner eigenen Entwürfe in deiner Übersicht, um ihn zu verwalten.',
  'manage.goDashboard': 'Zu deiner Übersicht',
  'manage.status.heading': 'Veröffentlicht oder nicht',
  'manage.status.publishedBody':
    'Veröffentlicht: Andere sehen ihn so, wie es die Sichtbarkeit unten erlaubt. Offline nehmen entfernt ihn aus Galerie, Suche und geteilten Links, bis du ihn wieder veröffentlichst; nichts wird gelöscht, Merkungen und Reservierungen bleiben.',
  'manage.status.unpublishedBody':
    'Offline: Nur du kannst ihn sehen. Wer ihn gemerkt oder reserviert hat, sieht ihn als nicht verfügbar. Beim erneuten Veröffentlichen laufen dieselben automatischen Prüfungen wie bei einem neuen Entwurf.',
  'manage.unpublish': 'Offline nehmen',
  'manage.unpublished': 'Offline. Nur du kannst ihn jetzt sehen.',
  'manage.republish': 'Wieder veröffentlichen',
  'manage.republished': 'Wieder veröffentlicht.',
  'manage.republishedPending': 'Wieder veröffentlicht. Ein Mensch prüft ihn, bevor andere ihn sehen können.',
  'manage.licenceChanged':
    'Die Eigentümerlizenz hat sich seit deiner Veröffentlichung geändert. Akzeptiere die aktuelle Fassung, um den Entwurf wieder zu veröffentlichen.',
  'manage.details.heading': 'Titel, Beschreibung und Schlagwörter',
  'manage.details.help':
    'Geänderter Text wird erneut geprüft und für Leserinnen und Leser anderer Sprachen neu übersetzt.',
  'manage.visibility.heading': 'Wer ihn sehen kann',
  'manage.save': 'Änderungen speichern',
  'manage.saved': 'Deine Änderungen sind gespeichert.',
  'manage.savedPending':
    'Deine Änderungen sind gespeichert. Der neue Text wird von einem Menschen geprüft, bevor andere den Entwurf sehen können.',
  'manage.photos.heading': 'Fotos',
  'manage.photos.help':
    'Deine eigenen Fotos des gebauten Entwurfs: PNG, JPEG oder WebP, je bis 10 MB, höchstens {max}. Das Bausatzbild wird aus dem Bausatz selbst gezeichnet und lässt sich nicht ersetzen.',
  'manage.photos.add': 'Foto hinzufügen',
  'manage.photos.inputLabel': 'Foto zum Hinzufügen auswählen',
  'manage.photos.remove': 'Foto {number} entfernen',
  'manage.photos.none': 'Noch keine Fotos.',
  'manage.photos.full':
    'Dieser Entwurf zeigt schon so viele Fotos wie möglich. Entferne eines, um ein anderes hinzuzufügen.',
  'manage.photos.nativeUnavailable': 'Fotos kannst du vorerst im Web hinzufügen.',
  'manage.photos.added': 'Foto hinzugefügt.',
  'manage.photos.removed': 'Foto entfernt.',
  'manage.delete.heading': 'Diesen Entwurf löschen',
  'manage.delete.body':
    'Beim Löschen verschwinden Seite, Bausatz, Bilder und Entwurf endgültig. Wenn du ihn nur eine Zeit lang verbergen willst, nimm ihn stattdessen offline.',
  'manage.delete.open': 'Diesen Entwurf löschen',
  'manage.delete.title': '„{title}“ endgültig löschen?',
  'manage.delete.what':
    'Seite, Bausatz, Bilder und Entwurf werden entfernt, der Link funktioniert nicht mehr, und wer ihn gemerkt hat, verliert die Merkung.',
  'manage.delete.reservations': {
    one: 'Es gibt {count} Interessenreservierung dafür. Diese wird storniert, und wer sie gemacht hat, erfährt warum.',
    other:
      'Es gibt {count} Interessenreservierungen dafür. Diese werden storniert, und wer sie gemacht hat, erfährt warum.',
  },
  'manage.delete.noUndo': 'Das lässt sich nicht rückgängig machen.',
  'manage.delete.confirm': 'Endgültig löschen',
  'manage.delete.keep': 'Behalten',

  'manage.dashboard.manage': 'Verwalten',
  'manage.dashboard.delete': 'Löschen',
  'manage.dashboard.deleteListing': '„{title}“ löschen',
  'manage.dashboard.deleteDraft': 'Entwurf „{title}“ löschen',
  'manage.dashboard.manageListing': '„{title}“ verwalten',
  'manage.draft.deleteTitle': 'Diesen Entwurf endgültig löschen?',
  'manage.draft.deleteBody':
    '„{title}“ wird mit seinen Dateien gelöscht: dem Modell, das du hochgeladen hast (außer ein anderer Entwurf nutzt es), und dem Bausatz daraus. Das lässt sich nicht rückgängig machen.',
  'manage.draft.deleteBodyPrompt':
    '„{title}“ wird mit dem Bausatz aus seiner Beschreibung gelöscht. Das lässt sich nicht rückgängig machen.',
  'manage.draft.deleteConfirm': 'Entwurf löschen',

  'manage.saved.unavailableTitle': 'Gemerkt, aber nicht mehr sichtbar',
  'manage.saved.unavailable':
    'Der Designer hat ihn offline genommen oder privat gemacht, oder er wird gerade geprüft. Vielleicht kommt er zurück.',
  'manage.saved.remove': 'Aus der Merkliste entfernen',
  'manage.reservation.unavailable':
    'Gerade nicht verfügbar: Der Designer hat ihn offline genommen. Dein Interesse bleibt bestehen; du kannst es stornieren.',
  'manage.reservation.deleted': 'Der Designer hat diesen Entwurf gelöscht.',
};
