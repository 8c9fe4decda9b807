import type { reference as en } from '../en/reference';
import type { DictionaryOf } from '../plural';

export const reference: DictionaryOf<typeof en> = {
  'reference.source.label': 'Ausgehend von',
  'reference.source.words': 'Worten',
  'reference.source.picture': 'Einem Bild',
  'reference.title': 'Aus einem Bild',
  'reference.intro':
    'Ein Foto oder eine Zeichnung wird zu einem gerahmten Mosaik, das auf seinem Fuß steht, oder zu einem Relief seines ausgeschnittenen, erhabenen Motivs.',
  'reference.pick.label': 'Bilddatei (PNG, JPEG oder WebP)',
  'reference.pick.choose': 'Bild auswählen',
  'reference.pick.another': 'Anderes Bild auswählen',
  'reference.pick.hint':
    'PNG, JPEG oder WebP, bis {size}. Standort- und Kameradaten werden beim Speichern entfernt.',
  'reference.pick.chosen': 'Bereit zum Senden',
  'reference.pick.dropTitle': 'Zieh dein Bild hierher',
  'reference.pick.dropNow': 'Loslassen, um dieses Bild zu verwenden',
  'reference.pick.dropOr': 'oder wähle es auf deinem Gerät aus',
  'reference.pick.library': 'Aus Fotos auswählen',
  'reference.pick.camera': 'Foto aufnehmen',
  'reference.pick.cameraRefused':
    'Kitwright darf die Kamera nicht verwenden. Erlaube es in den Einstellungen deines Telefons oder wähle ein Bild aus deinen Fotos.',
  'reference.pick.wrongFormat': '„{name}“ ist kein PNG-, JPEG- oder WebP-Bild.',
  'reference.pick.tooBig': 'Dieses Bild ist {size} groß; Bilder dürfen höchstens {max} groß sein.',
  'reference.pick.required': 'Wähle zuerst ein Bild aus.',
  'reference.pick.previewAlt': 'Das ausgewählte Bild',
  'reference.kind.label': 'Daraus machen',
  'reference.kind.mosaic': 'Ein Mosaik',
  'reference.kind.mosaicHelp': 'Das ganze Bild in Bausteinfarben, gerahmt, aufrecht auf einem Fuß.',
  'reference.kind.relief': 'Ein Relief',
  'reference.kind.reliefHelp':
    'Das Motiv aus seinem Hintergrund ausgeschnitten (Transparenz oder Randfarbe) und erhaben, liegend.',
  'reference.width.label': 'Breite',
  'reference.width.help': 'In Bausteinen; die Höhe folgt dem Bild.',
  'reference.width.choice': { one: '{count} Baustein · {real}', other: '{count} Bausteine · {real}' },
  'reference.aspect.label': 'Form',
  'reference.aspect.keep': 'Wie das Bild',
  'reference.aspect.square': 'Quadratisch (mittig zugeschnitten)',
  'reference.depth.label': 'Höhe des Reliefs',
  'reference.depth.choice': { one: '{count} Lage', other: '{count} Lagen' },
  'reference.dithering.label': 'Dithering',
  'reference.dithering.help':
    'Mischt benachbarte Bausteinfarben, damit Verläufe und Hauttöne aus der Entfernung weicher wirken.',
  'reference.titleLabel': 'Name (optional)',
  'reference.submit': 'Daraus machen',
  'reference.uploading': 'Bild wird gesendet…',
  'reference.starting': 'Entwurf wird gestartet…',
  'reference.failedTitle': 'Dieses Bild konnte nicht verwendet werden',
  'reference.howTitle': 'Bilder, die gut funktionieren',
  'reference.how':
    'Einfache Motive mit kräftigen Farben vor schlichtem Hintergrund. Ein Mosaik mit 32 Bausteinen ist etwa 51 cm breit, mit 64 Bausteinen etwa 1 m.',
  'reference.draft.from': 'Aus dem Bild „{name}“',
  'reference.result.title': 'Aus deinem Bild gemacht',
  'reference.result.mosaic':
    'Ein Mosaik aus {w} × {h} Bausteinen, gerahmt, auf einem {d} Bausteine tiefen Fuß.',
  'reference.result.relief': 'Ein Relief aus {w} × {h} Bausteinen, {d} Lagen hoch.',
  'reference.result.colours': 'Farben: {colours}',
  'reference.result.match': 'Mittlere Farbabweichung vom Bild: {value} (deltaE; unter 10 wirkt es nah)',
  'reference.result.dithered': 'Mit Dithering',
  'reference.result.subjectAlpha': 'Das Motiv wurde aus der Transparenz des Bildes gelesen.',
  'reference.result.subjectBorder': 'Der Hintergrund ({colour}) wurde am Bildrand gelesen.',
  'reference.result.degraded': 'Der Entwurf wurde gemacht, besteht aber noch nicht alle Prüfungen.',
  'reference.rebuild.title': 'Andere Optionen',
  'reference.rebuild.submit': 'Neu machen',
  'problem.NO_SUBJECT':
    'In diesem Bild hebt sich kein Motiv vom Hintergrund ab. Versuch es mit einem Bild mit schlichtem Hintergrund oder mit einem Mosaik.',
  'problem.CORRUPT_IMAGE': 'Das Bild konnte nicht gelesen werden. Lade es erneut hoch.',
  'problem.INVALID_REFERENCE_OPTIONS':
    'Diese Bildoptionen sind nicht möglich. Wähle andere und versuch es erneut.',
};
