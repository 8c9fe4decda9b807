/** Deutsch: die Hilfe- und Vertrauensseiten (getreue Übersetzung des englischen Referenztexts). */
import type { HelpDocs } from './types';

export const de: HelpDocs = {
  terms: {
    title: 'Nutzungsbedingungen',
    summary:
      'Kitwright ist eine kostenlose Plattform in der öffentlichen Beta, um Entwürfe aus universellen Bausteinen und Verbindern zu erstellen, zu veröffentlichen und anzusehen. Während der Beta wird nichts verkauft. Was du erstellst, gehört dir; du gibst uns nur eine begrenzte Lizenz, um den Dienst zu betreiben, und verpflichtest dich, ihn rechtmäßig und innerhalb seiner Sicherheitsgrenzen zu nutzen.',
    sections: [
      {
        heading: '1. Wer wir sind',
        body: [
          'Kitwright („wir“) betreibt diese Website und App. Wir sind die Plattform, die Entwürfe speichert, verarbeitet, übersetzt, moderiert und anzeigt. Wir sind weder Urheber noch Eigentümer noch Verkäufer eines Entwurfs auf Kitwright: Jeder Entwurf gehört der Person, die ihn erstellt oder veröffentlicht hat, und jedes Angebot nennt sie.',
          'Du erreichst uns jederzeit über das Formular auf der Seite „Hilfe und Meldungen“.',
        ],
      },
      {
        heading: '2. Die öffentliche Interessens-Beta',
        body: [
          'Kitwright befindet sich in der öffentlichen Interessens-Beta. In dieser Phase verkaufen wir nichts: keine Kartenzahlungen, keine Abbuchungen, keine Bestellungen, keine Rechnungen und keine Versanddaten. Interesse an einem Entwurf anzumelden ist kostenlos und unverbindlich (siehe Hinweis zu Interessensreservierungen).',
          'Funktionen können sich ändern oder abgeschaltet werden, während wir dazulernen. Betrifft eine Änderung dich wesentlich, informieren wir dich vorher in der App oder per E-Mail.',
        ],
      },
      {
        heading: '3. Dein Konto',
        list: [
          'Du musst mindestens 16 Jahre alt sein, um ein Konto anzulegen.',
          'Gib eine funktionierende E-Mail-Adresse an und halte sie aktuell: Wir nutzen sie für die Bestätigung, das Zurücksetzen des Passworts und wichtige Mitteilungen.',
          'Behalte dein Passwort für dich. Melde dich über den Support, wenn du glaubst, dass jemand anderes dein Konto genutzt hat.',
          'Eine Person pro Konto. Lege keine Konten für andere an und keine, um eine Sperre zu umgehen.',
        ],
      },
      {
        heading: '4. Deine Entwürfe',
        body: [
          'Du behältst das volle Eigentum an den Modellen, Beschreibungen, Entwürfen und Angeboten, die du erstellst. Mit dem Hochladen oder Veröffentlichen gibst du uns die in der Inhaltslizenz beschriebene begrenzte Lizenz: deine Entwürfe zu speichern, zu verarbeiten, zu übersetzen, zu moderieren, anzuzeigen und zu prüfen, ausschließlich für den Betrieb von Kitwright.',
          'Du bestätigst, dass du hochladen darfst, was du hochlädst: Es ist deine eigene Arbeit, oder der Rechteinhaber erlaubt diese Nutzung, und es kopiert keinen geschützten Entwurf einer anderen Person.',
        ],
      },
      {
        heading: '5. Zulässige Nutzung',
        body: ['Nutze Kitwright nicht, um:'],
        list: [
          'rechtswidrige, hasserfüllte, gewalttätige, sexuelle oder belästigende Inhalte zu veröffentlichen;',
          'Entwürfe, Logos oder Figuren zu kopieren oder zu veröffentlichen, für die du keine Rechte hast;',
          'einen Entwurf als geeignet für eine gesperrte Nutzung darzustellen (siehe Grenzen der Produktsicherheit) oder die Sicherheitsfragen unwahr zu beantworten;',
          'über Urheber oder Eigentümer eines Entwurfs zu täuschen;',
          'Schadsoftware hochzuladen, den Dienst zu überlasten oder ihn auf schädliche Weise automatisiert auszulesen;',
          'Grenzen, Prüfungen, Moderation oder die Privatsphäre anderer zu umgehen.',
        ],
      },
      {
        heading: '6. Sicherheit und Genauigkeit',
        body: [
          'Entwürfe auf Kitwright sind ausschließlich für freistehende und dekorative Aufbauten gedacht. Verkleidungen, tragende, elektrische Nutzungen, Nassbereiche, Nutzung durch Kinder und regulierte Nutzungen sind gesperrt.',
          'Vorschauen, Teilezahlen, Maße, Gewichte und Stabilitätsprüfungen werden aus der Geometrie berechnet. Es sind Schätzungen, die dir helfen sollen, kein technisches Gutachten und kein Versprechen über einen physischen Bausatz.',
        ],
      },
      {
        heading: '7. Moderation und Meldungen',
        body: [
          'Automatische Prüfungen sehen sich jedes Angebot bei der Veröffentlichung an, und ein Mensch prüft die Angebote, die sie markieren. Wir können Inhalte ausblenden oder entfernen, die gegen diese Bedingungen oder das Gesetz verstoßen. Wenn wir bei deinem Angebot eingreifen, sagen wir dir warum, sofern das Gesetz es nicht verbietet, und du kannst über den Support eine erneute Prüfung verlangen.',
          'Jede Person kann ein Angebot über die Seite „Hilfe und Meldungen“ melden.',
        ],
      },
      {
        heading: '8. Verfügbarkeit',
        body: [
          'Wir sorgen dafür, dass Kitwright verfügbar bleibt und deine Daten mit Sicherungskopien geschützt sind. Es ist dennoch eine Beta: Der Dienst kann unterbrochen werden, und wir empfehlen, eigene Kopien deiner Quelldateien aufzubewahren.',
        ],
      },
      {
        heading: '9. Haftung',
        body: [
          'Wir haften für vorhersehbare Verluste oder Schäden, die dir entstehen, weil wir gegen diese Bedingungen verstoßen oder fahrlässig gehandelt haben. Nichts in diesen Bedingungen beschränkt unsere Haftung für Tod oder Körperverletzung durch unsere Fahrlässigkeit, für Betrug oder für alles, was gesetzlich nicht beschränkt werden darf. Wenn du Kitwright als Verbraucher nutzt, behältst du alle Rechte aus dem Verbraucherrecht.',
        ],
      },
      {
        heading: '10. Beendigung',
        body: [
          'Du kannst Kitwright jederzeit nicht mehr nutzen und uns über den Support bitten, dein Konto zu löschen. Wir können ein Konto sperren oder schließen, das schwer oder wiederholt gegen diese Bedingungen verstößt; wir nennen dir den Grund, und du kannst eine Überprüfung verlangen.',
        ],
      },
      {
        heading: '11. Anwendbares Recht und Änderungen',
        body: [
          'Für diese Bedingungen gilt das Recht von England und Wales. Wenn du als Verbraucher anderswo lebst, behältst du den zwingenden Schutz des Rechts deines Landes und kannst vor den Gerichten deines Wohnorts klagen.',
          'Wenn wir diese Bedingungen ändern, veröffentlichen wir hier eine neue, datierte Fassung. Über Änderungen, die dich betreffen, informieren wir dich mindestens 14 Tage vor ihrem Inkrafttreten.',
        ],
      },
    ],
  },

  privacy: {
    title: 'Datenschutzhinweis',
    summary:
      'Wir speichern, was wir brauchen, um dein Konto, deine Entwürfe und deine Interessensreservierungen zu betreiben und Kitwright sicher zu halten. Optionale Statistiken gibt es nur mit deiner Erlaubnis. Wir verkaufen keine personenbezogenen Daten und halten sie aus unseren technischen Protokollen heraus.',
    sections: [
      {
        heading: '1. Wer verantwortlich ist',
        body: [
          'Kitwright, der Betreiber dieser Plattform, entscheidet über die Verwendung deiner personenbezogenen Daten (der „Verantwortliche“). Schreib uns über das Support-Formular, Kategorie „Konto“, zu allen Fragen und Anliegen zu deinen Daten.',
        ],
      },
      {
        heading: '2. Was wir speichern und warum',
        list: [
          'Konto: Benutzername, E-Mail-Adresse, Anzeigename, Sprache, Anmeldeart und dein Passwort, ausschließlich als nicht umkehrbarer Hash (Argon2) gespeichert. Um dein Konto zu betreiben (unser Vertrag mit dir).',
          'Anmeldesitzungen: Beginn jeder Sitzung, eine Gerätekennung, falls die App eine sendet, die IP-Adresse und der Browsername. Um dich angemeldet zu halten und Missbrauch zu erkennen (Sicherheit, ein berechtigtes Interesse).',
          'Anmeldung mit Google oder Apple, wenn du sie wählst: Name und E-Mail-Adresse, die der Anbieter teilt, und ob er die Adresse bestätigt hat. Dein Passwort beim Anbieter sehen wir nie.',
          'Deine Entwürfe: hochgeladene Modelldateien, Beschreibungen, Entwürfe, erzeugte Bausätze und Vorschauen, Angebotstexte und ihre Übersetzungen. Um den Dienst zu erbringen, gemäß der Inhaltslizenz.',
          'Interessensreservierungen: das Angebot, die Menge, dein Land, die vorgesehene Nutzung, deine Bestätigung des Hinweises und deren Zeitpunkt. Um die Nachfrage nach Entwürfen zu messen.',
          'Gemerkte Entwürfe, Angebotsaufrufe (einmal pro Besucher und Tag gezählt) und geteilte Links.',
          'Support-Gespräche: deine Nachrichten, die E-Mail-Adresse für Antworten und das betroffene Angebot oder den Entwurf.',
          'Eine Besuchersitzung: eine zufällige Kennung in einem Cookie, damit du Entwürfe merken und Interesse anmelden kannst, bevor du ein Konto hast. Diese geht bei der Anmeldung in dein Konto über.',
          'Sicherheitsaufzeichnungen: ein fälschungssicheres Protokoll von Anmeldungen, Passwortänderungen, Veröffentlichungen und Reservierungen. Für Sicherheit und Nachvollziehbarkeit.',
          'Fehlerberichte: Wenn die App versagt, ein Bericht mit Referenznummer, Seitenadresse und App-Version, niemals Passwörter oder deine Eingaben.',
          'Nur mit deiner Einwilligung Statistiken: pseudonyme Nutzungsereignisse (zum Beispiel „eine Sitzung begann“, „ein Entwurf wurde begonnen“), deine Geräteklasse (Telefon, Tablet oder Computer) und woher dein Besuch kam (Kampagnen-Parameter, verweisende Website). Ohne Einwilligung wird nichts davon erfasst.',
        ],
      },
      {
        heading: '3. Was wir nie tun',
        list: [
          'Personenbezogene Daten verkaufen oder vermieten.',
          'Werbeprofile erstellen oder Werbe-Tracker einsetzen.',
          'Personenbezogene Angaben in unsere technischen Protokolle schreiben: E-Mail-Adressen, Tokens und IP-Adressen werden daraus automatisch entfernt.',
        ],
      },
      {
        heading: '4. Wer sonst damit arbeitet',
        body: [
          'Dienstleister verarbeiten Daten in unserem Auftrag, vertraglich gebunden und nur nach unseren Weisungen: unsere Anbieter für Hosting, Datenbank und Dateispeicher; unser E-Mail-Versanddienst; ein Dienst für maschinelle Übersetzung (er erhält nur Angebotstexte, niemals deine E-Mail-Adresse); ein Dienst zur Fehlerverfolgung; und nur wenn du Statistiken erlaubst, ein Statistikdienst. Google oder Apple sind nur beteiligt, wenn du dich mit ihnen anmeldest. Während der Beta erhält kein Zahlungsdienstleister deine Daten.',
          'Verarbeitet ein Dienstleister Daten außerhalb des Vereinigten Königreichs oder des Europäischen Wirtschaftsraums, nutzen wir die gesetzlich vorgeschriebenen Garantien, etwa Standardvertragsklauseln.',
        ],
      },
      {
        heading: '5. Wie lange wir speichern',
        list: [
          'Konto und Entwürfe: solange dein Konto besteht. Wenn du dein Konto löschst (Abschnitt 7), werden sie sofort gelöscht, gespeicherte Dateien innerhalb von Minuten.',
          'Anmeldesitzungen: Diese enden nach 30 Tagen ohne Nutzung und spätestens nach 180 Tagen.',
          'Links per E-Mail: Bestätigungslinks verfallen nach 24 Stunden, Links zum Zurücksetzen des Passworts nach einer Stunde.',
          'Cookie der Besuchersitzung: bis zu einem Jahr.',
          'Support-Gespräche: bis zu zwei Jahre nach ihrem Abschluss.',
          'Statistikereignisse: bis zu 13 Monate.',
          'Sicherheitsaufzeichnungen: so lange, wie es für die Sicherheit und unsere gesetzlichen Pflichten nötig ist; sie enthalten Verweise, nicht den Inhalt deiner Entwürfe.',
        ],
      },
      {
        heading: '6. Deine Rechte',
        body: [
          'Du kannst Auskunft über deine bei uns gespeicherten Daten verlangen, sie berichtigen oder löschen lassen, deine Entwürfe und Daten in einem übertragbaren Format erhalten, eine Nutzung einschränken oder ihr widersprechen, und du kannst deine Einwilligung zu Statistiken jederzeit auf der Cookie-Seite widerrufen. Deine Daten herunterladen und dein Konto löschen kannst du selbst (Abschnitt 7); für alles andere schreib uns über den Support; wir antworten innerhalb eines Monats.',
          'Du kannst dich auch bei einer Datenschutzbehörde beschweren: im Vereinigten Königreich beim Information Commissioner’s Office (ico.org.uk); in der Europäischen Union bei der Behörde deines Landes.',
        ],
      },
      {
        heading: '7. Deine Daten herunterladen und dein Konto löschen',
        body: [
          'Auf deiner Kontoseite findest du „Deine Daten“: Dort kannst du beides jederzeit selbst tun, ohne uns zu schreiben.',
        ],
        list: [
          'Herunterladen: eine maschinenlesbare JSON-Datei (Format „kitwright.account-export“, mit einer Versionsnummer) mit deinem Konto, deinen Anmeldemethoden und -sitzungen, Entwürfen, Einträgen mit ihren Texten und Übersetzungen, der Liste deiner Dateien und wo du jede herunterlädst, Merklisten, Interessensbekundungen, Benachrichtigungen, Support-Unterhaltungen, deinen Einwilligungen, den mit deinem Konto erfassten Nutzungsereignissen und den Sicherheitsaufzeichnungen über dich. Dein Passwort oder Anmelde-Tokens stehen nie darin.',
          'Löschen: Du gibst deinen Benutzernamen und dein Passwort ein; ein Konto, das sich mit Google oder Apple anmeldet, bestätigt stattdessen mit einer Anmeldung in den letzten 10 Minuten. Das Konto wird sofort gelöscht. Es gibt keine Wartezeit; lade also vorher deine Daten herunter, wenn du eine Kopie willst.',
          'Deine Designs gehören dir und gehen deshalb mit dir: Deine Einträge werden entfernt und mit ihren Texten, Übersetzungen, Entwürfen, Uploads, Bausätzen und Vorschauen gelöscht. Wer Interesse an ihnen bekundet hat, erfährt, dass das Design entfernt wurde.',
          'Deine Interessensbekundungen werden storniert (die Zähler der Designer sinken), und deine Merklisten, Benachrichtigungen und Anmeldesitzungen werden gelöscht: Du bist auf allen Geräten abgemeldet.',
          'Support-Unterhaltungen bleiben für ihre Aufbewahrungsfrist (Abschnitt 5) ohne deinen Namen, deine E-Mail-Adresse und dein Konto erhalten; nur ein pseudonymer Verweis bleibt, damit wir auf einen Rechtsanspruch dazu antworten können.',
          'Sicherheitsaufzeichnungen lassen sich nicht ändern, ohne ihre fälschungssichere Kette zu brechen; sie bleiben deshalb. Diese nennen dein früheres Konto nur mit einer zufälligen Kennung oder mit einem verschlüsselten Code (einem Pseudonym), der nicht mehr zu dir führt.',
          'Mit deinem Konto erfasste Nutzungsereignisse werden gelöscht; Fehlerberichte bleiben, ohne zu sagen, wessen sie waren.',
          'Dein Benutzername und deine E-Mail-Adresse werden wieder frei, und du kannst dich neu registrieren.',
          'War deine E-Mail-Adresse bestätigt, schicken wir dir eine Bestätigung der Löschung.',
        ],
      },
      {
        heading: '8. Kinder',
        body: [
          'Kitwright ist nicht für Kinder gedacht. Für ein Konto musst du mindestens 16 Jahre alt sein.',
        ],
      },
      {
        heading: '9. Änderungen',
        body: [
          'Wir veröffentlichen hier jede neue Fassung mit ihrem Datum. Ändert sich dadurch, wie wir bereits erhaltene Daten nutzen, informieren wir dich vor dem Inkrafttreten.',
        ],
      },
    ],
  },

  cookies: {
    title: 'Cookies und lokaler Speicher',
    summary:
      'Kitwright nutzt einige notwendige Cookies und Browser-Speichereinträge, um dich angemeldet zu halten und deine Entscheidungen zu merken. Optionale Statistiken bleiben aus, solange du sie nicht erlaubst, und du kannst deine Antwort hier jederzeit ändern. Es gibt keine Werbe-Cookies.',
    sections: [
      {
        heading: 'Notwendig: immer aktiv',
        body: ['Diese lassen Kitwright funktionieren und dienen nicht dazu, dir im Web zu folgen.'],
        list: [
          'kw_visitor (Cookie, bis zu 1 Jahr): deine Besuchersitzung, damit gemerkte Entwürfe, Interessensreservierungen und Support-Anfragen vor der Anmeldung funktionieren.',
          'kw_oauth_… (ein verschlüsseltes Cookie je Anmeldeversuch, 10 Minuten, nur während einer Anmeldung mit Google oder Apple): verknüpft den Anmeldeversuch mit deinem Browser, damit dich ein Anmeldelink, den jemand anderes gestartet hat, nicht anmelden kann.',
          'state_server_session (lokaler Speicher, bis zur Abmeldung): deine Anmeldung, damit du nach dem Neuladen angemeldet bleibst.',
          'kw_consent (lokaler Speicher): deine Antwort auf die Statistik-Frage.',
          'kw_locale (lokaler Speicher): die gewählte Sprache.',
          'kw_signin_next (Sitzungsspeicher, bis der Tab geschlossen wird): die Seite, zu der du nach einer Anmeldung mit Google oder Apple zurückkehren.',
          'Die Offline-Kopie der App (Service-Worker-Cache): damit Kitwright sich öffnet, wenn die Verbindung abbricht.',
        ],
      },
      {
        heading: 'Optionale Statistiken: nur mit deiner Erlaubnis',
        body: [
          'Diese helfen uns zu sehen, welche Schritte schwerfallen, ohne Namen oder E-Mail-Adressen. Wählst du „Nur notwendige“, wird nichts davon geschrieben, und unser Server verwirft auch die zugehörigen Ereignisse.',
        ],
        list: [
          'kw_first_touch (lokaler Speicher): woher dein erster Besuch kam (Kampagnen-Parameter oder verweisende Website).',
          'kw_browser_session und kw_session_started (Sitzungsspeicher, bis der Tab geschlossen wird): eine zufällige Kennung für diesen Besuch, damit er nur einmal gezählt wird.',
        ],
      },
      {
        heading: 'Was nie verwendet wird',
        list: [
          'Werbe- oder Retargeting-Cookies.',
          'Tracker sozialer Netzwerke von Dritten.',
          'Fingerprinting deines Geräts.',
        ],
      },
    ],
  },

  licence: {
    title: 'Inhaltslizenz',
    summary:
      'Deine Entwürfe gehören dir. Mit dem Hochladen oder Veröffentlichen auf Kitwright gibst du uns eine begrenzte, nicht ausschließliche Lizenz, sie zu speichern, zu verarbeiten, zu übersetzen, zu moderieren, anzuzeigen und zu prüfen, ausschließlich für den Betrieb von Kitwright. Wir erhalten kein Eigentum und kein Recht, sie zu verkaufen oder herzustellen.',
    sections: [
      {
        heading: '1. Du bleibst Eigentümer',
        body: [
          'Entwürfe auf Kitwright werden von ihren Nutzern erstellt. Du behältst alle Rechte an deinen Modellen, Beschreibungen, Entwürfen, Bausätzen, Bildern und Angebotstexten. Wir geben uns nie als Urheber, Eigentümer oder Verkäufer eines Entwurfs aus. Wir können ein Angebot hervorheben, etwa auf der Startseite, immer mit dem Namen seines Designers.',
        ],
      },
      {
        heading: '2. Die Lizenz, die du uns gibst',
        body: [
          'Du gibst Kitwright eine nicht ausschließliche, weltweite und unentgeltliche Lizenz, beschränkt auf das, was der Betrieb der Plattform erfordert:',
        ],
        list: [
          'speichern: deine Dateien und Texte aufbewahren und Sicherungskopien anlegen;',
          'verarbeiten: Modelle prüfen, in Baustein-Bausätze umwandeln, Bauschritte, Stücklisten und Vorschauen erzeugen;',
          'übersetzen: deine Angebotstexte maschinell übersetzen, damit andere sie in ihrer Sprache lesen können (dein Originaltext bleibt immer erhalten und wird auf Wunsch angezeigt);',
          'moderieren: automatische Prüfungen durchführen und markierte oder gemeldete Inhalte von einem Menschen prüfen lassen;',
          'anzeigen: dein Angebot, seine Vorschauen und die Angabe von Designer und Eigentümer in der Galerie, auf seiner Seite und in Link-Vorschauen zeigen;',
          'prüfen: Baubarkeit, Stabilität sowie die Sicherheits- und Nutzungsprüfungen kontrollieren.',
        ],
      },
      {
        heading: '3. Was wir nicht erhalten',
        list: [
          'Kein Eigentum an deinen Entwürfen.',
          'Kein Recht, deine Entwürfe zu verkaufen oder anderen ihre Nutzung außerhalb von Kitwright zu erlauben.',
          'Kein Recht, sie herzustellen. Die Herstellung physischer Bausätze bräuchte gesonderte, ausdrückliche Bedingungen, denen du zuerst zustimmen müsstest; diese Lizenz erlaubt das in keiner Weise.',
        ],
      },
      {
        heading: '4. Wer was sieht',
        list: [
          'Öffentlich: Jede Person kann das Angebot in der Galerie finden und öffnen.',
          'Nicht gelistet: Wer den Link hat, kann es öffnen; in Galerie und Suche erscheint es nicht.',
          'Privat: Nur du siehst es.',
        ],
        note: 'Andere können Angebote, die sie sehen, ansehen und den Link teilen. Das gibt ihnen keine Lizenz an deinem Entwurf.',
      },
      {
        heading: '5. Wie lange sie gilt',
        body: [
          'Die Lizenz endet für einen Entwurf, wenn du ihn oder dein Konto löschst. Kopien in Sicherungen verschwinden, sobald die Sicherungen ersetzt werden, innerhalb von 35 Tagen, und wir bewahren auf, was wir für eine Meldung, einen Streitfall oder eine gesetzliche Pflicht brauchen.',
        ],
      },
      {
        heading: '6. Deine Zusagen',
        list: [
          'Du darfst hochladen und veröffentlichen, was du veröffentlichst: Es ist deine eigene Arbeit, oder der Rechteinhaber erlaubt es.',
          'Es kopiert keinen geschützten Entwurf, kein Logo und keine Figur anderer ohne Erlaubnis.',
          'Es enthält keine personenbezogenen Daten anderer ohne deren Einwilligung.',
        ],
        note: 'Wenn du glaubst, dass ein Angebot deine Arbeit kopiert, melde es über die Seite „Hilfe und Meldungen“. Meldungen prüfen wir vorrangig.',
      },
    ],
  },

  interest: {
    title: 'Hinweis zu Interessensreservierungen',
    summary:
      'Mit einer Interessensanmeldung sagst du einem Designer und uns, dass du einen Bausatz dieses Entwurfs möchtest, falls er jemals hergestellt wird. Die Anmeldung ist unverbindlich: keine Karte, keine Abbuchung, keine Bestellung und kein Versprechen eines Bausatzes oder Liefertermins. Du kannst sie jederzeit zurückziehen.',
    sections: [
      {
        heading: 'Was eine Reservierung ist',
        body: [
          'Ein kostenloses, unverbindliches Interessenssignal für ein Angebot, mit der Menge, die du in Betracht ziehst, deinem Land und der vorgesehenen Nutzung. Es hilft Designern, Nachfrage zu sehen, und uns zu entscheiden, welche Bausätze eines Tages hergestellt werden könnten.',
        ],
      },
      {
        heading: 'Was eine Reservierung nicht ist',
        list: [
          'Keine Bestellung, keine Vorbestellung, kein Kauf und kein Kaufvertrag.',
          'Es wird keine Karte verlangt und kein Geld abgebucht, weder jetzt noch später automatisch.',
          'Keine Rechnung, kein Preisversprechen: Ein angezeigter Richtpreis ist eine Schätzung, kein Angebot.',
          'Kein Versand- oder Liefertermin und kein Versprechen, dass ein Bausatz jemals hergestellt wird.',
        ],
      },
      {
        heading: 'Zurückziehen',
        body: [
          'Zieh eine Reservierung jederzeit in deiner Übersicht zurück. Das kostet nichts, und du kannst uns den Grund nennen, wenn du möchtest.',
        ],
      },
      {
        heading: 'Was wir erfassen',
        body: [
          'Das Angebot, die Menge, dein Land, die vorgesehene Nutzung, deine Bestätigung dieses Hinweises mit seiner Fassung und den Zeitpunkt. Designer und andere Besucher sehen nur die Gesamtzahl der Reservierungen eines Angebots, nie deinen Namen oder deine E-Mail-Adresse.',
        ],
      },
      {
        heading: 'Was später geschehen kann, nur mit deiner erneuten Zustimmung',
        body: [
          'Wird eine spätere Phase eröffnet (durch eine ausdrückliche Entscheidung nach Sicherheits-, Rechts- und Herstellungsprüfungen), laden wir möglicherweise einige Reservierungen zu einer Vorbestellung ein, zunächst nur im Vereinigten Königreich. Eine Einladung würde alle Bedingungen zeigen, eine erneute Bestätigung verlangen und könnte eine Karte prüfen, ohne Geld abzubuchen. Nichts wird automatisch umgewandelt: Wenn du eine Einladung ignorierst, geschieht nichts.',
        ],
      },
    ],
  },

  safety: {
    title: 'Grenzen der Produktsicherheit',
    summary:
      'Kitwright-Entwürfe sind für freistehende und dekorative Aufbauten gedacht. Nutzungen, bei denen ein Versagen jemanden verletzen könnte oder die eine Zertifizierung erfordern, sind gesperrt: Verkleidungen, tragende, elektrische Nutzungen, Nassbereiche, Nutzung durch Kinder und regulierte Nutzungen.',
    sections: [
      {
        heading: 'Erlaubte Nutzungen',
        list: [
          'Freistehend: ein Aufbau, der von selbst auf Boden, Tisch oder Regal steht, etwa ein Modell, ein Ausstellungsstück oder eine Übertopf-Verkleidung im Innenraum.',
          'Dekorativ: Zierstücke und Ausstellungsobjekte, die nur ihr eigenes Gewicht tragen.',
        ],
      },
      {
        heading: 'Gesperrte Nutzungen und warum',
        list: [
          'Verkleidung: Baustein-Bausätze sind nicht als Gebäudeverkleidung oder Fassadenmaterial zertifiziert.',
          'Tragend: Aufbauten dürfen keine Lasten wie Personen, Regallasten oder Gebäudeteile tragen.',
          'Elektrisch: Aufbauten dürfen keine elektrischen Installationen aufnehmen oder tragen.',
          'Nassbereiche: Die Bausteine sind nicht für Nassbereiche, stehendes Wasser oder Entwässerung im Freien ausgelegt.',
          'Nutzung durch Kinder: Die Bausätze sind noch nicht nach Spielzeugsicherheitsnormen geprüft. Verbinder sind Kleinteile und für kleine Kinder eine Erstickungsgefahr.',
          'Regulierte Nutzungen: Medizinprodukte, Sicherheitsausrüstung, Lebensmittelkontakt und ähnliche Nutzungen brauchen Zulassungen, die wir nicht haben.',
        ],
      },
      {
        heading: 'Wie die Grenzen durchgesetzt werden',
        body: [
          'Beim Veröffentlichen wählst du die vorgesehene Nutzung eines Entwurfs und beantwortest vier Sicherheitsfragen. Eine gesperrte Nutzung oder ein „Ja“ auf eine Risikofrage verhindert die Veröffentlichung. Als unsicher gemeldete Angebote werden vorrangig geprüft und bei Bedarf ausgeblendet.',
        ],
      },
      {
        heading: 'Was unsere Prüfungen bedeuten',
        body: [
          'Angaben zu Stabilität, Zusammenhalt und Gewicht werden aus der Geometrie des Entwurfs berechnet. Diese helfen beim guten Bauen, sind aber kein technisches Gutachten und machen einen Aufbau nicht sicher für eine gesperrte Nutzung.',
        ],
      },
      {
        heading: 'Gesunder Menschenverstand bei jedem Aufbau',
        list: [
          'Halte lose Bausteine und Verbinder von kleinen Kindern und Haustieren fern.',
          'Setz dich nicht auf einen Aufbau, stell dich nicht darauf, kletter nicht daran hoch und häng nichts daran.',
          'Stell Aufbauten auf eine ebene, stabile Fläche, fern von Laufwegen, Wärmequellen und Wasser.',
        ],
      },
    ],
  },

  support: {
    title: 'Hilfe und Meldungen',
    summary:
      'Stell eine Frage, melde ein Problem oder ein Angebot. Ein Mensch liest jede Nachricht. Wir wollen am selben Werktag antworten (Montag bis Freitag, bis 17:30 Uhr UTC); später gesendete Nachrichten beantworten wir am nächsten Werktag.',
    sections: [
      {
        heading: 'Was du angeben solltest',
        list: [
          'Was du tun wolltest und was stattdessen passiert ist.',
          'Die betroffene Seite oder das Angebot (eine Meldung von einer Angebotsseite verknüpft es für dich).',
          'Bei Fehlern die Referenznummer, die die App angezeigt hat.',
        ],
      },
      {
        heading: 'Ein Angebot melden',
        body: [
          'Melde ein Angebot, das die Arbeit anderer kopiert, unsicher ist, eine gesperrte Nutzung beschreibt oder anstößig oder rechtswidrig ist. Meldungen haben hohe Priorität. Wir können das Angebot während der Prüfung ausblenden und teilen dem Eigentümer mit, was gemeldet wurde, niemals von wem.',
          'Ist jemand in unmittelbarer Gefahr, ruf zuerst den örtlichen Notruf.',
        ],
      },
      {
        heading: 'Anfragen zum Datenschutz',
        body: [
          'Deine Daten herunterladen und dein Konto löschen kannst du selbst auf deiner Kontoseite unter „Deine Daten“. Um anderes einzusehen oder zu berichtigen, wähle die Kategorie „Konto“ und schreib, was du brauchst. Wir bitten dich eventuell zuerst, deine E-Mail-Adresse zu bestätigen.',
        ],
      },
    ],
  },
};
