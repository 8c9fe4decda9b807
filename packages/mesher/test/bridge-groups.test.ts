// One piece, always: a group that meets the rest only side by side (a one-layer-thin or differently
// coloured region) is joined by a block added across its border, marked as added in the kit, its
// bill of materials and its preview; a group no single block can reach is reported cell by cell.

import { describe, expect, it } from 'vitest';
import {
  buildBlockKit,
  renderPreviewSvg,
  runMeshPipeline,
  type VoxelGrid,
  validateBuild,
} from '../src/index';
import { gridFrom } from './helpers/grid-from';
import { binaryStl, box } from './helpers/model-fixtures';
import { pairList } from './helpers/pairs';

/** A 2×2 tower three layers high (colour 1) and, beside its top layer, a one-layer 4×2 plate of colour 2. */
function towerWithPlate(): VoxelGrid {
  const grid = gridFrom(6, 2, 4, (x, _y, z) => (x < 2 && z <= 2) || (x >= 2 && z === 2));
  for (let z = 0; z < 4; z++)
    for (let y = 0; y < 2; y++) for (let x = 2; x < 6; x++) if (z === 2) grid.cells[x + 6 * (y + 2 * z)] = 2;
  return grid;
}

describe('bridging loose groups', () => {
  it('without bridging the plate is a loose group: no block of the model can span a colour border', () => {
    const kit = buildBlockKit(towerWithPlate(), { bridge: false });
    expect(kit.metrics.components).toBe(2);
    expect(kit.metrics.addedBlockCount).toBe(0);
  });

  it('adds one block across the border, above it, and the kit is one buildable piece', () => {
    const grid = towerWithPlate();
    const kit = buildBlockKit(grid);
    expect(kit.metrics.components).toBe(1);
    const added = kit.blocks.filter((b) => b.added);
    expect(added).toHaveLength(1);
    const [bridge] = added;
    // On empty cells of the layer above the plate, reaching the tower's top (x = 1) and the plate (x = 2).
    expect(bridge!.layer).toBe(3);
    expect(bridge!.x).toBeLessThanOrEqual(1);
    expect(bridge!.x + bridge!.size.x).toBeGreaterThanOrEqual(3);
    expect(kit.metrics.addedBlockCount).toBe(1);
    // Pinned to both groups.
    const joins = pairList(kit)
      .filter((f) => f.joins[1] === bridge!.id)
      .map((f) => kit.blocks[f.joins[0]]!);
    expect(new Set(joins.map((b) => b.colour)).size).toBe(2);

    // The bill of materials lists it on a line of its own, after the model's blocks.
    const lines = kit.billOfMaterials.blocks;
    expect(lines.at(-1)).toMatchObject({ part: bridge!.part, count: 1, added: true });
    expect(lines.filter((l) => l.added)).toHaveLength(1);

    // The validator accepts it against the voxels: the added block covers no cell of the model.
    const report = validateBuild(kit, { useCase: 'free_standing', grid });
    expect(report.checks.cover).toMatchObject({ ok: true, missingCells: 0, extraCells: 0 });
    expect(report.checks.connected.ok).toBe(true);
    expect(report.problems.map((p) => p.code)).not.toContain('DISCONNECTED');
    // The plate hangs from the added block, which rests on the tower: placed before the plate.
    const stepOf = new Map(kit.steps.flatMap((s) => s.blockIds.map((id) => [id, s.step] as const)));
    for (const plate of kit.blocks.filter((b) => b.layer === 2 && b.x >= 2))
      expect(stepOf.get(plate.id)!).toBeGreaterThan(stepOf.get(bridge!.id)!);

    // The preview draws it apart (dashed outline).
    expect(renderPreviewSvg(kit)).toContain('data-added="true"');
  });

  it('keeps the added block and what it joins through the speck trimming (the layout counts its joints)', async () => {
    const { kitFromLayout, layOutBlocks } = await import('../src/kit/build-block-kit');
    const { trimSpeckBlocks, SPECK_CELLS } = await import('../src/kit/trim-detached-specks');
    const grid = towerWithPlate();
    // The plate alone (8 cells) is small enough to be trimmed as a speck, were it still loose.
    expect(SPECK_CELLS).toBeGreaterThanOrEqual(8);
    const layout = layOutBlocks(grid);
    expect(layout.components().count).toBe(1);
    expect(trimSpeckBlocks(layout, grid)).toBeNull();
    const kit = kitFromLayout(layout, grid);
    expect(kit.metrics).toMatchObject({ components: 1, addedBlockCount: 1 });
  });

  it('an added block covering a cell of the model is a cover error', () => {
    const grid = towerWithPlate();
    const kit = buildBlockKit(grid);
    const tampered = structuredClone(kit);
    // Mark one of the model's own blocks as added: its cells are now uncovered model cells.
    tampered.blocks[0]!.added = true;
    const report = validateBuild(tampered, { useCase: 'free_standing', grid });
    expect(report.checks.cover.ok).toBe(false);
    expect(report.checks.cover.missingCells).toBeGreaterThan(0);
  });

  it('a piece no block can reach is reported with its exact cells', () => {
    // Two towers three cells apart: no single block on empty cells reaches both.
    const grid = gridFrom(6, 1, 3, (x) => x === 0 || x === 5);
    const kit = buildBlockKit(grid);
    expect(kit.metrics.components).toBe(2);
    expect(kit.metrics.addedBlockCount).toBe(0);
    const report = validateBuild(kit, { useCase: 'free_standing', grid });
    const [group] = report.checks.connected.detachedGroups;
    expect(group!.cellList).toEqual([
      { x: 5, y: 0, layer: 0 },
      { x: 5, y: 0, layer: 1 },
      { x: 5, y: 0, layer: 2 },
    ]);
    expect(report.problems.find((p) => p.code === 'DISCONNECTED')!.message).toContain('(5, 0, 0)');
  });

  it('joins the blocks of a one-layer sheet to each other even when the sheet cannot reach the rest', () => {
    // A tower, and four cells away a one-layer sheet 20 cells long on layer 3 (three blocks end to end).
    const grid = gridFrom(26, 1, 6, (x, _y, z) => x < 2 || (x >= 6 && z === 3));
    const loose = buildBlockKit(grid, { compactWorkBudget: 0, bridge: false });
    expect(loose.metrics.components).toBeGreaterThanOrEqual(3);
    const kit = buildBlockKit(grid, { compactWorkBudget: 0 });
    // The sheet is one piece, held by blocks added above its seams; the gap to the tower is reported.
    expect(kit.metrics.components).toBe(2);
    expect(kit.blocks.filter((b) => b.added).every((b) => b.layer === 4)).toBe(true);
    const [group] = validateBuild(kit, { useCase: 'decorative', grid }).checks.connected.detachedGroups;
    expect(group!.cellList[0]).toEqual({ x: 6, y: 0, layer: 3 });
    expect(group!.reason).toContain('does not touch the rest at all');
  });

  it('joins a model one layer thick, a rod lying flat or a plate, with blocks added in a layer above it', () => {
    // Blocks join only by stacking: one layer of blocks side by side is as many pieces as blocks.
    // Each added block joins as many of them as it can: along a rod no block spans more than one
    // seam, so each joins two (the smallest, a 1 × 2); across a plate one block spans eight of its
    // 2 × 8 blocks (issue 48: 15 added 1 × 2 blocks before, nearly half the kit of a plate).
    for (const [name, grid, blocks, bridges, area] of [
      ['rod', gridFrom(32, 1, 1, () => true), 4, 3, [2, 2]],
      ['plate', gridFrom(16, 16, 1, () => true), 16, 2, [12, 16]],
    ] as const) {
      const kit = buildBlockKit(grid);
      const own = kit.blocks.filter((b) => !b.added);
      const added = kit.blocks.filter((b) => b.added);
      expect(own, name).toHaveLength(blocks);
      expect(own.every((b) => b.layer === 0)).toBe(true);
      expect(added, name).toHaveLength(bridges);
      const areas = added.map((b) => b.size.x * b.size.y);
      expect(added.every((b) => b.layer === 1)).toBe(true);
      expect([Math.min(...areas) >= area[0], Math.max(...areas) <= area[1]], name).toEqual([true, true]);
      expect(kit.metrics).toMatchObject({ components: 1, layers: 2 });
      expect(kit.metrics.dimensions.cells.z).toBe(2);
      // The validator reads the kit against the model's own one layer: covered exactly, and the
      // layer above holds only added blocks (one of the model's own there would be a cell too many).
      const report = validateBuild(kit, { useCase: 'decorative', grid });
      expect(report.checks.cover, name).toMatchObject({ ok: true, missingCells: 0, extraCells: 0 });
      const tampered = structuredClone(kit);
      const first = tampered.blocks.find((b) => b.added)!;
      delete first.added;
      expect(validateBuild(tampered, { useCase: 'decorative', grid }).checks.cover).toMatchObject({
        ok: false,
        extraCells: first.size.x * first.size.y,
      });
    }
  });

  it('joins a 3 mm plate with a few added blocks, not half its kit (issue 48)', async () => {
    // A 100 × 80 × 3 mm plate at 32 is one layer of blocks: 51 of its 103 parts were added before.
    const outcome = await runMeshPipeline(binaryStl(box([0, 0, 0], [100, 80, 3])), { size: 32 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    const { metrics } = outcome.kit;
    expect(outcome.voxels.dims[2]).toBe(1);
    expect(metrics.components).toBe(1);
    expect(metrics.addedBlockCount).toBeGreaterThan(0);
    expect(metrics.addedBlockCount!).toBeLessThan(metrics.partCount / 5);
    expect(outcome.buildReport.problems).toEqual([]);
  });

  it('adds no layer to a model one layer thick that one block covers', () => {
    const kit = buildBlockKit(gridFrom(8, 1, 1, () => true));
    expect(kit.blocks).toHaveLength(1);
    expect(kit.metrics).toMatchObject({ components: 1, layers: 1 });
    expect(kit.metrics.dimensions.cells.z).toBe(1);
  });

  it('keeps every cell of a long rod lying flat, through the real pipeline, instead of trimming it to one block', async () => {
    // A 1 × 1 × 200 box: it lies flat (standing, it would tip over), one cell thick at 32.
    const rod = box([0, 0, 0], [1, 1, 200]);
    const outcome = await runMeshPipeline(binaryStl(rod), { size: 32 });
    if (!outcome.ok) throw new Error(outcome.error.message);
    // Before, 24 of its 32 cells were trimmed as specks and the kit was one 1 × 8 block.
    expect(outcome.voxels.trimmedCells).toBe(0);
    expect(outcome.kit.metrics.components).toBe(1);
    const cells = outcome.kit.blocks.filter((b) => !b.added).reduce((n, b) => n + b.size.x * b.size.y, 0);
    expect(cells).toBe(32);
    expect(outcome.buildReport.buildable).toBe(true);
  });

  it('counts the reduction for blocks alone and for all parts, pins included', () => {
    const grid = gridFrom(8, 2, 3, () => true);
    const kit = buildBlockKit(grid);
    const m = kit.metrics;
    // A 1×1 model of 48 cells needs 32 pins (every cell above layer 0 sits on one).
    expect(m.baselineCount).toBe(48);
    expect(m.baselineFastenerCount).toBe(32);
    expect(m.reduction).toBeCloseTo(1 - m.partCount / 48, 10);
    expect(m.reductionWithFasteners).toBeCloseTo(1 - (m.partCount + m.fastenerCount) / 80, 10);
    expect(m.reductionWithFasteners!).toBeLessThan(m.reduction);
  });
});
