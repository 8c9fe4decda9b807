// The stored kit (kitwright.blockkit/3): every kit reads back exactly as it was written, over
// generated kits and their variations (pin counts up to 9, hanging and held steps, steps whose
// pairs do not follow the rule); stored version 1 and 2 kits stay readable; the document grows with
// the blocks and pairs, never with one object per pin; broken documents are refused with a reason.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import {
  type BlockKit,
  buildBlockKit,
  COMPACT_KIT_VERSION,
  createVoxelGrid,
  decodeKit,
  encodeKit,
  KitFormatError,
  parseKit,
  runMeshPipeline,
  serialiseKit,
  toVersion2,
  type VoxelGrid,
  validateBuild,
} from '../src/index';
import { fromBase64, toBase64 } from '../src/kit/kit-codec';
import { createRandom, randomInt } from './helpers/prng';

const require = createRequire(import.meta.url);

/** Arbitrary noise in up to 4 colours: loose groups, hanging steps and held steps all occur. */
function randomGrid(seed: number): VoxelGrid {
  const random = createRandom(seed);
  const nx = randomInt(random, 1, 16);
  const ny = randomInt(random, 1, 16);
  const nz = randomInt(random, 1, 10);
  const grid = createVoxelGrid(nx, ny, nz);
  const density = 0.2 + random() * 0.75;
  for (let i = 0; i < grid.cells.length; i++) if (random() < density) grid.cells[i] = randomInt(random, 1, 4);
  return grid;
}

/** A kit varied the ways a stored kit may differ from a fresh one, keeping its own totals consistent. */
function varied(kit: BlockKit, seed: number): BlockKit {
  const random = createRandom(seed * 7919);
  const copy = structuredClone(kit);
  for (let k = 0; k < copy.pairs.count; k++) if (random() < 0.3) copy.pairs.pins[k] = randomInt(random, 1, 9);
  for (const step of copy.steps) {
    if (random() < 0.2) step.hanging = true;
    if (random() < 0.2) step.holdUntilStep = randomInt(random, step.step, copy.steps.length);
    if (random() < 0.15 && copy.blocks.length > 0) {
      step.supportUntilStep = randomInt(random, step.step, copy.steps.length);
      step.supportBlockIds = Array.from({ length: randomInt(random, 0, 8) }, () =>
        randomInt(random, 0, copy.blocks.length - 1),
      );
    }
  }
  // Move a pair to the step after the rule's one (a kit whose steps list pairs explicitly).
  if (random() < 0.4 && copy.steps.length > 1) {
    const from = copy.steps.find((s, i) => s.fastenerIds.length > 0 && i + 1 < copy.steps.length);
    if (from) {
      const id = from.fastenerIds.pop()!;
      const to = copy.steps[from.step]!;
      to.fastenerIds = [...to.fastenerIds, id].sort((a, b) => a - b);
    }
  }
  for (const step of copy.steps)
    step.pinCount = step.fastenerIds.reduce((n, id) => n + copy.pairs.pins[id]!, 0);
  if (random() < 0.3 && copy.blocks.length > 0)
    copy.blocks[randomInt(random, 0, copy.blocks.length - 1)]!.added = true;
  return copy;
}

describe('compact kit document (v3)', () => {
  it('reads back every generated kit exactly, with its variations', () => {
    let explicitSteps = 0;
    let bigCounts = 0;
    let hanging = 0;
    let propped = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const kit = buildBlockKit(randomGrid(seed));
      for (const candidate of [kit, varied(kit, seed)]) {
        const text = serialiseKit(candidate);
        const doc = JSON.parse(text);
        expect(doc.version).toBe(COMPACT_KIT_VERSION);
        expect(parseKit(text), `seed ${seed}`).toStrictEqual(candidate);
        if (doc.steps.pairs !== undefined) explicitSteps++;
        if (candidate.pairs.pins.some((pins) => pins >= 4)) bigCounts++;
        if (candidate.steps.some((s) => s.hanging)) hanging++;
        if (candidate.steps.some((s) => s.supportUntilStep !== undefined)) {
          propped++;
          expect(doc.steps.supportUntil, `seed ${seed}`).toBeDefined();
        } else expect(doc.steps.supportUntil, `seed ${seed}`).toBeUndefined();
      }
      // A fresh kit's steps follow the rule: their pairs are not stored.
      expect(encodeKit(kit).steps.pairs, `seed ${seed}`).toBeUndefined();
    }
    // The generator reached the cases it is meant to reach.
    expect(explicitSteps).toBeGreaterThan(5);
    expect(bigCounts).toBeGreaterThan(20);
    expect(hanging).toBeGreaterThan(20);
    expect(propped).toBeGreaterThan(20);
  });

  it('writes the same bytes for the same input', () => {
    const a = serialiseKit(buildBlockKit(randomGrid(11)));
    const b = serialiseKit(buildBlockKit(randomGrid(11)));
    expect(a).toBe(b);
  });

  it('base64 agrees with Node for every length and byte', () => {
    const random = createRandom(5);
    for (let length = 0; length < 200; length++) {
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i++) bytes[i] = randomInt(random, 0, 255);
      const text = toBase64(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64'));
      expect(fromBase64(text)).toEqual(bytes);
    }
  });

  it('stores a mid-size model as pairs with counts, not per pin, at a fraction of the expanded kit', async () => {
    const bytes = new Uint8Array(readFileSync(require.resolve('stl-models/objects/bunny.bin.stl')));
    const outcome = await runMeshPipeline(bytes, { size: 64, up: 'y' });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const kit = outcome.kit;
    const text = serialiseKit(kit);
    const doc = JSON.parse(text);
    // No object per block, pair or pin: the columns are strings.
    expect(text).not.toContain('"joins"');
    expect(text).not.toContain('"orientation":0,"size":{');
    for (const column of ['layer', 'x', 'y', 'kind', 'colour'])
      expect(typeof doc.blocks[column]).toBe('string');
    expect(doc.pairs.count).toBe(kit.pairs.count);
    expect(kit.metrics.fastenerCount).toBeGreaterThan(doc.pairs.count);
    // Bytes per pair and per block stay small (varints: 1–3 bytes; base64 adds a third).
    expect(fromBase64(doc.pairs.lower).length).toBeLessThanOrEqual(3 * doc.pairs.count);
    expect(text.length).toBeLessThan(16 * (kit.blocks.length + kit.pairs.count) + 20_000);
    // At most an eighth of the same kit stored as version 2 (an object per block and per pair).
    expect(text.length * 8).toBeLessThan(JSON.stringify(toVersion2(kit)).length);
    expect(parseKit(text)).toStrictEqual(kit);
  });

  it('reads stored version 2 kits (an object per pair) into the same kit', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const kit = buildBlockKit(randomGrid(seed));
      const stored = JSON.stringify(toVersion2(kit));
      expect(JSON.parse(stored).version).toBe('kitwright.blockkit/2');
      expect(JSON.parse(stored).fasteners).toHaveLength(kit.pairs.count);
      expect(parseKit(stored), `seed ${seed}`).toStrictEqual(kit);
    }
  });

  it('reads a stored version 1 kit (one entry per pin) as pairs with counts', () => {
    // Written by the mesher before version 2 (commit 58c8b83^): six pins in three pairs.
    const text = readFileSync(new URL('./fixtures/kit-v1.json', import.meta.url), 'utf8');
    const kit = parseKit(text);
    expect(kit.pairs.count).toBe(3);
    expect([...kit.pairs.lower]).toEqual([0, 1, 2]);
    expect([...kit.pairs.upper]).toEqual([1, 2, 3]);
    expect([...kit.pairs.pins]).toEqual([2, 2, 2]);
    expect(kit.steps.map((s) => s.pinCount)).toEqual([0, 2, 2, 2, 0]);
    expect(kit.steps.map((s) => s.fastenerIds)).toEqual([[], [0], [1], [2], []]);
    expect(kit.blocks).toHaveLength(5);
    // The validator reads it: the pins agree with the blocks, and it still has its loose block.
    const report = validateBuild(kit, { useCase: 'decorative' });
    expect(report.problems.map((p) => p.code)).not.toContain('PINS_MISMATCH');
    expect(report.checks.overlap.ok).toBe(true);
    // Written again it is a version 3 document that reads back the same.
    expect(parseKit(serialiseKit(kit))).toStrictEqual(kit);
  });

  it('refuses documents it cannot read, with a reason', () => {
    const doc = encodeKit(buildBlockKit(randomGrid(4)));
    const broken = (change: (d: ReturnType<typeof structuredClone<typeof doc>>) => void) => {
      const d = structuredClone(doc);
      change(d);
      return () => decodeKit(d);
    };
    expect(() => decodeKit(null)).toThrow(KitFormatError);
    expect(() => decodeKit({ version: 'kitwright.blockkit/9' })).toThrow(/version/);
    expect(() => parseKit('{')).toThrow(KitFormatError);
    expect(broken((d) => (d.blocks.x = d.blocks.x.slice(0, 4)))).toThrow(KitFormatError);
    expect(broken((d) => (d.blocks.count += 1))).toThrow(/ends early/);
    expect(broken((d) => (d.pairs.count += 1))).toThrow(/fewer pairs/);
    expect(broken((d) => (d.blocks.kind = '*'.repeat(8)))).toThrow(/base64/);
    expect(broken((d) => (d.steps.count = -1))).toThrow(/count/);
    expect(broken((d) => (d.steps.supportUntil = [[0, d.steps.count + 1, []]]))).toThrow(/prop/);
    expect(broken((d) => (d.steps.supportUntil = [[0, 1, [d.blocks.count]]]))).toThrow(/prop/);
  });
});
