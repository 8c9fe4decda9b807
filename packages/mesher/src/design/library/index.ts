// The procedural provider's library, by category (one file each); the order is the one the app
// lists the designs in (`DESIGN_NAMES` in constants.ts, held equal by design-library.test.ts).

import { ANIMALS } from './animals';
import { BUILDINGS } from './buildings';
import { CHESS } from './chess';
import { FURNITURE } from './furniture';
import { LETTERS } from './letters';
import { NATURE } from './nature';
import { OBJECTS } from './objects';
import { STRUCTURES } from './structures';
import type { LibraryDesign } from './types';
import { VEHICLES } from './vehicles';

export type { DesignBuild, DesignParam, LibraryDesign, PartLook } from './types';

export const LIBRARY: LibraryDesign[] = [
  ...BUILDINGS,
  ...VEHICLES,
  ...NATURE,
  ...STRUCTURES,
  ...ANIMALS,
  ...CHESS,
  ...OBJECTS,
  ...FURNITURE,
  ...LETTERS,
];
