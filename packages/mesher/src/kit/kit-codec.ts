// The stored block kit (issue 12, "Fast and lean at large sizes"): one module that writes a kit as
// the compact document `kitwright.blockkit/3` and reads back any stored version (1, 2 or 3) as the
// in-memory `BlockKit`. Every reader and writer of kit files goes through here (the server's kit
// store, the app's kit query, the CLI's `--out`, the benches); there is no second copy.
//
// Version 3 is columnar: blocks are seven columns of unsigned LEB128 varints (a byte stream, sent as
// base64), differences from the previous block where that keeps numbers small; pinned pairs are one
// varint per pair (how far below its upper block the lower block is, and its pin count) grouped by
// upper block; steps are runs of block ids. A step's pairs are not stored: a pair's pins go in with
// the later of the two blocks it joins (kitFromLayout), so they follow from the blocks' steps; a kit
// whose steps do not follow that rule stores them explicitly. Bill of materials, metrics, units and
// generator are stored as they are. docs/decisions.md, "Compact kit document (v3)".

import type { PaletteColourId } from '../colour/palette';
import {
  type BillOfMaterialsLine,
  BLOCK_KIT_VERSION,
  type BlockKit,
  type BuildStep,
  createKitPairs,
  type KitBlock,
  type KitFastener,
  type KitPairs,
} from './block-kit';
import type { BlockPartId, FastenerPartId } from './catalogue';

export const COMPACT_KIT_VERSION = 'kitwright.blockkit/3';

/** Largest counts a stored kit may declare (bounds for reading untrusted documents). */
const MAX_ITEMS = 50_000_000;

/** The stored form of a kit (version 3). Streams are base64 of unsigned LEB128 varints. */
export interface CompactKitDocument {
  version: typeof COMPACT_KIT_VERSION;
  generator: BlockKit['generator'];
  units: BlockKit['units'];
  blocks: {
    count: number;
    /** Distinct part and orientation pairs used, with the cells they cover along x and y. */
    kinds: { part: BlockPartId; orientation: 0 | 90; size: [number, number] }[];
    /** Distinct colours used. */
    colours: PaletteColourId[];
    /** Per block: layer − previous block's layer, zigzag. */
    layer: string;
    /** Per block: y − previous block's y, zigzag. */
    y: string;
    /** Per block: x − previous block's x, zigzag. */
    x: string;
    /** Per block: index into `kinds`. */
    kind: string;
    /** Per block: index into `colours`. */
    colour: string;
    /** Ids of the blocks added to join loose groups (`KitBlock.added`), ascending. */
    added: number[];
  };
  pairs: {
    count: number;
    part: FastenerPartId;
    /** Per block, in id order: the pairs in which it is the upper block. */
    perUpper: string;
    /**
     * Per pair, grouped by upper block: (upper − lower) × 4 + min(count − 1, 3), followed by
     * count − 4 when the count is 4 or more.
     */
    lower: string;
  };
  steps: {
    count: number;
    /** Per step: layer − previous step's layer, zigzag. */
    layer: string;
    /** Per step: runs of block ids, then per run the gap after the previous run's end and its length. */
    blocks: string;
    /** Indices of `hanging` steps. */
    hanging: number[];
    /** [step index, holdUntilStep] of the steps that carry one. */
    holdUntil: [number, number][];
    /**
     * [step index, supportUntilStep, supportBlockIds] of the steps that say what to prop; absent
     * when no step does (and in kits written before the during-build joint check).
     */
    supportUntil?: [number, number, number[]][];
    /**
     * Present only when a step's pairs are not those the rule gives: per step the number of pairs,
     * then the first id and the differences to the next (ascending).
     */
    pairs?: string;
  };
  billOfMaterials: BlockKit['billOfMaterials'];
  metrics: BlockKit['metrics'];
}

/** A stored kit that cannot be read (unknown version, broken stream, ids out of range). */
export class KitFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KitFormatError';
  }
}

// ---------------------------------------------------------------------------------------------
// Varint byte streams and base64 (no Buffer: the app runs this in browsers and React Native).

class ByteWriter {
  private bytes = new Uint8Array(1024);
  length = 0;

  uint(value: number): void {
    if (!(Number.isInteger(value) && value >= 0 && value <= Number.MAX_SAFE_INTEGER))
      throw new RangeError(`Cannot store ${value} as an unsigned integer`);
    if (this.length + 8 > this.bytes.length) {
      const next = new Uint8Array(this.bytes.length * 2);
      next.set(this.bytes);
      this.bytes = next;
    }
    let v = value;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.bytes[this.length++] = v;
  }

  int(value: number): void {
    this.uint(value >= 0 ? value * 2 : -value * 2 - 1);
  }

  base64(): string {
    return toBase64(this.bytes.subarray(0, this.length));
  }
}

class ByteReader {
  private at = 0;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly name: string,
  ) {}

  uint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new KitFormatError(`The kit's ${this.name} stream ends early.`);
      const byte = this.bytes[this.at++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) break;
      scale *= 0x80;
      if (scale > 2 ** 49)
        throw new KitFormatError(`The kit's ${this.name} stream holds a number too large.`);
    }
    return value;
  }

  int(): number {
    const u = this.uint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  end(): void {
    if (this.at !== this.bytes.length) throw new KitFormatError(`The kit's ${this.name} stream is too long.`);
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE_TABLE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) table[ALPHABET.charCodeAt(i)] = i;
  return table;
})();

export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  const chunk = 3 * 8192;
  for (let start = 0; start < bytes.length; start += chunk) {
    const end = Math.min(bytes.length, start + chunk);
    let s = '';
    let i = start;
    for (; i + 2 < end; i += 3) {
      const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
      s += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
    }
    if (i < end) {
      const n = (bytes[i]! << 16) | (i + 1 < end ? bytes[i + 1]! << 8 : 0);
      s += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]!;
      s += i + 1 < end ? `${ALPHABET[(n >> 6) & 63]!}=` : '==';
    }
    parts.push(s);
  }
  return parts.join('');
}

export function fromBase64(text: string, name = 'base64'): Uint8Array {
  if (text.length % 4 !== 0) throw new KitFormatError(`The kit's ${name} stream is not base64.`);
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    let n = 0;
    for (let k = 0; k < 4; k++) {
      const code = text.charCodeAt(i + k);
      let v = code < 128 ? DECODE_TABLE[code]! : -1;
      if (code === 61 && i + 4 === text.length && k >= 4 - padding) v = 0;
      if (v < 0) throw new KitFormatError(`The kit's ${name} stream is not base64.`);
      n = (n << 6) | v;
    }
    out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing.

/**
 * The compact document of a kit (version 3). Throws a RangeError on a kit that breaks the kit's own
 * invariants (ids not equal to positions, steps not numbered 1, 2, …, pairs not grouped by upper
 * block, a lower block not before its upper block, a step's pin count not the sum of its pairs').
 */
export function encodeKit(kit: BlockKit): CompactKitDocument {
  const blocks = kit.blocks;
  const n = blocks.length;
  const kindIndex = new Map<string, number>();
  const kinds: CompactKitDocument['blocks']['kinds'] = [];
  const colourIndex = new Map<string, number>();
  const colours: PaletteColourId[] = [];
  const layerW = new ByteWriter();
  const yW = new ByteWriter();
  const xW = new ByteWriter();
  const kindW = new ByteWriter();
  const colourW = new ByteWriter();
  const added: number[] = [];
  let px = 0;
  let py = 0;
  let pz = 0;
  for (let i = 0; i < n; i++) {
    const b = blocks[i]!;
    if (b.id !== i) throw new RangeError(`Block ${i} has id ${b.id}: ids must be positions`);
    const key = `${b.part}|${b.orientation}|${b.size.x}|${b.size.y}`;
    let k = kindIndex.get(key);
    if (k === undefined) {
      k = kinds.length;
      kindIndex.set(key, k);
      kinds.push({ part: b.part, orientation: b.orientation, size: [b.size.x, b.size.y] });
    }
    let c = colourIndex.get(b.colour);
    if (c === undefined) {
      c = colours.length;
      colourIndex.set(b.colour, c);
      colours.push(b.colour);
    }
    layerW.int(b.layer - pz);
    yW.int(b.y - py);
    xW.int(b.x - px);
    kindW.uint(k);
    colourW.uint(c);
    if (b.added === true) added.push(i);
    px = b.x;
    py = b.y;
    pz = b.layer;
  }

  // Pairs, grouped by upper block (the order kitFromLayout writes and readPinnedPairs reads).
  const pairs = kit.pairs;
  const perUpperW = new ByteWriter();
  const lowerW = new ByteWriter();
  let k = 0;
  for (let upper = 0; upper < n; upper++) {
    let m = 0;
    while (k < pairs.count && pairs.upper[k] === upper) {
      const lower = pairs.lower[k]!;
      const pins = pairs.pins[k]!;
      if (!(lower >= 0 && lower < upper))
        throw new RangeError(
          `Pair ${k} joins block ${lower} under block ${upper}: the lower block must come first`,
        );
      if (!(pins >= 1)) throw new RangeError(`Pair ${k} has ${pins} pins`);
      lowerW.uint((upper - lower) * 4 + Math.min(pins - 1, 3));
      if (pins >= 4) lowerW.uint(pins - 4);
      m++;
      k++;
    }
    perUpperW.uint(m);
  }
  if (k !== pairs.count)
    throw new RangeError("The kit's pairs are not grouped by upper block in block order");

  // Steps: block runs; pairs by the rule unless a step departs from it.
  const steps = kit.steps;
  const stepOf = new Int32Array(n).fill(-1);
  const stepLayerW = new ByteWriter();
  const stepBlocksW = new ByteWriter();
  const hanging: number[] = [];
  const holdUntil: [number, number][] = [];
  const supportUntil: [number, number, number[]][] = [];
  let pl = 0;
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s]!;
    if (step.step !== s + 1) throw new RangeError(`Step ${s + 1} is numbered ${step.step}`);
    stepLayerW.int(step.layer - pl);
    pl = step.layer;
    const ids = step.blockIds;
    const runs: [number, number][] = [];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      if (!(Number.isInteger(id) && id >= 0 && id < n) || stepOf[id] !== -1)
        throw new RangeError(`Step ${s + 1} places block ${id}, which is not a block or is placed twice`);
      stepOf[id] = s;
      const last = runs[runs.length - 1];
      if (last && id === last[0] + last[1]) last[1]++;
      else {
        if (last && id < last[0] + last[1])
          throw new RangeError(`Step ${s + 1} lists its blocks out of order`);
        runs.push([id, 1]);
      }
    }
    stepBlocksW.uint(runs.length);
    let end = 0;
    for (const [start, length] of runs) {
      stepBlocksW.uint(start - end);
      stepBlocksW.uint(length);
      end = start + length;
    }
    if (step.hanging === true) hanging.push(s);
    if (step.holdUntilStep !== undefined) holdUntil.push([s, step.holdUntilStep]);
    if (step.supportUntilStep !== undefined || step.supportBlockIds !== undefined) {
      const until = step.supportUntilStep;
      const props = step.supportBlockIds ?? [];
      if (!(Number.isInteger(until) && until! >= 1 && until! <= steps.length))
        throw new RangeError(`Step ${s + 1} says to prop until step ${until}, which the kit lacks`);
      if (props.some((id) => !(Number.isInteger(id) && id >= 0 && id < n)))
        throw new RangeError(`Step ${s + 1} says to prop a block the kit lacks`);
      supportUntil.push([s, until!, [...props]]);
    }
  }
  const ruled = pairsByRule(pairs, stepOf, steps.length);
  let explicit = false;
  for (let s = 0; s < steps.length && !explicit; s++) {
    const given = steps[s]!.fastenerIds;
    const rule = ruled[s]!;
    if (given.length !== rule.length || given.some((id, i) => id !== rule[i])) explicit = true;
  }
  let stepPairs: string | undefined;
  if (explicit) {
    const w = new ByteWriter();
    for (const step of steps) {
      w.uint(step.fastenerIds.length);
      let prev = 0;
      step.fastenerIds.forEach((id, i) => {
        if (!(Number.isInteger(id) && id >= 0 && id < pairs.count) || (i > 0 && id <= prev))
          throw new RangeError(`Step ${step.step} lists pair ${id} out of order or out of range`);
        w.uint(i === 0 ? id : id - prev);
        prev = id;
      });
    }
    stepPairs = w.base64();
  }
  for (const step of steps) {
    let pins = 0;
    for (const id of step.fastenerIds) pins += pairs.pins[id]!;
    if (step.pinCount !== pins)
      throw new RangeError(`Step ${step.step} counts ${step.pinCount} pins, its pairs ${pins}`);
  }

  return {
    version: COMPACT_KIT_VERSION,
    generator: kit.generator,
    units: kit.units,
    blocks: {
      count: n,
      kinds,
      colours,
      layer: layerW.base64(),
      y: yW.base64(),
      x: xW.base64(),
      kind: kindW.base64(),
      colour: colourW.base64(),
      added,
    },
    pairs: { count: pairs.count, part: pairs.part, perUpper: perUpperW.base64(), lower: lowerW.base64() },
    steps: {
      count: steps.length,
      layer: stepLayerW.base64(),
      blocks: stepBlocksW.base64(),
      hanging,
      holdUntil,
      ...(supportUntil.length > 0 ? { supportUntil } : {}),
      ...(stepPairs !== undefined ? { pairs: stepPairs } : {}),
    },
    billOfMaterials: kit.billOfMaterials,
    metrics: kit.metrics,
  };
}

/** The kit file's text: the compact document as JSON. */
export function serialiseKit(kit: BlockKit): string {
  return JSON.stringify(encodeKit(kit));
}

/** Each step's pairs by the rule: a pair goes in with the later step of its two blocks, ids ascending. */
function pairsByRule(pairs: KitPairs, stepOf: Int32Array, stepCount: number): number[][] {
  const out: number[][] = Array.from({ length: stepCount }, () => []);
  for (let k = 0; k < pairs.count; k++) {
    const s = Math.max(stepOf[pairs.lower[k]!] ?? -1, stepOf[pairs.upper[k]!] ?? -1);
    if (s >= 0) out[s]!.push(k);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading.

/** A stored kit of any version (1, 2 or 3), parsed from its JSON text, as the in-memory kit. */
export function parseKit(text: string): BlockKit {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new KitFormatError('The kit file is not JSON.');
  }
  return decodeKit(value);
}

/**
 * A stored kit document of any version as the in-memory kit (the version 2 shape): version 3 is
 * expanded; version 2 is returned as it is; version 1 (one fastener entry per pin) is read into
 * pairs with counts and steps with pin counts. Throws KitFormatError on anything else.
 */
export function decodeKit(value: unknown): BlockKit {
  const doc = value as { version?: unknown } | null;
  if (!doc || typeof doc !== 'object' || typeof doc.version !== 'string')
    throw new KitFormatError('The kit file is not a block kit.');
  if (doc.version === COMPACT_KIT_VERSION) return decodeCompact(value as CompactKitDocument);
  if (doc.version === BLOCK_KIT_VERSION) return fromVersion2(checkedExpanded(value as StoredKitV2));
  if (doc.version === 'kitwright.blockkit/1')
    return fromVersion2(fromVersion1(checkedExpanded(value as StoredKitV2)));
  throw new KitFormatError(`The kit file's version ${doc.version} is not one this code reads.`);
}

/** A stored version 2 kit: the in-memory kit with one object per pinned pair. */
export type StoredKitV2 = Omit<BlockKit, 'pairs'> & { fasteners: KitFastener[] };

/** The stored version 2 form of a kit (what the server stored before version 3; for tests and tools). */
export function toVersion2(kit: BlockKit): StoredKitV2 {
  const { pairs, ...rest } = kit;
  const fasteners: KitFastener[] = [];
  for (let k = 0; k < pairs.count; k++) {
    const upper = pairs.upper[k]!;
    fasteners.push({
      id: k,
      part: pairs.part,
      layer: kit.blocks[upper]?.layer ?? 0,
      joins: [pairs.lower[k]!, upper],
      count: pairs.pins[k]!,
    });
  }
  return { ...rest, fasteners };
}

function checkedExpanded(kit: StoredKitV2): StoredKitV2 {
  if (!Array.isArray(kit.blocks) || !Array.isArray(kit.steps) || !Array.isArray(kit.fasteners))
    throw new KitFormatError('The kit file has no blocks, fasteners or steps.');
  if (!kit.metrics || typeof kit.metrics !== 'object' || !kit.billOfMaterials)
    throw new KitFormatError('The kit file has no metrics or bill of materials.');
  return kit;
}

/** Version 2: an object per pair becomes columns; steps name pairs by position. */
function fromVersion2(stored: StoredKitV2): BlockKit {
  const { fasteners, ...rest } = stored;
  const pairs = createKitPairs(fasteners.length, fasteners[0]?.part ?? 'pin');
  const indexOf = new Map<number, number>();
  fasteners.forEach((f, k) => {
    const joins = Array.isArray(f?.joins) ? f.joins : [];
    if (!(Number.isInteger(joins[0]) && Number.isInteger(joins[1]) && Number.isInteger(f.count)))
      throw new KitFormatError(`Pair ${k} of the kit does not name its blocks and pins.`);
    pairs.lower[k] = joins[0]!;
    pairs.upper[k] = joins[1]!;
    pairs.pins[k] = f.count;
    indexOf.set(f.id, k);
  });
  const steps = stored.steps.map((step) => ({
    ...step,
    fastenerIds: (step.fastenerIds ?? []).map((id) => {
      const k = indexOf.get(id);
      if (k === undefined)
        throw new KitFormatError(`Step ${step.step} names pair ${id}, which the kit lacks.`);
      return k;
    }),
  }));
  return { ...rest, version: BLOCK_KIT_VERSION, pairs, steps };
}

interface Version1Fastener {
  id: number;
  part: FastenerPartId;
  layer: number;
  joins: [number, number];
}

/** Version 1: one fastener entry per pin. Pins joining the same pair become one pair with a count. */
function fromVersion1(kit: StoredKitV2): StoredKitV2 {
  const pins = kit.fasteners as unknown as Version1Fastener[];
  const pairOf = new Map<string, number>();
  const pinToPair = new Map<number, number>();
  const fasteners: KitFastener[] = [];
  for (const pin of pins) {
    if (!Array.isArray(pin?.joins)) throw new KitFormatError('A version 1 pin has no blocks it joins.');
    const key = `${pin.joins[0]}|${pin.joins[1]}`;
    let id = pairOf.get(key);
    if (id === undefined) {
      id = fasteners.length;
      pairOf.set(key, id);
      fasteners.push({ id, part: pin.part, layer: pin.layer, joins: [pin.joins[0], pin.joins[1]], count: 0 });
    }
    fasteners[id]!.count++;
    pinToPair.set(pin.id, id);
  }
  const steps: BuildStep[] = kit.steps.map((step) => {
    const ids: number[] = [];
    for (const pinId of step.fastenerIds ?? []) {
      const pair = pinToPair.get(pinId);
      if (pair === undefined)
        throw new KitFormatError(`Step ${step.step} names pin ${pinId}, which the kit lacks.`);
      if (!ids.includes(pair)) ids.push(pair);
    }
    return { ...step, fastenerIds: ids, pinCount: step.pinCount ?? (step.fastenerIds ?? []).length };
  });
  return { ...kit, version: BLOCK_KIT_VERSION, fasteners, steps };
}

function count(value: unknown, what: string): number {
  if (!(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ITEMS))
    throw new KitFormatError(`The kit's ${what} count is not a count.`);
  return value as number;
}

function stream(value: unknown, name: string): ByteReader {
  if (typeof value !== 'string') throw new KitFormatError(`The kit's ${name} stream is missing.`);
  return new ByteReader(fromBase64(value, name), name);
}

function decodeCompact(doc: CompactKitDocument): BlockKit {
  if (!doc.blocks || !doc.pairs || !doc.steps || !doc.metrics || !doc.billOfMaterials)
    throw new KitFormatError('The kit file lacks blocks, pairs, steps, metrics or a bill of materials.');
  const n = count(doc.blocks.count, 'block');
  const kinds = doc.blocks.kinds;
  const colours = doc.blocks.colours;
  if (!Array.isArray(kinds) || !Array.isArray(colours))
    throw new KitFormatError('The kit lacks its block kinds.');
  const addedIds = new Set<number>(Array.isArray(doc.blocks.added) ? doc.blocks.added : []);
  const layerR = stream(doc.blocks.layer, 'layer');
  const yR = stream(doc.blocks.y, 'y');
  const xR = stream(doc.blocks.x, 'x');
  const kindR = stream(doc.blocks.kind, 'kind');
  const colourR = stream(doc.blocks.colour, 'colour');
  const blocks: KitBlock[] = new Array(n);
  let x = 0;
  let y = 0;
  let layer = 0;
  for (let i = 0; i < n; i++) {
    layer += layerR.int();
    y += yR.int();
    x += xR.int();
    const kind = kinds[kindR.uint()];
    const colour = colours[colourR.uint()];
    if (!kind || colour === undefined)
      throw new KitFormatError(`Block ${i} names a kind or colour the kit lacks.`);
    blocks[i] = {
      id: i,
      part: kind.part,
      colour,
      x,
      y,
      layer,
      orientation: kind.orientation,
      size: { x: kind.size[0], y: kind.size[1] },
      ...(addedIds.has(i) ? { added: true as const } : {}),
    };
  }
  for (const r of [layerR, yR, xR, kindR, colourR]) r.end();

  const pairCount = count(doc.pairs.count, 'pair');
  const part = doc.pairs.part;
  const perUpperR = stream(doc.pairs.perUpper, 'perUpper');
  const lowerR = stream(doc.pairs.lower, 'lower');
  const pairs = createKitPairs(pairCount, part);
  let k = 0;
  for (let upper = 0; upper < n; upper++) {
    const m = perUpperR.uint();
    for (let j = 0; j < m; j++) {
      if (k >= pairCount) throw new KitFormatError('The kit lists more pairs than it counts.');
      const code = lowerR.uint();
      const lower = upper - Math.floor(code / 4);
      let pins = (code % 4) + 1;
      if (pins === 4) pins += lowerR.uint();
      if (lower < 0 || lower >= upper || pins > 0x7fffffff)
        throw new KitFormatError(`Pair ${k} joins a block the kit lacks.`);
      pairs.lower[k] = lower;
      pairs.upper[k] = upper;
      pairs.pins[k] = pins;
      k++;
    }
  }
  if (k !== pairCount) throw new KitFormatError('The kit lists fewer pairs than it counts.');
  perUpperR.end();
  lowerR.end();

  const stepCount = count(doc.steps.count, 'step');
  const stepLayerR = stream(doc.steps.layer, 'step layer');
  const stepBlocksR = stream(doc.steps.blocks, 'step blocks');
  const hanging = new Set<number>(Array.isArray(doc.steps.hanging) ? doc.steps.hanging : []);
  const holdUntil = new Map<number, number>(Array.isArray(doc.steps.holdUntil) ? doc.steps.holdUntil : []);
  const supportUntil = new Map<number, { until: number; blockIds: number[] }>();
  for (const entry of Array.isArray(doc.steps.supportUntil) ? doc.steps.supportUntil : []) {
    const [s, until, ids] = Array.isArray(entry) ? entry : [];
    if (
      !(Number.isInteger(s) && s! >= 0 && s! < stepCount) ||
      !(Number.isInteger(until) && until! >= 1 && until! <= stepCount) ||
      !Array.isArray(ids) ||
      ids.some((id) => !(Number.isInteger(id) && id >= 0 && id < n))
    )
      throw new KitFormatError('A step says to prop a block or until a step the kit lacks.');
    supportUntil.set(s!, { until: until!, blockIds: [...ids] });
  }
  const stepOf = new Int32Array(n).fill(-1);
  const blockIds: number[][] = [];
  const layers: number[] = [];
  let stepLayer = 0;
  for (let s = 0; s < stepCount; s++) {
    stepLayer += stepLayerR.int();
    layers.push(stepLayer);
    const runs = stepBlocksR.uint();
    const ids: number[] = [];
    let end = 0;
    for (let r = 0; r < runs; r++) {
      const start = end + stepBlocksR.uint();
      const length = stepBlocksR.uint();
      if (start + length > n) throw new KitFormatError(`Step ${s + 1} places a block the kit lacks.`);
      for (let id = start; id < start + length; id++) {
        if (stepOf[id] !== -1) throw new KitFormatError(`Step ${s + 1} places block ${id} twice.`);
        stepOf[id] = s;
        ids.push(id);
      }
      end = start + length;
    }
    blockIds.push(ids);
  }
  stepLayerR.end();
  stepBlocksR.end();
  let pairsOfStep: number[][];
  if (doc.steps.pairs !== undefined) {
    const r = stream(doc.steps.pairs, 'step pairs');
    pairsOfStep = [];
    for (let s = 0; s < stepCount; s++) {
      const m = r.uint();
      const ids: number[] = [];
      let id = 0;
      for (let j = 0; j < m; j++) {
        id = j === 0 ? r.uint() : id + r.uint();
        if (id >= pairCount) throw new KitFormatError(`Step ${s + 1} names a pair the kit lacks.`);
        ids.push(id);
      }
      pairsOfStep.push(ids);
    }
    r.end();
  } else pairsOfStep = pairsByRule(pairs, stepOf, stepCount);

  const steps: BuildStep[] = new Array(stepCount);
  for (let s = 0; s < stepCount; s++) {
    const ids = pairsOfStep[s]!;
    let pins = 0;
    for (const id of ids) pins += pairs.pins[id]!;
    const hold = holdUntil.get(s);
    const support = supportUntil.get(s);
    steps[s] = {
      step: s + 1,
      layer: layers[s]!,
      fastenerIds: ids,
      pinCount: pins,
      blockIds: blockIds[s]!,
      ...(hanging.has(s) ? { hanging: true as const } : {}),
      ...(hold !== undefined ? { holdUntilStep: hold } : {}),
      ...(support !== undefined
        ? { supportUntilStep: support.until, supportBlockIds: support.blockIds }
        : {}),
    };
  }
  const billOfMaterials: BlockKit['billOfMaterials'] = {
    blocks: doc.billOfMaterials.blocks as BillOfMaterialsLine[],
    fasteners: doc.billOfMaterials.fasteners,
  };
  return {
    version: BLOCK_KIT_VERSION,
    generator: doc.generator,
    units: doc.units,
    blocks,
    pairs,
    billOfMaterials,
    steps,
    metrics: doc.metrics,
  };
}
