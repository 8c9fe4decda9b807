// The designs nearest to a word the library has no design for, offered instead of making something
// else silently: first the designs a thing is like (a zebra is like a horse), then names spelt
// almost the same ("lighthose"), then designs of the same kind (an animal for an animal), then a
// few popular ones. Names are given in the prompt's language.

import { libraryWords, singular } from './design-names';
import { CATEGORY_OF, type DesignCategory, LIBRARY } from './library';
import type { PromptLanguage } from './prompt-language';
import { FRENCH, GERMAN } from './prompt-lexicon';

export interface DesignSuggestion {
  /** Library design id. */
  design: string;
  /** Its name in the prompt's language, as a prompt that makes it. */
  name: string;
}

/** Things the library has no design for, and the designs that look most like them. */
const LIKE: Record<string, string[]> = {
  zebra: ['horse'],
  donkey: ['horse'],
  camel: ['horse', 'giraffe'],
  deer: ['horse', 'giraffe'],
  reindeer: ['horse'],
  unicorn: ['horse'],
  goat: ['sheep', 'cow'],
  lamb: ['sheep'],
  bull: ['cow'],
  wolf: ['dog'],
  fox: ['dog', 'cat'],
  puppy: ['dog'],
  tiger: ['lion', 'cat'],
  leopard: ['lion', 'cat'],
  panda: ['teddy-bear'],
  koala: ['teddy-bear'],
  monkey: ['teddy-bear'],
  gorilla: ['teddy-bear'],
  kangaroo: ['rabbit'],
  squirrel: ['mouse', 'rabbit'],
  hamster: ['mouse'],
  rat: ['mouse'],
  hedgehog: ['mouse'],
  parrot: ['bird'],
  eagle: ['bird', 'owl'],
  robin: ['bird'],
  swan: ['duck'],
  flamingo: ['bird'],
  dragon: ['dinosaur'],
  lizard: ['dinosaur'],
  crocodile: ['dinosaur'],
  shark: ['fish', 'whale'],
  dolphin: ['whale', 'fish'],
  octopus: ['fish'],
  bee: ['butterfly'],
  ladybird: ['turtle'],
  jeep: ['car'],
  ambulance: ['truck', 'fire-engine'],
  van: ['truck'],
  scooter: ['motorbike'],
  jet: ['plane'],
  glider: ['plane'],
  drone: ['helicopter'],
  canoe: ['boat'],
  kayak: ['boat'],
  ufo: ['rocket'],
  spaceship: ['rocket'],
  mosque: ['church', 'taj-mahal'],
  palace: ['castle'],
  hotel: ['skyscraper'],
  school: ['house', 'townhouse'],
  shop: ['house'],
  garage: ['barn'],
  cupboard: ['wardrobe'],
  couch: ['sofa'],
  stool: ['chair'],
  teacup: ['mug'],
  kettle: ['teapot'],
  watch: ['clock'],
  hat: ['crown'],
  sun: ['star'],
  planet: ['ball'],
  globe: ['ball'],
  mountain: ['volcano', 'pyramid'],
  hill: ['rock'],
  island: ['rock', 'palm'],
  pumpkin: ['apple'],
  pear: ['apple'],
  cherry: ['apple'],
  strawberry: ['apple'],
  cupcake: ['cake'],
  muffin: ['cake'],
};

/** Words of each kind, so an animal the library lacks is offered animals. */
const KINDS: Record<string, DesignCategory> = {};
for (const w of [
  'animal',
  'pet',
  'zebra',
  'donkey',
  'camel',
  'deer',
  'goat',
  'wolf',
  'fox',
  'tiger',
  'leopard',
  'panda',
  'koala',
  'monkey',
  'gorilla',
  'kangaroo',
  'squirrel',
  'hamster',
  'rat',
  'hedgehog',
  'parrot',
  'eagle',
  'swan',
  'flamingo',
  'dragon',
  'lizard',
  'crocodile',
  'shark',
  'dolphin',
  'octopus',
  'bee',
  'ant',
  'spider',
  'crab',
  'seal',
  'otter',
  'beaver',
  'badger',
  'bat',
  'hippo',
  'rhino',
  'ostrich',
  'peacock',
])
  KINDS[w] = 'animal';
for (const w of [
  'vehicle',
  'jeep',
  'ambulance',
  'van',
  'scooter',
  'jet',
  'glider',
  'canoe',
  'kayak',
  'tram',
  'ufo',
  'tank',
])
  KINDS[w] = 'vehicle';
for (const w of [
  'building',
  'mosque',
  'palace',
  'hotel',
  'school',
  'shop',
  'garage',
  'hospital',
  'museum',
  'station',
  'factory',
])
  KINDS[w] = 'building';
for (const w of ['furniture', 'cupboard', 'couch', 'stool', 'dresser', 'drawer', 'desk', 'shelf'])
  KINDS[w] = 'furniture';
for (const w of [
  'plant',
  'bush',
  'hedge',
  'grass',
  'leaf',
  'mountain',
  'hill',
  'island',
  'cloud',
  'sun',
  'planet',
])
  KINDS[w] = 'nature';

const POPULAR = ['house', 'car', 'castle', 'horse', 'lighthouse'];

/** Edit distance (Levenshtein) between two short words. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** A design's name in a language: the lexicon's first word for it, else its English name. */
export function designName(designId: string, language: PromptLanguage): string {
  const design = LIBRARY.find((d) => d.id === designId)!;
  if (language === 'en') return design.words[0]!;
  const lexicon = language === 'fr' ? FRENCH : GERMAN;
  for (const [word, english] of Object.entries(lexicon))
    if (design.words.includes(english))
      return language === 'de' ? word[0]!.toUpperCase() + word.slice(1) : word;
  return design.words[0]!;
}

/** Up to `count` designs to offer for `word`, which names nothing in the library. */
export function nearestDesigns(word: string, language: PromptLanguage, count = 4): DesignSuggestion[] {
  const w = singular(word.toLowerCase());
  const ids: string[] = [...(LIKE[w] ?? [])];
  const close = libraryWords()
    .map(({ word: name, design }) => ({ design, d: distance(w, name) / Math.max(w.length, name.length) }))
    .filter((c) => c.d <= 0.34)
    .sort((a, b) => a.d - b.d);
  for (const c of close) ids.push(c.design.id);
  const kind = KINDS[w];
  if (kind) for (const d of LIBRARY) if (CATEGORY_OF.get(d.id) === kind) ids.push(d.id);
  ids.push(...POPULAR);
  const unique = [...new Set(ids)].filter((id) => LIBRARY.some((d) => d.id === id)).slice(0, count);
  return unique.map((design) => ({ design, name: designName(design, language) }));
}
