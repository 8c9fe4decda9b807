// Property tests over seeded random voxel shapes: the kit covers the voxels exactly with no
// overlap, the validator agrees, and buildable-by-construction shapes come out as one piece.

import { describe, expect, it } from 'vitest';
import { pairIndex, pinsBetween, readKitStructure, readPinnedPairs } from '../src/build/kit-structure';
import {
  buildBlockKit,
  createVoxelGrid,
  parseKit,
  serialiseKit,
  type VoxelGrid,
  validateBuild,
} from '../src/index';
import { pairList, withPairs } from './helpers/pairs';
import { createRandom, randomInt } from './helpers/prng';

/** Random unions of boxes at least two layers thick, resting on each other or the ground. */
function randomStack(seed: number, colours: number): VoxelGrid {
  const random = createRandom(seed);
  const nx = randomInt(random, 4, 20);
  const ny = randomInt(random, 4, 20);
  const nz = randomInt(random, 3, 16);
  const grid = createVoxelGrid(nx, ny, nz);
  const set = (x: number, y: number, z: number, c: number) => {
    grid.cells[x + nx * (y + ny * z)] = c;
  };
  // A ground slab, then boxes each overlapping the cells below them.
  let z = 0;
  let box = { x: 0, y: 0, w: nx, d: ny };
  while (z < nz) {
    const thickness = Math.min(nz - z, randomInt(random, 2, 4));
    const colour = randomInt(random, 1, colours);
    for (let k = 0; k < thickness; k++) {
      for (let y = box.y; y < box.y + box.d; y++)
        for (let x = box.x; x < box.x + box.w; x++) set(x, y, z + k, colour);
    }
    z += thickness;
    const w = randomInt(random, 1, box.w);
    const d = randomInt(random, 1, box.d);
    box = { x: box.x + randomInt(random, 0, box.w - w), y: box.y + randomInt(random, 0, box.d - d), w, d };
  }
  return grid;
}

/** Arbitrary noise: any cell may be filled, so the shape may fall apart. */
function randomNoise(seed: number): VoxelGrid {
  const random = createRandom(seed);
  const nx = randomInt(random, 2, 14);
  const ny = randomInt(random, 2, 14);
  const nz = randomInt(random, 1, 8);
  const grid = createVoxelGrid(nx, ny, nz);
  const density = 0.3 + random() * 0.6;
  for (let i = 0; i < grid.cells.length; i++) if (random() < density) grid.cells[i] = randomInt(random, 1, 3);
  return grid;
}

describe('block kit properties', () => {
  it('covers random noise exactly without overlap, and the validator agrees with the kit', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const grid = randomNoise(seed);
      const kit = buildBlockKit(grid);
      const report = validateBuild(kit, { useCase: 'decorative', grid });
      expect(report.checks.overlap.ok, `seed ${seed}`).toBe(true);
      expect(report.checks.cover, `seed ${seed}`).toMatchObject({
        ok: true,
        missingCells: 0,
        extraCells: 0,
        colourMismatches: 0,
      });
      expect(report.checks.connected.components, `seed ${seed}`).toBe(kit.metrics.components);
      if (kit.metrics.components > 1) {
        expect(report.problems.map((p) => p.code)).toContain('DISCONNECTED');
        expect(report.checks.connected.detachedGroups.length).toBeGreaterThan(0);
        expect(report.checks.connected.detachedGroups.every((g) => g.reason.length > 0)).toBe(true);
      }
    }
  });

  it('builds stacked shapes as one connected, stable kit with far fewer parts than 1×1 blocks', () => {
    for (let seed = 100; seed < 160; seed++) {
      const grid = randomStack(seed, seed % 3 === 0 ? 2 : 1);
      const kit = buildBlockKit(grid);
      const report = validateBuild(kit, { useCase: 'free_standing', grid });
      expect(report.checks.overlap.ok, `seed ${seed}`).toBe(true);
      expect(report.checks.cover.ok, `seed ${seed}`).toBe(true);
      expect(kit.metrics.components, `seed ${seed}`).toBe(1);
      expect(report.buildable, `seed ${seed}: ${report.problems.map((p) => p.message).join(' ')}`).toBe(true);
      expect(kit.metrics.partCount).toBeLessThan(kit.metrics.baselineCount);
    }
  });

  it('catches an overlap or a gap planted in a kit', () => {
    const grid = randomStack(7, 1);
    const kit = buildBlockKit(grid);
    const first = kit.blocks[0]!;
    const overlapping = { ...kit, blocks: [...kit.blocks, { ...first, id: kit.blocks.length }] };
    const overlapReport = validateBuild(overlapping, { useCase: 'decorative', grid });
    expect(overlapReport.checks.overlap.ok).toBe(false);
    expect(overlapReport.problems.map((p) => p.code)).toContain('BLOCKS_OVERLAP');
    const gappy = { ...kit, blocks: kit.blocks.slice(1) };
    const gapReport = validateBuild(gappy, { useCase: 'decorative', grid });
    expect(gapReport.checks.cover.missingCells).toBe(first.size.x * first.size.y);
    expect(gapReport.buildable).toBe(false);
  });

  it('writes a self-consistent kit document', () => {
    const grid = randomStack(42, 2);
    const kit = buildBlockKit(grid);
    expect(kit.version).toBe('kitwright.blockkit/2');
    expect(parseKit(serialiseKit(kit))).toStrictEqual(kit);
    expect(kit.billOfMaterials.blocks.reduce((n, l) => n + l.count, 0)).toBe(kit.blocks.length);
    expect(kit.steps.flatMap((s) => s.blockIds).sort((a, b) => a - b)).toEqual(kit.blocks.map((b) => b.id));
    const ids = new Set(kit.blocks.map((b) => b.id));
    for (const pin of pairList(kit)) {
      const [lower, upper] = pin.joins;
      expect(ids.has(lower) && ids.has(upper)).toBe(true);
      expect(kit.blocks[upper]!.layer).toBe(kit.blocks[lower]!.layer + 1);
      expect(pin.layer).toBe(kit.blocks[upper]!.layer);
    }
  });

  it('lists each stacked pair once with the pins its shared cells take, and the validator checks it', () => {
    const grid = randomStack(7, 3);
    const kit = buildBlockKit(grid);
    // The pairs, recomputed here from the blocks' footprints: one pin for one shared cell, two for more.
    const shared = new Map<string, number>();
    for (const upper of kit.blocks) {
      for (const lower of kit.blocks) {
        if (lower.layer !== upper.layer - 1) continue;
        const w = Math.min(lower.x + lower.size.x, upper.x + upper.size.x) - Math.max(lower.x, upper.x);
        const h = Math.min(lower.y + lower.size.y, upper.y + upper.size.y) - Math.max(lower.y, upper.y);
        if (w > 0 && h > 0) shared.set(`${lower.id}-${upper.id}`, w * h);
      }
    }
    expect(shared.size).toBeGreaterThan(10);
    expect(kit.pairs.count).toBe(shared.size);
    expect([...shared.values()].some((n) => n > 1) && [...shared.values()].some((n) => n === 1)).toBe(true);
    let pins = 0;
    for (const f of pairList(kit)) {
      const cells = shared.get(`${f.joins[0]}-${f.joins[1]}`);
      expect(cells).toBeDefined();
      expect(f.count).toBe(cells === 1 ? 1 : 2);
      pins += f.count;
    }
    expect(kit.metrics.fastenerCount).toBe(pins);
    expect(kit.billOfMaterials.fasteners).toEqual([{ part: 'pin', count: pins }]);

    // The helper for pins per joint reads the same pairs back from the blocks alone.
    const pairs = readPinnedPairs(kit, readKitStructure(kit));
    expect(pairs.count).toBe(shared.size);
    expect(pairs.totalPins).toBe(pins);
    for (const f of pairList(kit)) {
      expect(pinsBetween(pairs, f.joins[0], f.joins[1])).toBe(f.count);
      expect(pairs.overlapCells[pairIndex(pairs, f.joins[0], f.joins[1])]).toBe(
        shared.get(`${f.joins[0]}-${f.joins[1]}`),
      );
      expect(pinsBetween(pairs, f.joins[1], f.joins[0])).toBe(0);
    }
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    expect(report.checks.pins).toMatchObject({ ok: true, pairs: shared.size, pins });
    expect(report.problems.map((p) => p.code)).not.toContain('PINS_MISMATCH');
    const twoPins = pairList(kit).findIndex((f) => f.count === 2);
    const wrong = withPairs(
      kit,
      pairList(kit).map((f, i) => (i === twoPins ? { ...f, count: 1 } : f)),
    );
    const wrongReport = validateBuild(wrong, { useCase: 'decorative', grid });
    expect(wrongReport.checks.pins).toMatchObject({
      ok: false,
      wrongCounts: 1,
      missingPairs: 0,
      extraEntries: 0,
    });
    expect(wrongReport.problems.map((p) => p.code)).toContain('PINS_MISMATCH');
    expect(wrongReport.buildable).toBe(false);
    const missing = withPairs(kit, pairList(kit).slice(1));
    expect(validateBuild(missing, { useCase: 'decorative', grid }).checks.pins).toMatchObject({
      ok: false,
      missingPairs: 1,
    });
    const doubled = withPairs(kit, [...pairList(kit), pairList(kit)[0]!]);
    expect(validateBuild(doubled, { useCase: 'decorative', grid }).checks.pins).toMatchObject({
      ok: false,
      extraEntries: 1,
    });
  });
});
