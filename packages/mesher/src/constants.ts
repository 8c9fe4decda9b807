// The mesher's plain values, with nothing behind them: what an app shows of the mesher (the
// palette, the prompt designs, the formats it reads, the block module) without bundling its code.
// Imported as `@kitwright/mesher/constants`; the mesher's own modules take them from here.

export { DEFAULT_COLOUR, PALETTE, type PaletteColour, type PaletteColourId } from './colour/palette';

export const MODEL_FORMATS = ['stl', 'obj', 'ply', 'glb', 'gltf', '3mf'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/**
 * The file name endings each format arrives with. A glTF that is not embedded comes as a ZIP with
 * its files (a Sketchfab download); the bytes, never the name, decide the format on the server.
 */
export const MODEL_FILE_EXTENSIONS: Record<ModelFormat, readonly string[]> = {
  stl: ['stl'],
  obj: ['obj'],
  ply: ['ply'],
  glb: ['glb'],
  gltf: ['gltf', 'zip'],
  '3mf': ['3mf'],
};

/** Physical size of one cell; the module is a cube, so voxels map to blocks one to one. */
export const BLOCK_MODULE = Object.freeze({ pitchMm: 16, layerHeightMm: 16, massPerCellG: 2.2 });

/** What a reference picture becomes in Mode B: a standing mosaic or a silhouette relief. */
export const REFERENCE_KINDS = ['mosaic', 'relief'] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/**
 * Sizes a reference design can have, in cells: width across (studs), rows (picture height, cut to
 * fit) and, for a relief, layers (at least 3: two staggered body layers join the coloured top).
 */
export const REFERENCE_LIMITS = Object.freeze({
  minWidth: 16,
  maxWidth: 64,
  minHeight: 8,
  maxHeight: 64,
  minDepth: 3,
  maxDepth: 12,
});

/**
 * The name of each design in Mode B's library, in the library's order (`design/library/`; a test
 * keeps the two equal). Kept here, as plain words, so the app can list them without the library.
 */
export const DESIGN_NAMES = [
  'lighthouse',
  'windmill',
  'castle',
  'house',
  'townhouse',
  'barn',
  'church',
  'temple',
  'pagoda',
  'skyscraper',
  'tower',
  'igloo',
  'tent',
  'kennel',
  'birdhouse',
  'treehouse',
  'well',
  'eiffel tower',
  'big ben',
  'statue of liberty',
  'leaning tower of pisa',
  'taj mahal',
  'colosseum',
  'stonehenge',
  'arc de triomphe',
  'rocket',
  'car',
  'truck',
  'bus',
  'train',
  'boat',
  'sailboat',
  'plane',
  'helicopter',
  'tractor',
  'fire engine',
  'police car',
  'submarine',
  'hot air balloon',
  'motorbike',
  'bicycle',
  'pirate ship',
  'digger',
  'launch pad',
  'tree',
  'pine',
  'cactus',
  'mushroom',
  'flower',
  'snowman',
  'palm tree',
  'swing',
  'rock',
  'volcano',
  'rainbow',
  'moon',
  'bridge',
  'footbridge',
  'suspension',
  'arch',
  'wall',
  'stairs',
  'cube',
  'pyramid',
  'cat',
  'duck',
  'elephant',
  'pig',
  'turtle',
  'penguin',
  'horse',
  'dog',
  'cow',
  'sheep',
  'giraffe',
  'lion',
  'dinosaur',
  'mouse',
  'rabbit',
  'teddy bear',
  'bird',
  'owl',
  'chicken',
  'fish',
  'whale',
  'frog',
  'snail',
  'butterfly',
  'pawn',
  'rook',
  'bishop',
  'queen',
  'king',
  'knight',
  'vase',
  'bowl',
  'planter',
  'trough',
  'trophy',
  'heart',
  'star',
  'robot',
  'mug',
  'teapot',
  'clock',
  'umbrella',
  'anchor',
  'crown',
  'bell',
  'cake',
  'apple',
  'ice cream',
  'guitar',
  'candle',
  'present',
  'dice',
  'ball',
  'key',
  'table',
  'chair',
  'bookshelf',
  'bench',
  'bed',
  'sofa',
  'wardrobe',
  'piano',
  'nameplate',
  'letter',
] as const;
