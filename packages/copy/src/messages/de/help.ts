/** Deutsch: Hilfe- und Vertrauensseiten, Support und Meldungen (die langen Texte stehen in src/help). */

import type { help as en } from '../en/help';
import type { DictionaryOf } from '../plural';

export const help: DictionaryOf<typeof en> = {
  'help.title': 'Hilfe und Richtlinien',
  'help.intro':
    'Wie du Hilfe bekommst, wie du ein Angebot meldest, und die Regeln, an die wir uns halten: klar, datiert und versioniert.',
  'help.back': '← Hilfe und Richtlinien',
  'help.version': 'Fassung {version} · gültig ab {date}',
  'help.inShort': 'Kurz gesagt',
  'help.otherPages': 'Weitere Hilfeseiten',
  'help.policies': 'Richtlinien und Zusagen',

  'help.getHelp.title': 'Brauchst du Hilfe?',
  'help.getHelp.body':
    'Stell eine Frage, melde einen Fehler oder ein Angebot. Ein Mensch antwortet, meist am selben Werktag.',
  'help.getHelp.contact': 'Support kontaktieren',
  'help.getHelp.report': 'Angebot melden',

  'help.support.short': 'Hilfe und Meldungen',
  'help.terms.short': 'Nutzungsbedingungen',
  'help.privacy.short': 'Datenschutz',
  'help.cookies.short': 'Cookies',
  'help.licence.short': 'Inhaltslizenz',
  'help.interest.short': 'Hinweis zum Interesse',
  'help.safety.short': 'Grenzen der Produktsicherheit',

  'help.terms.blurb': 'Was Kitwright in der Beta bietet, dein Konto, zulässige Nutzung und Moderation.',
  'help.privacy.blurb': 'Was wir über dich speichern, warum, wie lange, wer uns hilft, und deine Rechte.',
  'help.cookies.blurb':
    'Die wenigen notwendigen Cookies, die optionalen Statistiken und wie du deine Antwort änderst.',
  'help.licence.blurb':
    'Deine Entwürfe bleiben deine; die begrenzte Lizenz, die du uns für den Betrieb gibst.',
  'help.interest.blurb':
    'Interesse anmelden ist kostenlos und unverbindlich: keine Karte, keine Abbuchung, keine Bestellung.',
  'help.safety.blurb': 'Nur freistehende und dekorative Aufbauten, und welche Nutzungen gesperrt sind.',

  'help.faq.title': 'Häufige Fragen',
  'help.faq.1.q': 'Kann ich auf Kitwright Bausätze kaufen?',
  'help.faq.1.a':
    'Noch nicht. Während der öffentlichen Beta wird nichts verkauft und keine Zahlung angenommen. Du kannst unverbindlich Interesse an einem Entwurf anmelden, um zu zeigen, dass du einen Bausatz möchtest.',
  'help.faq.2.q': 'Wem gehören die Entwürfe?',
  'help.faq.2.a':
    'Den Menschen, die sie erstellen. Kitwright speichert, verarbeitet, übersetzt, moderiert und zeigt Entwürfe unter einer begrenzten Lizenz an und beansprucht sie nie für sich.',
  'help.faq.3.q': 'Welche Dateien kann ich hochladen?',
  'help.faq.3.a':
    'Modelle im Format STL, OBJ, PLY, GLB, glTF (eine .gltf-Datei oder ein ZIP mit ihr und ihren Dateien, wie Sketchfab sie liefert) und 3MF, auch Projekte aus Bambu Studio, OrcaSlicer und PrusaSlicer. Geschlossene, massive Modelle funktionieren am besten. Die Upload-Seite nennt die aktuelle Größengrenze.',
  'help.faq.4.q': 'Wie lösche ich mein Konto oder meine Daten?',
  'help.faq.4.a':
    'Schreib dem Support mit der Kategorie „Konto“. Wir löschen Konten innerhalb von 30 Tagen nach der Anfrage, wie im Datenschutzhinweis beschrieben.',
  'help.faq.5.q': 'Wofür darf ein Bausatz genutzt werden?',
  'help.faq.5.a':
    'Für freistehende und dekorative Aufbauten. Tragende, elektrische Nutzungen, Nassbereiche, Verkleidungen, Nutzung durch Kinder und regulierte Nutzungen sind nicht erlaubt.',

  'help.cookies.choiceTitle': 'Deine Wahl',
  'help.cookies.current': 'Aktuelle Antwort:',
  'help.cookies.granted': 'Statistiken erlaubt',
  'help.cookies.denied': 'Nur notwendige',
  'help.cookies.unset': 'Noch nicht beantwortet',
  'help.cookies.choiceBody':
    'Notwendiger Speicher bleibt in jedem Fall aktiv, damit Anmeldung und Merken funktionieren. Deine Antwort wird auf diesem Gerät gespeichert und mit jeder Anfrage gesendet, damit auch unser Server sie anwendet.',

  'help.support.formTitle': 'Schreib uns',
  'help.support.reportTitle': 'Angebot melden',
  'help.support.aboutListing': 'Das Angebot, das du meldest',
  'help.support.category': 'Worum geht es?',
  'help.support.cat.question': 'Eine Frage',
  'help.support.cat.bug': 'Etwas funktioniert nicht',
  'help.support.cat.report_listing': 'Angebot melden',
  'help.support.cat.account': 'Konto und Datenschutz',
  'help.support.cat.reservation': 'Interessensreservierungen',
  'help.support.cat.feedback': 'Rückmeldung',
  'help.support.cat.other': 'Etwas anderes',
  'help.support.chooseCategory': 'Wähle, worum es in deiner Nachricht geht.',
  'help.support.reportHelp':
    'Sag uns, was nicht stimmt: kopierte Arbeit, unsichere oder gesperrte Nutzung, anstößige oder rechtswidrige Inhalte. Der Eigentümer erfährt nicht, wer gemeldet hat.',
  'help.support.subject': 'Betreff',
  'help.support.subjectShort': 'Schreib einen Betreff mit mindestens 3 Zeichen.',
  'help.support.message': 'Nachricht',
  'help.support.messageHelp':
    'Was du versucht hast, was passiert ist, und eine Referenznummer, falls die App eine angezeigt hat.',
  'help.support.messageReportHelp':
    'Was mit dem Angebot nicht stimmt und warum. Links zu deinem Original helfen.',
  'help.support.email': 'Deine E-Mail',
  'help.support.emailHelp':
    'Wir antworten per E-Mail: Ohne Konto ist das der einzige Weg, dich zu erreichen. Wir nutzen sie nur für dieses Gespräch.',
  'help.support.replyTo': 'Wir antworten an {email} und in deiner Übersicht.',
  'help.support.send': 'Nachricht senden',
  'help.support.sendReport': 'Meldung senden',
  'help.support.sentTitle': 'Danke, deine Nachricht ist angekommen',
  'help.support.sentBody': 'Ein Mensch wird sie lesen. Wir wollen bis {due} antworten.',
  'help.support.reference': 'Referenz: {ref}',
  'help.support.another': 'Weitere Nachricht schreiben',
  'help.support.mine': 'Deine Gespräche',
  'help.support.status.open': 'Offen',
  'help.support.status.waiting': 'Wartet auf deine Antwort',
  'help.support.status.resolved': 'Gelöst',
  'help.support.status.closed': 'Geschlossen',
  'help.support.cat.appeal': 'Einspruch gegen eine Moderationsentscheidung',
  'help.support.status.withUs': 'Bei unserem Team',
  'help.support.reason': 'Warum meldest du es?',
  'help.support.reason.intellectual_property': 'Es kopiert die Arbeit von jemandem',
  'help.support.reason.safety': 'Es ist gefährlich zu bauen oder zu benutzen',
  'help.support.reason.offensive_or_illegal': 'Es ist anstößig oder illegal',
  'help.support.reason.spam': 'Spam oder Werbung',
  'help.support.reason.other': 'Ein anderer Grund',
  'help.support.chooseReason': 'Wähle, warum du dieses Angebot meldest.',
  'help.support.openThread': 'Gespräch öffnen',
  'help.thread.title': 'Gespräch mit dem Support',
  'help.thread.back': 'Support und deine Gespräche',
  'help.thread.loading': 'Gespräch wird geladen …',
  'help.thread.aboutListing': 'Zum Angebot',
  'help.thread.about': 'Zu {what}',
  'help.thread.kind.reservation': 'deiner Interessensreservierung',
  'help.thread.kind.draft': 'deinem Entwurf',
  'help.thread.kind.job': 'einem Verarbeitungsauftrag',
  'help.thread.kind.listing': 'einem Angebot',
  'help.thread.you': 'Du',
  'help.thread.staff': 'Kitwright-Support',
  'help.thread.system': 'Kitwright',
  'help.thread.translated': 'Automatisch übersetzt',
  'help.thread.showOriginal': 'Original anzeigen',
  'help.thread.hideOriginal': 'Original ausblenden',
  'help.thread.attached': 'Angehängt: {names}',
  'help.thread.file': 'Datei',
  'help.thread.reply': 'Deine Antwort',
  'help.thread.replyHelp': 'Wir antworten hier und per E-Mail.',
  'help.thread.send': 'Antwort senden',
  'help.thread.close': 'Gespräch schließen',
  'help.thread.closeHelp':
    'Schließe es, wenn du nichts mehr brauchst. Ein geschlossenes Gespräch kann nicht wieder geöffnet werden.',
  'help.thread.reopen': 'Wieder öffnen',
  'help.thread.reopenUntil': 'Doch nicht gelöst? Du kannst es bis {date} wieder öffnen.',
  'help.thread.isClosed':
    'Dieses Gespräch ist geschlossen. Wenn du noch Hilfe brauchst, schreib eine neue Nachricht.',
  'help.thread.tooLate':
    'Dieses Gespräch wurde vor zu langer Zeit gelöst, um es wieder zu öffnen. Wenn du noch Hilfe brauchst, schreib eine neue Nachricht.',
  'help.thread.refused.closed': 'Dieses Gespräch ist geschlossen: Schreib stattdessen eine neue Nachricht.',
  'help.thread.refused.tooLate':
    'Dieses Gespräch wurde vor zu langer Zeit gelöst, um es wieder zu öffnen: Schreib stattdessen eine neue Nachricht.',
  'help.thread.refused.open': 'Dieses Gespräch ist noch offen, es gibt nichts wieder zu öffnen.',
  'help.thread.refused.full': 'Dieses Gespräch ist voll: Schreib eine neue Nachricht und erwähne dieses.',
  'help.thread.notFound': 'Wir finden dieses Gespräch nicht',
  'help.thread.notFoundBody':
    'Der Link ist vielleicht unvollständig oder veraltet, oder das Gespräch wurde von einem anderen Konto oder Browser aus begonnen. Melde dich mit dem Konto an, mit dem du geschrieben hast, nutze den Link aus unserer letzten E-Mail oder schreib eine neue Nachricht.',
  'help.thread.newMessage': 'Neue Nachricht schreiben',
};
