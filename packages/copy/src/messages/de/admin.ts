/** Deutsch: der Rahmen des Team- und Gründerbereichs — Startseite, Bereiche und die Seite „Kein Zugriff“. */

import type { admin as en } from '../en/admin';
import type { DictionaryOf } from '../plural';

export const admin: DictionaryOf<typeof en> = {
  'nav.admin': 'Team',
  'admin.title': 'Werkzeuge für Team und Gründer',
  'admin.intro':
    'Die Warteschlangen und Zahlen, mit denen die Beta läuft. Nur das Team und der Gründer sehen diese Seiten.',
  'admin.loading': 'Wird geladen…',
  'admin.sections': 'Bereiche',
  'admin.back': '← Werkzeuge für Team und Gründer',
  'admin.readOnly': 'Nur lesen: Änderungen nimmt der Gründer vor.',
  'admin.notAllowed.title': 'Diese Seite ist nicht für dein Konto',
  'admin.notAllowed.body':
    'Die Seite gehört zu den Team-Werkzeugen von Kitwright. Wenn du Zugriff haben solltest, frag den Gründer; für die Nutzung von Kitwright brauchst du hier nichts.',
  'admin.notAllowed.home': 'Zur Startseite',
  'admin.section.support': 'Support-Warteschlange',
  'admin.section.moderation': 'Moderation',
  'admin.section.demand': 'Nachfrage prüfen',
  'admin.section.incidents': 'Störungen',
  'admin.section.beta': 'Gründer-Übersicht',
  'admin.section.phase': 'Phase, Kriterien und Schalter',
  'admin.section.cohorts': 'Kohorten und Einladungen',
  'admin.section.sessions': 'Beobachtete Sitzungen',
  'admin.section.learning': 'Lernrückblick',
  'admin.blurb.support': 'Offene Gespräche mit Fälligkeit; antworten, Notizen, zuweisen.',
  'admin.blurb.moderation': 'Angebote, die auf eine Entscheidung warten, mit Meldungen.',
  'admin.blurb.demand': 'Interesse nach Angebot und Person; bewerten und exportieren.',
  'admin.blurb.incidents': 'Offene und letzte Störungen: übernehmen, lösen, Notizen führen.',
  'admin.blurb.beta': 'Die Erfolgsziele eines Zeitraums, Tageskurven und Trichter.',
  'admin.blurb.phase': 'Schalter, Phasenkriterien mit Nachweisen und die A.5-Entscheidung.',
  'admin.blurb.cohorts': 'Kohorten der Beta-Tester und ihre Einladungscodes.',
  'admin.blurb.sessions': 'Geplante und beobachtete Beta-Sitzungen mit Notizen.',
  'admin.blurb.learning': 'Was die Beta uns gelehrt hat: Rückmeldungen, Sitzungen, Themen.',
};
