import type { design as en } from '../en/design';
import type { DictionaryOf } from '../plural';

/** Deutsch: Varianten, Parameter und Farben der Teile eines Designs (Modus B, nach dem Erzeugen). */
export const design: DictionaryOf<typeof en> = {
  'design.title': 'Design ändern',
  'design.variants': 'Varianten',
  'design.variant': '{n}: {design}',
  'design.parameter': 'Parameter: {name}',
  'design.colour': 'Farbe des Teils „{part}“',
  'design.close': 'Schließen',
  'design.rebuild': 'Übernehmen und neu bauen',
  'design.again': 'Neu entwerfen',
};
