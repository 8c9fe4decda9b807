/** Deutsch: Gestalten aus einem Modell oder einer Beschreibung, Aufträge, Entwürfe und Veröffentlichen. */

import type { create as en } from '../en/create';
import type { DictionaryOf } from '../plural';

export const create: DictionaryOf<typeof en> = {
  'create.title': 'Entwurf gestalten',
  'create.mode.A': 'Aus einem Modell',
  'create.mode.B': 'Aus einer Beschreibung',

  'create.hub.intro':
    'Mach aus einem 3D-Modell oder ein paar Worten einen Bausatz aus universellen Bausteinen und Verbindern, prüfe, ob er sich bauen lässt, und veröffentliche ihn als deinen Entwurf.',
  'create.hub.signInReason':
    'Zum Gestalten brauchst du ein kostenloses Konto: Deine Entwürfe werden für dich aufbewahrt, und veröffentlichte Entwürfe tragen deinen Namen.',
  'create.hub.modeA.kicker': 'Modus A',
  'create.hub.modeA.title': '3D-Modell hochladen',
  'create.hub.modeA.body':
    'STL, OBJ, PLY, GLB, glTF (allein oder als ZIP mit seinen Dateien) oder 3MF. Wir prüfen das Netz, setzen es in Bausteine um und zeigen dir den Bausatz, seine Größe und etwaige Probleme.',
  'create.hub.modeA.action': 'Modell hochladen',
  'create.hub.modeB.kicker': 'Modus B',
  'create.hub.modeB.title': 'In Worten beschreiben',
  'create.hub.modeB.body':
    'Nenne ein Ding, eine Größe und Farben, etwa „ein roter Turm 40 Blöcke hoch“. Der Generator entwirft es aus einer Bibliothek mit über hundert Entwürfen.',
  'create.hub.modeB.off':
    'Das Gestalten per Beschreibung ist vorübergehend abgeschaltet. Das Hochladen eines Modells funktioniert wie gewohnt.',
  'create.hub.modeB.action': 'Beschreibung schreiben',
  'create.hub.recent': 'Deine Entwürfe in Arbeit',
  'create.hub.allDrafts': 'Alle deine Entwürfe in der Übersicht',

  'create.how.title': 'So funktioniert es',
  'create.how.1.title': 'Bring ein Modell oder eine Idee mit',
  'create.how.1.body':
    'Lade eine 3D-Datei hoch, die du nutzen darfst, oder beschreibe, was du bauen möchtest.',
  'create.how.2.title': 'Erhalte einen baubaren Bausatz',
  'create.how.2.body':
    'Wir setzen ihn in Bausteine und Verbinder um, prüfen, ob er zusammenhält und steht, und zeigen eine Vorschau mit Stückliste.',
  'create.how.3.title': 'Veröffentliche ihn als deinen',
  'create.how.3.body':
    'Du bleibst Eigentümer. Kitwright speichert, übersetzt und zeigt deinen Entwurf nur an, und andere können unverbindlich Interesse anmelden.',
  'create.how.safety':
    'Bausätze sind nur für freistehende und dekorative Aufbauten gedacht. Tragende, elektrische Nutzungen, Nassbereiche, Verkleidungen, Nutzung durch Kinder und regulierte Nutzungen sind nicht erlaubt.',

  'create.steps.label': 'Schritte',
  'create.steps.upload': 'Hochladen',
  'create.steps.describe': 'Beschreiben',
  'create.steps.kit': 'Bausatz',
  'create.steps.publish': 'Veröffentlichen',

  'create.upload.title': '3D-Modell hochladen',
  'create.upload.intro':
    'Wähle die Datei und eine Größe; wir prüfen sie beim Eintreffen. Danach entsteht der Bausatz vor deinen Augen.',
  'create.upload.fileLabel': 'Modelldatei',
  'create.upload.dropTitle': 'Zieh dein Modell hierher',
  'create.upload.dropNow': 'Loslassen, um diese Datei zu verwenden',
  'create.upload.dropOr': 'oder wähle sie auf deinem Gerät',
  'create.upload.choose': 'Datei wählen',
  'create.upload.chooseAnother': 'Andere Datei wählen',
  'create.upload.chosen': 'Bereit zum Hochladen',
  'create.upload.hint': '{formats} · bis {size}',
  'create.upload.wrongFormat':
    '„{name}“ ist kein Modellformat, das wir lesen. Verwende: {formats}. Die meisten Programme können STL oder 3MF exportieren.',
  'create.upload.tooBig':
    'Diese Datei ist {size} groß; die Grenze liegt bei {max}. Vereinfache das Modell oder exportiere es ohne Texturen.',
  'create.upload.titleLabel': 'Name (optional)',
  'create.upload.titleHelp': 'Später änderbar. Ohne Namen verwenden wir den Dateinamen.',
  'create.upload.submit': 'Hochladen und prüfen',
  'create.upload.uploading': '{name} wird hochgeladen',
  'create.upload.progressDetail': '{loaded} von {total}',
  'create.upload.keepOpen': 'Lass diese Seite offen, bis das Hochladen fertig ist.',
  'create.upload.checking': 'Hochgeladen. Das Modell wird geprüft…',
  'create.upload.cancel': 'Hochladen abbrechen',
  'create.upload.startingDraft': 'Entwurf wird gespeichert und die Prüfung gestartet…',
  'create.upload.failedTitle': 'Diese Datei können wir nicht verwenden',
  'create.upload.tipsTitle': 'Tipps für einen guten Bausatz',
  'create.upload.tips':
    'Geschlossene, massive Modelle funktionieren am besten: Schließe Löcher und verbinde getrennte Teile vorher in deinem Programm. Kleinere Größen sind schneller gebaut und brauchen weniger Bausteine.',
  'create.upload.nativeUnavailable':
    'Die Dateiauswahl ist in dieser App-Version noch nicht verfügbar. Lade dein Modell auf der Kitwright-Website hoch; der Entwurf erscheint dann auch hier.',

  'create.settings.title': 'Bausatz-Einstellungen',
  'create.settings.size': 'Größe',
  'create.settings.sizeHelp': 'Die längste Seite des Bausatzes in Bausteinen. Jeder Baustein misst 16 mm.',
  'create.settings.sizeChoice': { one: '{count} Baustein · {real}', other: '{count} Bausteine · {real}' },
  'create.settings.upAxis': 'Wo ist oben',
  'create.settings.upAxisHelp': 'Liegt die Vorschau auf der Seite, ändere das und baue neu.',
  'create.settings.upAuto': 'Kitwright wählen lassen',
  'create.settings.upAutoHelp':
    'Behält die Oben-Richtung der Datei, wann immer das Modell so steht; sonst probiert es die anderen Richtungen und stellt es so, wie es sich am weitesten neigen lässt, bevor es kippt.',
  'create.settings.upZ': 'Z zeigt nach oben',
  'create.settings.upZHelp': 'Die meisten CAD-Programme und Dateien für den 3D-Druck.',
  'create.settings.upY': 'Y zeigt nach oben',
  'create.settings.upYHelp': 'Blender-Exporte, glTF und viele Spiele-Werkzeuge.',
  'create.settings.upX': 'X zeigt nach oben',
  'create.settings.upXHelp': 'Selten; für auf der Seite liegend exportierte Modelle.',
  'create.settings.upNegZ': 'Z zeigt nach unten',
  'create.settings.upNegY': 'Y zeigt nach unten',
  'create.settings.upNegX': 'X zeigt nach unten',
  'create.settings.upNegativeHelp':
    'Steht dein Modell in der Vorschau auf dem Kopf, wird es damit aufgerichtet, nicht gespiegelt.',
  'create.settings.fill': 'Innenleben',
  'create.settings.fillHelp':
    'Ein hohler Bausatz braucht weniger Bausteine und ist leichter; ein massiver ist stabiler.',
  'create.settings.solid': 'Massiv',
  'create.settings.hollow': 'Hohl, Wände {walls} dick',

  'create.prompt.title': 'Entwurf beschreiben',
  'create.prompt.intro':
    'Schreib, was du bauen möchtest. Der Generator entnimmt deinen Worten Form, Größe und Farben und entwirft daraus einen Bausatz.',
  'create.prompt.label': 'Deine Beschreibung',
  'create.prompt.help':
    'Eine Form, eine Größe in Bausteinen und Farben funktionieren am besten. 3 bis 500 Zeichen.',
  'create.prompt.examples': 'Probier ein Beispiel:',
  'create.prompt.sizeHelp': 'Gilt, wenn deine Beschreibung keine Größe nennt.',
  'create.prompt.submit': 'Entwerfen',
  'create.prompt.tooShort': 'Schreib mindestens 3 Zeichen.',
  'create.prompt.offTitle': 'Das Gestalten per Beschreibung ist abgeschaltet',
  'create.prompt.offBody':
    'Dieser Teil der Beta ist vorübergehend pausiert. Das Hochladen eines 3D-Modells funktioniert wie gewohnt, und deine vorhandenen Entwürfe sind sicher.',
  'create.prompt.howTitle': 'Was der Generator versteht',
  'create.prompt.how':
    'Tiere, Fahrzeuge, Gebäude, Wahrzeichen, Möbel, Alltagsdinge, Pflanzen, Buchstaben und Zahlen: Nenne eins, etwa „ein Pferd“ oder „der Eiffelturm“. Größen („ein Turm 30 Blöcke hoch“), Anzahlen („eine Windmühle mit vier Segeln“), Farben, auch je Teil („ein weißes Haus mit einem roten Dach“), und ein Entwurf auf einem anderen („eine Rakete auf einer Startrampe“).',
  'create.prompt.english': 'Beschreibungen werden auf Deutsch, Englisch und Französisch gelesen.',
  'create.prompt.statesTitle': 'Was dich erwartet',
  'create.prompt.states':
    'Deine Anfrage wartet kurz in einer Warteschlange und läuft dann in wenigen Sekunden. Kann der Generator einem Teil nicht folgen, erhältst du trotzdem einen bestmöglichen Entwurf, als solcher gekennzeichnet und mit Begründung.',

  'create.prompt.restrictedTitle': 'Ein Entwurf für diesen Zweck kann nicht veröffentlicht werden',
  'create.prompt.refusedNothingMade': 'Es wurde nichts erstellt oder gespeichert.',
  'create.prompt.unknownTitle': 'Noch kein Entwurf namens „{word}“',
  'create.prompt.unknownNoneTitle': 'Deine Beschreibung nennt noch keinen Entwurf',
  'create.prompt.unknownBody':
    'Die Bibliothek hat keinen Entwurf dieses Namens, daher wurde nichts an seiner Stelle erstellt. Die nächstliegenden Entwürfe:',
  'create.prompt.unknownPlate': 'Ein Namensschild mit „{word}“ machen',
  'create.prompt.restricted':
    '„{words}“ beschreibt einen Zweck, für den Baustein-Bausätze nicht erlaubt sind. {reason} Beschreibe stattdessen ein Dekostück oder eine Miniatur, dann kannst du es veröffentlichen.',
  'create.prompt.restrictedDraft':
    'Der Prompt dieses Entwurfs beschreibt einen Zweck, für den Baustein-Bausätze nicht erlaubt sind („{words}“). {reason} Ändere unten den Prompt und baue ihn neu, um ihn zu veröffentlichen.',

  'create.draft.title': 'Entwurf',
  'create.draft.untitled': 'Unbenannter Entwurf',
  'create.draft.notFound': 'Dieser Entwurf lässt sich nicht öffnen',
  'create.draft.fromFile': 'Aus der Datei {name}',
  'create.draft.fromPrompt': 'Aus der Beschreibung „{prompt}“',
  'create.draft.publishedTitle': 'Dieser Entwurf ist veröffentlicht',
  'create.draft.publishedBody':
    'Sein Angebot bleibt deins. Bearbeite es, nimm es offline oder lösche es unter „Verwalten“ auf dem Angebot.',
  'create.draft.openListing': 'Angebot öffnen',
  'create.draft.readyTitle': 'Bereit zum Veröffentlichen',
  'create.draft.readyBody':
    'Der Bausatz hat seine Prüfungen bestanden. Füge Titel und Beschreibung hinzu und veröffentliche ihn als deinen Entwurf.',
  'create.draft.continue': 'Weiter zum Veröffentlichen',
  'create.draft.startOver': 'Neuen Entwurf beginnen',

  'create.job.check': 'Modell wird geprüft',
  'create.job.build': 'Bausatz wird gebaut',
  'create.job.generate': 'Entwurf nach deiner Beschreibung',
  'create.job.starting': 'Wird gestartet…',
  'create.job.cancelledHint': 'Der letzte Lauf wurde abgebrochen. Starte ihn erneut, wenn du bereit bist.',
  'create.job.notStarted': 'Für diesen Entwurf ist noch nichts gelaufen.',
  'create.job.startCheck': 'Modell prüfen',
  'create.job.startBuild': 'Bausatz bauen',
  'create.job.startGenerate': 'Entwerfen',

  'create.results.title': 'Dein Bausatz',
  'create.preview.alt': 'Isometrische Vorschau des Baustein-Bausatzes für {name}',
  'create.preview.loading': 'Vorschau wird geladen…',
  'create.preview.failed':
    'Die Vorschau konnte nicht geladen werden. Lade die Seite neu, um es erneut zu versuchen.',

  'create.metrics.title': 'Kennzahlen des Bausatzes',
  'create.metrics.blocks': 'Bausteine',
  'create.metrics.fasteners': 'Verbinder',
  'create.metrics.size': 'Maße (B × T × H)',
  'create.metrics.sizeNote': 'Aufgebaut',
  'create.metrics.layers': 'Lagen',
  'create.metrics.weight': 'Gewicht',
  'create.metrics.weightNote': 'Schätzung',
  'create.metrics.colours': 'Farben',
  'create.metrics.saved': 'Weniger Steine',
  'create.metrics.savedNote': 'als {baseline} Einzelbausteine',
  'create.metrics.savedWithPins': 'Weniger Teile mit Stiften',
  'create.metrics.savedWithPinsNote': 'Steine und Stifte, gegenüber Einzelbausteinen mit ihren Stiften',
  'create.metrics.added': 'Hinzugefügte Steine',
  'create.metrics.addedNote': 'verbinden Teile, die sich nur seitlich berührten',
  'create.metrics.stability': 'Steht von selbst',
  'create.metrics.stable': 'Ja',
  'create.metrics.unstable': 'Nein',
  'create.metrics.standsWeak': 'Ja, mit Schwachstellen',
  'create.metrics.weakJoints': {
    one: '{count} Verbindung mit halber Last oder mehr',
    other: '{count} Verbindungen mit halber Last oder mehr',
  },
  'create.metrics.heldSteps': {
    one: 'bei {count} Bauschritt aufrecht halten',
    other: 'bei {count} Bauschritten aufrecht halten',
  },
  'create.metrics.proppedSteps': {
    one: 'bei {count} Bauschritt einen Teil abstützen',
    other: 'bei {count} Bauschritten einen Teil abstützen',
  },
  'create.metrics.tipsAt': 'kippt schon bei {deg}° Neigung ({firm}° für einen sicheren Stand)',
  'create.metrics.tilts': 'lässt sich um {deg}° neigen, bevor es kippt',
  'create.metrics.overloadedJoints': {
    one: '{count} Verbindung überlastet',
    other: '{count} Verbindungen überlastet',
  },

  'create.pose.wayUp': 'Wo ist oben: {up} ({why})',
  'create.pose.fileUp':
    'gewählt: mit der Oben-Richtung der Datei ({fileUp}) steht es so gut wie mit jeder anderen, {cells} Zellen am Boden, {overhang} % überhängend',
  'create.pose.otherUp':
    'gewählt: die andere übliche Oben-Richtung von Modelldateien, {cells} Zellen am Boden, {overhang} % überhängend; mit der Oben-Richtung der Datei ({fileUp}) steht es schlechter',
  'create.pose.fileUpTips':
    'gewählt wegen der Standfläche: {cells} Zellen am Boden, {overhang} % überhängend; mit der Oben-Richtung der Datei ({fileUp}) kippt es um',
  'create.pose.betterPose':
    'gewählt wegen der Standfläche: {cells} Zellen am Boden, {overhang} % überhängend; mit der Oben-Richtung der Datei ({fileUp}) steht es auf weniger',
  'create.pose.fileUpTilt':
    'gewählt: mit der Oben-Richtung der Datei ({fileUp}) steht es: es lässt sich um {deg}° neigen, bevor es kippt, {overhang} % überhängend',
  'create.pose.otherUpTilt':
    'gewählt: die andere übliche Oben-Richtung von Modelldateien, es lässt sich um {deg}° neigen, bevor es kippt, {overhang} % überhängend; mit der Oben-Richtung der Datei ({fileUp}) kippt es oder hängt zu viel über',
  'create.pose.fileUpTipsTilt':
    'gedreht: mit der Oben-Richtung der Datei ({fileUp}) kippt es um; so lässt es sich um {deg}° neigen, bevor es kippt, {overhang} % überhängend',
  'create.pose.betterPoseTilt':
    'gedreht: mit der Oben-Richtung der Datei ({fileUp}) hängt zu viel über; so lässt es sich um {deg}° neigen, bevor es kippt, {overhang} % überhängend',
  'create.pose.nothingStands':
    'gewählt: in keiner Richtung steht das Modell von selbst; so kommt es dem am nächsten',
  'create.pose.given': 'wie von dir gewählt',
  'create.pose.turn': 'Nicht so, wie du es willst? Dreh es mit „Wo ist oben“ und baue neu.',

  'create.check.passedTitle': 'Der Bausatz hat alle Prüfungen bestanden',
  'create.check.passedBody': 'Er hält in einem Stück zusammen und steht von selbst.',
  'create.check.problemsTitle': 'Der Bausatz besteht die Prüfungen noch nicht',
  'create.check.problemsHelp':
    'Versuche eine größere Größe, eine andere Ausrichtung oder ein massives Innenleben und baue neu. Das Modell in deinem Programm zu korrigieren hilft ebenfalls.',
  'create.check.notesTitle': 'Hinweise zu deiner Datei',
  'create.problem.code': 'Problemcode: {code}',

  'create.generation.successTitle': 'Nach deiner Beschreibung entworfen',
  'create.generation.successBody':
    'Der Generator hat deine Beschreibung verstanden, und der Entwurf hat seine Prüfungen bestanden.',
  'create.generation.degradedTitle': 'Ein bestmöglicher Entwurf',
  'create.generation.degradedBody':
    'Der Generator konnte deiner Beschreibung nicht ganz folgen oder das Ergebnis hat nicht jede Prüfung bestanden; dies ist sein nächster Versuch. Formuliere sie anders.',
  'create.generation.noShape':
    'In deiner Beschreibung wurde keine Form erkannt, daher entstand ein Namensschild mit ihrem ersten unbekannten Wort. Nenne eines dieser Designs: {shapes}.',
  'create.generation.made': 'Erstellt: {shape}, {w} × {d} × {h} Bausteine',
  'create.generation.understood': 'Verstanden: {words}',
  'create.generation.ignored': 'Nicht verwendet: {words}',

  'create.save.title': 'Benennen und speichern',
  'create.save.nameLabel': 'Name des Entwurfs',
  'create.save.help': 'Entwürfe bleiben in deiner Übersicht, bis du sie veröffentlichst oder löschst.',
  'create.save.submit': 'Entwurf speichern',
  'create.save.done': 'Entwurf gespeichert.',

  'create.rebuild.title': 'Anpassen und neu bauen',
  'create.rebuild.titleB': 'Ändern und neu entwerfen',
  'create.rebuild.help': 'Der aktuelle Bausatz wird durch einen neuen mit diesen Einstellungen ersetzt.',
  'create.rebuild.submit': 'Übernehmen und neu bauen',
  'create.rebuild.wait': 'Warte, bis der laufende Vorgang fertig ist, oder brich ihn ab.',

  'create.status.published': 'Veröffentlicht',
  'create.status.kitReady': 'Bausatz fertig',
  'create.status.kitProblems': 'Bausatz mit Problemen',
  'create.status.modelProblems': 'Modell mit Problemen',
  'create.status.modelChecked': 'Modell geprüft',
  'create.status.inProgress': 'In Arbeit',

  'job.status.queued': 'Wartet',
  'job.status.running': 'Läuft',
  'job.status.succeeded': 'Fertig',
  'job.status.degraded': 'Teilweise fertig',
  'job.status.failed': 'Fehlgeschlagen',
  'job.status.cancelled': 'Abgebrochen',
  'job.status.dead': 'Angehalten',
  'job.status.cancelling': 'Wird abgebrochen',
  'job.line.queued': 'Wartet auf einen freien Bearbeiter…',
  'job.line.step': 'Schritt {n} von {total}: {step}',
  'job.line.done': 'Fertig.',
  'job.line.cancelled': 'Abgebrochen. Es wurde nichts geändert.',
  'job.line.failed': 'Wegen eines Problems angehalten.',
  'job.line.degraded':
    'Mit einem brauchbaren Ergebnis fertig, aber ein Teil der Anfrage wurde nicht verwendet.',
  'job.degradedTitle': 'Was nicht verwendet wurde',
  'job.progress': 'Fortschritt',
  'job.steps': 'Schritte',
  'job.step.fetch_source': 'Deine Datei wird gelesen',
  'job.step.inspect': 'Das Netz wird geprüft',
  'job.step.voxelise': 'Die Form wird in Bausteine umgesetzt',
  'job.step.layout': 'Bausteine und Verbinder werden angeordnet',
  'job.step.validate': 'Baubarkeit und Standfestigkeit werden geprüft',
  'job.step.preview': 'Die Vorschau wird gezeichnet',
  'job.step.store': 'Der Bausatz wird gespeichert',
  'job.step.generate': 'Entwurf nach der Beschreibung',
  'job.step.translate': 'Übersetzung',
  'job.stepStatus.pending': 'Offen',
  'job.stepStatus.running': 'Läuft',
  'job.stepStatus.done': 'Erledigt',
  'job.stepStatus.failed': 'Fehlgeschlagen',
  'job.stepStatus.skipped': 'Übersprungen',
  'job.problemTitle': 'Was schiefgelaufen ist',
  'job.retry': 'Erneut versuchen',
  'job.cancel': 'Abbrechen',

  'problem.unknown':
    'Etwas an diesem Modell hat die Verarbeitung gestoppt. Prüfe die Datei oder versuche es später noch einmal.',
  'problem.EMPTY_FILE':
    'Die Datei ist leer: Export oder Hochladen ist fehlgeschlagen. Exportiere das Modell erneut und lade die neue Datei hoch.',
  'problem.FILE_TOO_LARGE':
    'Die Datei ist größer, als wir annehmen. Vereinfache das Modell oder exportiere es ohne Texturen.',
  'problem.UNSUPPORTED_FORMAT':
    'Das ist kein Modellformat, das wir lesen. Exportiere es als STL, OBJ, PLY, GLB, glTF oder 3MF.',
  'problem.TRUNCATED_FILE':
    'Die Datei ist abgeschnitten und endet vor ihren Daten. Exportiere sie erneut und lade die vollständige Datei hoch.',
  'problem.FACE_COUNT_MISMATCH':
    'Die Datei gibt eine andere Anzahl Dreiecke an, als sie enthält, und ist daher beschädigt. Exportiere sie erneut.',
  'problem.TOO_MANY_TRIANGLES':
    'Das Modell ist uns zu detailliert. Verringere die Zahl der Dreiecke (dezimieren oder vereinfachen) und lade es erneut hoch.',
  'problem.TOO_MANY_VERTICES': 'Das Modell ist uns zu detailliert. Vereinfache es und lade es erneut hoch.',
  'problem.NON_FINITE_COORDINATES':
    'Einige Punkte des Modells sind keine gültigen Zahlen. Repariere das Modell oder exportiere es erneut.',
  'problem.NO_TRIANGLES': 'Die Datei enthält keine nutzbare Oberfläche: Jedes Dreieck ist leer oder flach.',
  'problem.MALFORMED_ASCII':
    'Der Text der Datei folgt nicht dem Format. Exportiere sie erneut, am besten als binäres STL oder 3MF.',
  'problem.MALFORMED_FILE': 'Die Datei ist beschädigt und nicht lesbar. Exportiere sie erneut.',
  'problem.INVALID_INDEX':
    'Die Datei verweist auf Punkte, die es nicht gibt, und ist daher beschädigt. Exportiere sie erneut.',
  'problem.UNSUPPORTED_FEATURE':
    'Die Datei nutzt eine Funktion, die wir noch nicht lesen. Exportiere sie als STL oder 3MF.',
  'problem.INVALID_ARCHIVE': 'Die 3MF-Datei ist beschädigt oder enthält kein Modell. Exportiere sie erneut.',
  'problem.ZIP_BOMB':
    'Die Datei entpackt sich zu weit mehr Daten, als sie sollte; wir haben sie aus Sicherheitsgründen abgelehnt.',
  'problem.FLAT_MODEL': 'Das Modell ist völlig flach, es gibt also nichts zu bauen. Gib ihm etwas Dicke.',
  'problem.BINARY_STL_SOLID_HEADER':
    'Die binäre STL-Datei beginnt mit dem Wort „solid“, das für Text-STL gedacht ist; ihre Größe zeigt, dass sie binär ist, daher wurde sie wie in Slicern binär gelesen. Du musst nichts tun.',
  'problem.MISSING_ENDSOLID':
    'Die STL-Datei endet vor ihrem Schluss und wurde vielleicht abgeschnitten. Exportiere sie erneut.',
  'problem.SOLID_NAME_MISMATCH':
    'Die STL-Datei scheint aus mehreren Dateien zusammengesetzt. Exportiere sie erneut als eine Datei.',
  'problem.MISSING_NORMAL':
    'Einigen Flächen der STL-Datei fehlte die Richtung; die Normalen wurden aus der Form neu berechnet. Du musst nichts tun.',
  'problem.NON_FINITE_NORMAL':
    'Einige Flächenrichtungen der STL-Datei waren keine gültigen Zahlen; die Normalen wurden aus der Form neu berechnet. Du musst nichts tun.',
  'problem.NORMALS_DISAGREE':
    'Einige in der STL-Datei gespeicherte Flächenrichtungen zeigten falsch herum; die Normalen wurden aus der Form neu berechnet. Du musst nichts tun.',
  'problem.ZERO_NORMALS':
    'Die STL-Datei enthielt keine Flächenrichtungen; die Normalen wurden wie in Slicern aus der Form neu berechnet. Du musst nichts tun.',
  'problem.TRAILING_DATA':
    'Die Datei enthält am Ende unerklärte zusätzliche Daten und ist vielleicht beschädigt. Exportiere sie erneut.',
  'problem.NOT_ENCLOSED':
    'Das Modell ist keine geschlossene Form: Seine Oberfläche hat große Löcher, daher hat es kein Inneres, das sich mit Bausteinen füllen ließe. Schließe die Löcher („Löcher füllen“ oder „massiv machen“ in deinem Programm) und lade es erneut hoch.',
  'problem.INVALID_MODEL':
    'Dieses Modell ist nicht verwendbar. Prüfe, ob es ein geschlossenes, massives Objekt ist.',
  'problem.TOO_COMPLEX':
    'Das Modell ist zu komplex, um es innerhalb unserer Grenzen zu lesen. Vereinfache es und lade es erneut hoch.',
  'problem.INVALID_OPTIONS':
    'Die gewählten Einstellungen liegen außerhalb des erlaubten Bereichs. Wähle eine andere Größe und versuche es noch einmal.',
  'problem.USE_CASE_BLOCKED': 'Baustein-Bausätze dürfen nicht so genutzt werden.',
  'problem.NO_DESIGN':
    'Kein Entwurf der Bibliothek heißt bisher so, wie die Beschreibung ihn nennt. Ändere sie so, dass sie einen ihrer Entwürfe nennt.',
  'problem.ABORTED': 'Der Lauf wurde abgebrochen.',
  'problem.TIME_BUDGET_EXCEEDED':
    'Die Verarbeitung dieses Modells dauert länger, als wir erlauben. Wähle eine kleinere Größe und baue neu.',
  'problem.MEMORY_BUDGET_EXCEEDED':
    'Dieses Modell braucht mehr Speicher, als wir erlauben. Wähle eine kleinere Größe und baue neu.',
  'problem.PROCESSING_FAILED':
    'Die Verarbeitung wurde unerwartet angehalten. Ein erneuter Versuch hilft meistens.',
  'problem.INTERNAL_ERROR': 'Bei uns ist etwas schiefgelaufen. Ein erneuter Versuch hilft meistens.',
  'problem.SOURCE_MISSING': 'Die Quelldatei ist nicht mehr verfügbar. Lade sie erneut hoch.',
  'problem.WORKER_LOST': 'Die Verarbeitung hat nicht mehr reagiert. Ein erneuter Versuch hilft meistens.',
  'problem.EMPTY_KIT':
    'Der Bausatz ist leer: Das Modell ist in dieser Größe zu klein oder zu dünn. Wähle eine größere Größe.',
  'problem.INVALID_BLOCK':
    'Die Anordnung hat einen Baustein ergeben, den es im Katalog nicht gibt. Baue neu oder melde es uns.',
  'problem.BLOCKS_OVERLAP': 'Einige Bausteine überlappen in der Anordnung. Baue neu oder melde es uns.',
  'problem.COVER_MISMATCH': 'Die Bausteine entsprechen nicht genau der Form. Baue neu oder melde es uns.',
  'problem.PINS_MISMATCH':
    'Die Verbindungsstifte im Bausatz passen nicht zu seinen Bausteinen. Baue neu oder melde es uns.',
  'problem.DISCONNECTED':
    'Der Bausatz zerfällt in getrennte Teile: Manche Bereiche berühren den Rest nur seitlich oder gar nicht. Eine größere Größe oder dickere Teile beheben das meistens.',
  'problem.FLOATING_BLOCKS':
    'Einige Bausteine schweben, ohne dass etwas darunter sie hält. Ergänze Stützen im Modell oder versuche eine andere Ausrichtung.',
  'problem.TIPS_OVER':
    'Das Modell würde umkippen: Sein Gewicht liegt außerhalb seiner Standfläche. Verbreitere den Sockel oder ändere die Ausrichtung.',
  'problem.TIPS_DURING_BUILD':
    'Das Modell steht, wenn es fertig ist, kippt aber während des Aufbaus. Es braucht beim Bauen eine Stütze.',
  'problem.UNSUPPORTED_BLOCKS':
    'Einige Bausteine lassen sich in ihrem Schritt nicht einsetzen: Nichts, was schon steht, hält sie, oder sie müssten zwischen Bausteine, die darüber und darunter schon sitzen. Baue neu oder melde es uns.',
  'problem.OVERLOADED_JOINTS':
    'Einige Verbindungen tragen mehr, als ihre Verbinder halten: Ein Teil hängt oder ragt an zu wenigen Verbindern zu weit hinaus. Dickere oder besser gestützte Teile oder eine kleinere Größe helfen meist.',
  'problem.OPEN_BOUNDARIES':
    'Die Oberfläche hat einige kleine Löcher; wir haben das Innere um sie herum geschätzt.',
  'problem.OPEN_SHEET':
    'Die Oberfläche ist weit offen, wie eine Tasse. Wo sie nichts umschließt, haben wir sie als Wände ihrer eigenen Form gebaut statt sie zu füllen; wo ihre Teile sie schließen (ein Deckel auf einem Topf), haben wir sie gefüllt.',
  'problem.NON_MANIFOLD_EDGES':
    'Einige Kanten gehören zu mehr als zwei Flächen. Das beeinträchtigt den Bausatz meist nicht.',
  'problem.INCONSISTENT_WINDING': 'Einige Flächen sind umgedreht. Das beeinträchtigt den Bausatz nicht.',
  'problem.DEGENERATE_TRIANGLES': 'Einige Dreiecke haben keine Fläche und wurden übergangen.',
  'problem.DUPLICATE_TRIANGLES':
    'Einige Dreiecke stehen doppelt in der Datei; je eine Kopie wurde behalten. Nichts zu tun.',
  'problem.SEVERAL_COMPONENTS': 'Das Modell besteht aus mehreren getrennten Oberflächenteilen.',
  'problem.IGNORED_ELEMENTS':
    'Teile der Datei, die keine Flächen sind (etwa Linien oder Punkte), oder weitere Szenen neben der gelesenen wurden übergangen.',
  'problem.TEXTURE_NOT_SAMPLED':
    'Texturen wurden nicht für die Farben verwendet; der Bausatz nutzt stattdessen die Grundfarben.',
  'problem.COARSE_COORDINATES':
    'Das Modell liegt sehr weit vom Ursprung seiner Datei entfernt, wo die Zahlen der Datei grob sind; seine Form wurde daher schon beim Speichern gerundet und feine Details sind verloren. Verschiebe es in deinem Programm nahe an den Ursprung und exportiere es erneut, um die Details zu behalten.',
  'problem.INSIDE_OUT':
    'Die Oberfläche war verkehrt herum gespeichert, alle Flächen zeigten nach innen. Wir haben sie richtig herum gedreht. Nichts zu tun.',
  'problem.SLICER_VOLUMES_LEFT_OUT':
    'Modifizierer, Stützvolumen und negative Volumen aus deinem Slicer-Projekt wurden weggelassen; auch der Slicer druckt sie nicht. Was ein negatives Volumen ausschneidet, bleibt gefüllt.',

  'publish.title': 'Entwurf veröffentlichen',
  'publish.intro':
    'Sag, was es ist und wofür es gedacht ist. Du bleibst Eigentümer; Kitwright speichert, übersetzt und zeigt es nur an.',
  'publish.section.about': 'Über den Entwurf',
  'publish.section.visibility': 'Wer ihn sehen kann',
  'publish.section.use': 'Vorgesehene Nutzung und Sicherheit',
  'publish.section.useIntro':
    'Baustein-Bausätze sind für freistehende und dekorative Aufbauten gedacht. Antworte ehrlich: Diese Antworten entscheiden, ob der Entwurf veröffentlicht werden darf.',
  'publish.section.licence': 'Eigentum und Lizenz',
  'publish.field.title': 'Titel',
  'publish.field.description': 'Beschreibung',
  'publish.field.descriptionHelp':
    'Was es ist, wo es gut aussieht, was Bauende wissen sollten. Mindestens 10 Zeichen.',
  'publish.field.tags': 'Schlagwörter',
  'publish.field.tagsHelp': 'Durch Kommas getrennt, höchstens 12, z. B. Garten, Turm, rot.',
  'publish.field.category': 'Kategorie',
  'publish.field.language': 'Sprache, in der du schreibst',
  'publish.field.languageHelp':
    'Andere können eine maschinelle Übersetzung lesen; dein Originaltext bleibt immer erhalten.',
  'publish.field.visibility': 'Sichtbarkeit',
  'publish.field.useCase': 'Wofür ist er gedacht?',
  'publish.visibility.public': 'Öffentlich',
  'publish.visibility.public.help': 'In Galerie und Suche sichtbar. Jede Person kann ihn öffnen.',
  'publish.visibility.unlisted': 'Nicht gelistet',
  'publish.visibility.unlisted.help': 'Nur Personen mit dem Link können ihn öffnen.',
  'publish.visibility.private': 'Privat',
  'publish.visibility.private.help': 'Nur du siehst ihn.',
  'publish.category.furniture': 'Möbel',
  'publish.category.decor': 'Deko',
  'publish.category.garden': 'Garten',
  'publish.category.architecture': 'Architektur',
  'publish.category.vehicles': 'Fahrzeuge',
  'publish.category.animals': 'Tiere',
  'publish.category.characters': 'Figuren',
  'publish.category.storage': 'Aufbewahrung',
  'publish.category.art': 'Kunst',
  'publish.category.other': 'Sonstiges',
  'publish.useCase.free_standing': 'Freistehend',
  'publish.useCase.free_standing.help': 'Steht von selbst auf Boden, Tisch oder Regal.',
  'publish.useCase.decorative': 'Dekorativ',
  'publish.useCase.decorative.help': 'Ein Zier- oder Ausstellungsstück, das nur sich selbst trägt.',
  'publish.useCase.cladding': 'Verkleidung oder Fassade',
  'publish.useCase.structural': 'Tragend oder lastaufnehmend',
  'publish.useCase.electrical': 'Mit Elektrik',
  'publish.useCase.wet_area': 'Nassbereiche oder im Wasser im Freien',
  'publish.useCase.child_use': 'Zur Nutzung durch Kinder',
  'publish.useCase.regulated': 'Regulierte Nutzung (medizinisch, Sicherheit, Lebensmittelkontakt)',
  'publish.useCase.blockedLabel': '{use} (nicht erlaubt)',
  'publish.useCase.cladding.reason':
    'Baustein-Bausätze sind nicht als Gebäudeverkleidung oder Fassadenmaterial zertifiziert.',
  'publish.useCase.structural.reason':
    'Baustein-Bausätze dürfen keine tragenden Lasten wie Personen, Regallasten oder Gebäudeteile aufnehmen.',
  'publish.useCase.electrical.reason':
    'Baustein-Bausätze dürfen keine elektrischen Installationen aufnehmen oder tragen.',
  'publish.useCase.wet_area.reason':
    'Baustein-Bausätze sind nicht für Nassbereiche, stehendes Wasser oder Entwässerung im Freien ausgelegt.',
  'publish.useCase.child_use.reason':
    'Die Bausätze sind noch nicht nach Spielzeugsicherheitsnormen für die Nutzung durch Kinder geprüft.',
  'publish.useCase.regulated.reason':
    'Regulierte Nutzungen (medizinisch, Sicherheitsausrüstung, Lebensmittelkontakt und Ähnliches) brauchen Zulassungen, die wir nicht haben.',
  'publish.useCaseBlocked': 'Diese Nutzung ist für Baustein-Bausätze nicht erlaubt.',
  'publish.useCaseWarning':
    'Diese Nutzung ist nicht erlaubt, daher kann der Entwurf dafür nicht veröffentlicht werden. {reason}',
  'publish.safety.title': 'Sicherheitsfragen',
  'publish.safety.intro': 'Ein „Ja“ auf eine dieser Fragen verhindert während der Beta die Veröffentlichung.',
  'publish.safety.intended_for_children': 'Ist er zum Spielen oder zur Nutzung durch Kinder gedacht?',
  'publish.safety.bears_loads_or_people': 'Wird er Lasten oder Personen tragen (sitzen, stehen, Regale)?',
  'publish.safety.contains_electrics':
    'Wird er elektrische Teile enthalten oder halten (Lampen, Kabel, Batterien)?',
  'publish.safety.used_outdoors_in_water': 'Wird er im Wasser oder in einem Nassbereich stehen?',
  'publish.safety.intended_for_children.short': 'die Nutzung durch Kinder',
  'publish.safety.bears_loads_or_people.short': 'das Tragen von Lasten oder Personen',
  'publish.safety.contains_electrics.short': 'die Aufnahme von Elektrik',
  'publish.safety.used_outdoors_in_water.short': 'Nassbereiche',
  'publish.yes': 'Ja',
  'publish.no': 'Nein',
  'publish.licence.body':
    'Du bleibst Eigentümer dieses Entwurfs. Zum Veröffentlichen gibst du Kitwright nur eine begrenzte Lizenz, ihn zu speichern, zu verarbeiten, zu übersetzen, zu moderieren, anzuzeigen und zu prüfen. Wir verkaufen ihn nie und geben ihn nie als unseren aus; eine Herstellung bräuchte gesonderte Bedingungen, denen du zuerst zustimmst.',
  'publish.licence.accept':
    'Dieser Entwurf gehört mir oder ich darf ihn veröffentlichen, und ich akzeptiere die Inhaltslizenz.',
  'publish.licence.version': 'Inhaltslizenz, Fassung {version}',
  'publish.submit': 'Veröffentlichen',
  'publish.afterNote':
    'Beim Veröffentlichen laufen automatische Prüfungen. Markieren sie etwas, prüft ein Mensch das Angebot, bevor es erscheint, meist innerhalb eines Tages.',
  'publish.kitLine': '{blocks} · {layers}',
  'publish.ownerNote': 'Das Angebot nennt dich als Designer und Eigentümer.',
  'publish.backToDraft': 'Zurück zum Entwurf',
  'publish.alreadyPublished': 'Dieser Entwurf ist bereits als Angebot veröffentlicht.',
  'publish.notReadyTitle': 'Dieser Entwurf ist noch nicht bereit zum Veröffentlichen',
  'publish.notReadyBody':
    'Sein Bausatz muss zuerst gebaut werden und die Prüfungen bestehen. Kehre zum Entwurf zurück, um ihn fertigzustellen.',
  'publish.fixTitle': 'Es fehlen noch ein paar Antworten',
  'publish.fixBody': 'Beachte die Hinweise bei den Feldern und veröffentliche dann erneut.',
  'publish.refusedTitle': 'Die Veröffentlichung wurde abgelehnt',
  'publish.refused.useCase': 'Die gewählte Nutzung ist während der Beta nicht erlaubt. {reason}',
  'publish.refused.safety':
    'Baustein-Bausätze dürfen nicht für {list} veröffentlicht werden. Ist der Entwurf nur dekorativ oder freistehend, ändere deine Antworten.',
  'publish.refused.safetyField': 'Ein „Ja“ hier verhindert die Veröffentlichung.',
  'publish.refused.safetyAnswer': 'Während der Beta nicht erlaubt.',
  'publish.refused.licence':
    'Die Inhaltslizenz hat sich geändert. Lies die aktuelle Fassung und akzeptiere sie erneut.',
  'publish.refused.gate':
    'Eine erforderliche Prüfung ist nicht erfüllt. Prüfe deine Antworten und versuche es noch einmal.',
  'publish.error.title': 'Gib einen Titel mit 3 bis 120 Zeichen an.',
  'publish.error.description': 'Schreib eine Beschreibung mit mindestens 10 Zeichen.',
  'publish.error.tags': 'Verwende höchstens 12 Schlagwörter mit je bis zu 32 Zeichen.',
  'publish.error.choose': 'Wähle eine Option.',
  'publish.error.safety': 'Beantworte jede Sicherheitsfrage.',
  'publish.error.licence': 'Setz dieses Häkchen, um zu veröffentlichen.',
  'publish.pendingBadge': 'Wartet auf Prüfung',
  'publish.pendingTitle': 'Veröffentlicht, wartet auf eine kurze Prüfung',
  'publish.pendingBody':
    'Unsere automatischen Prüfungen haben darum gebeten, dass ein Mensch sich dieses Angebot ansieht, bevor es in der Galerie erscheint. Das dauert meist weniger als einen Tag; wir geben dir Bescheid. Es bleibt in der Zwischenzeit deins.',
};
