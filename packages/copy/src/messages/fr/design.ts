import type { design as en } from '../en/design';
import type { DictionaryOf } from '../plural';

/** Français : variantes, paramètres et couleurs des parties d’un design (mode B, après génération). */
export const design: DictionaryOf<typeof en> = {
  'design.title': 'Modifier le design',
  'design.variants': 'Variantes',
  'design.variant': '{n} : {design}',
  'design.parameter': 'Paramètre : {name}',
  'design.colour': 'Couleur de la partie « {part} »',
  'design.close': 'Fermer',
  'design.rebuild': 'Appliquer et reconstruire',
  'design.again': 'Nouveau design',
};
