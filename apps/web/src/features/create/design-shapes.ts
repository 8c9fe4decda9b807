/**
 * The shapes the prompt generator designs, as it reads them (in English). The app does not bundle
 * the mesher: the compiler holds this list to the mesher's own, in its order.
 */
import type { DESIGN_SHAPES as MESHER_DESIGN_SHAPES } from '@kitwright/mesher';

export const DESIGN_SHAPES = [
  'tower',
  'bench',
  'planter',
  'arch',
  'bridge',
  'shelf',
  'pyramid',
  'house',
  'wall',
  'stairs',
  'table',
  'box',
] as const satisfies typeof MESHER_DESIGN_SHAPES;
