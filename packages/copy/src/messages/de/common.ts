/** Deutsch: die gemeinsame Oberfläche, Navigation, geteilte Wörter und Fehler. */

import type { common as en } from '../en/common';
import type { DictionaryOf } from '../plural';

export const common: DictionaryOf<typeof en> = {
  'app.name': 'Kitwright',
  'app.tagline': 'Entwürfe zum Bauen aus universellen Steinen',
  'nav.home': 'Start',
  'nav.gallery': 'Galerie',
  'nav.create': 'Erstellen',
  'nav.dashboard': 'Übersicht',
  'nav.account': 'Konto',
  'nav.signIn': 'Anmelden',
  'nav.register': 'Konto erstellen',
  'nav.help': 'Hilfe',
  'nav.menu': 'Menü',
  'nav.closeMenu': 'Menü schließen',
  'nav.skip': 'Zum Inhalt springen',
  'footer.ownership':
    'Jeder Entwurf auf Kitwright gehört der Person, die ihn gemacht hat. Wir hosten, übersetzen und zeigen Entwürfe; sie gehören nie uns.',
  'footer.beta': 'Öffentliche Beta: Interesse anmelden ist kostenlos und unverbindlich.',
  'footer.language': 'Sprache',
  'common.close': 'Schließen',
  'common.cancel': 'Abbrechen',
  'common.save': 'Speichern',
  'common.back': 'Zurück',
  'common.retry': 'Erneut versuchen',
  'common.loading': 'Wird geladen…',
  'common.continue': 'Weiter',
  'common.or': 'oder',
  'common.designedBy': 'von {name}',
  'common.blocks': { one: '{count} Stein', other: '{count} Steine' },
  'common.layers': { one: '{count} Lage', other: '{count} Lagen' },
  'common.translatedFrom': 'Übersetzt aus dem {language}',
  'common.showOriginal': 'Original anzeigen',
  'auth.requiredTitle': 'Melde dich an, um fortzufahren',
  'auth.requiredBody':
    'Diese Seite betrifft deine eigenen Entwürfe und Aktivitäten. Melde dich an oder erstelle ein kostenloses Konto – das dauert eine Minute.',
  'error.title': 'Etwas ist schiefgelaufen',
  'error.body': 'Diese Seite konnte nicht angezeigt werden. Das Problem wurde gemeldet.',
  'error.reference': 'Referenz: {id}',
  'error.network': 'Kitwright ist nicht erreichbar. Prüfe deine Verbindung und versuche es erneut.',
  'error.notFound': 'Diese Seite wurde nicht gefunden.',
  'notFound.title': 'Seite nicht gefunden',
  'notFound.body':
    'Unter dieser Adresse gibt es keine Seite. Vielleicht wurde sie verschoben, oder der Link ist falsch geschrieben.',
  'notFound.home': 'Zur Startseite',
  'notFound.gallery': 'Galerie durchsuchen',
  'error.rateLimited': {
    one: 'Zu viele Versuche. Versuche es in {count} Sekunde erneut.',
    other: 'Zu viele Versuche. Versuche es in {count} Sekunden erneut.',
  },
  'consent.title': 'Cookies und Analyse',
  'consent.body':
    'Wir verwenden notwendige Cookies, damit du angemeldet bleibst und deine Merkliste erhalten bleibt. Mit deiner Erlaubnis zählen wir auch, wie Kitwright genutzt wird – ohne Namen oder E-Mail –, um es zu verbessern.',
  'consent.accept': 'Analyse erlauben',
  'consent.reject': 'Nur notwendige',
  'consent.more': 'Cookie-Richtlinie lesen',
  'language.en': 'English',
  'language.fr': 'Français',
  'language.de': 'Deutsch',
};
