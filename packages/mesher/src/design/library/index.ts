// The procedural provider's library, by category (one file each); the order is the one the app
// lists the designs in (`DESIGN_NAMES` in constants.ts, held equal by design-library.test.ts).

import { ANIMALS } from './animals';
import { BEASTS } from './beasts';
import { BUILDINGS } from './buildings';
import { CHESS } from './chess';
import { CREATURES } from './creatures';
import { FURNISHINGS } from './furnishings';
import { FURNITURE } from './furniture';
import { KEEPSAKES } from './keepsakes';
import { LANDMARKS } from './landmarks';
import { LETTERS } from './letters';
import { MACHINES } from './machines';
import { NATURE } from './nature';
import { OBJECTS } from './objects';
import { OUTDOORS } from './outdoors';
import { PLACES } from './places';
import { RIDES } from './rides';
import { STRUCTURES } from './structures';
import { THINGS } from './things';
import type { LibraryDesign } from './types';
import { VEHICLES } from './vehicles';

export type { DesignBuild, DesignParam, LibraryDesign, PartLook } from './types';

export type DesignCategory =
  | 'building'
  | 'landmark'
  | 'vehicle'
  | 'nature'
  | 'structure'
  | 'animal'
  | 'chess'
  | 'object'
  | 'furniture'
  | 'letters';

const BY_CATEGORY: Array<[DesignCategory, LibraryDesign[]]> = [
  ['building', BUILDINGS],
  ['building', PLACES],
  ['landmark', LANDMARKS],
  ['vehicle', VEHICLES],
  ['vehicle', MACHINES],
  ['vehicle', RIDES],
  ['nature', NATURE],
  ['nature', OUTDOORS],
  ['structure', STRUCTURES],
  ['animal', ANIMALS],
  ['animal', BEASTS],
  ['animal', CREATURES],
  ['chess', CHESS],
  ['object', OBJECTS],
  ['object', THINGS],
  ['object', KEEPSAKES],
  ['furniture', FURNITURE],
  ['furniture', FURNISHINGS],
  ['letters', LETTERS],
];

export const LIBRARY: LibraryDesign[] = BY_CATEGORY.flatMap(([, designs]) => designs);

/** Each design's category, by id (for suggesting designs of the kind a prompt asked for). */
export const CATEGORY_OF: ReadonlyMap<string, DesignCategory> = new Map(
  BY_CATEGORY.flatMap(([category, designs]) => designs.map((d) => [d.id, category] as const)),
);
