// Buildability per block: every block, when its step places it, rests on or hangs from a block
// already placed and joined down to the ground; blocks held from above get a step that says so.

import { describe, expect, it } from 'vitest';
import { type BlockKit, buildBlockKit, validateBuild } from '../src/index';
import { planBuildOrder } from '../src/kit/build-order';
import { gridFrom } from './helpers/grid-from';
import { pairList } from './helpers/pairs';

/**
 * Replays the kit's steps from its own blocks (not the validator's code): a block is supported when
 * it stands on layer 0 or shares a cell, straight above or below, with a block placed earlier and
 * supported itself; it must never go in between blocks already placed above and below it.
 */
function replay(kit: BlockKit) {
  const nx = kit.metrics.dimensions.cells.x;
  const cellsOf = (b: BlockKit['blocks'][number]) => {
    const cells: number[] = [];
    for (let j = 0; j < b.size.y; j++)
      for (let i = 0; i < b.size.x; i++) cells.push(b.x + i + nx * (b.y + j));
    return cells;
  };
  const supportedAt = new Map<string, number>(); // "layer|cell" → block id, for supported blocks
  const byId = new Map(kit.blocks.map((b) => [b.id, b]));
  let midAir = 0;
  let sandwiched = 0;
  let hanging = 0;
  let unmarked = 0;
  for (const step of kit.steps) {
    for (const id of step.blockIds) {
      const b = byId.get(id)!;
      const cells = cellsOf(b);
      const under = cells.some((c) => supportedAt.has(`${b.layer - 1}|${c}`));
      const over = cells.some((c) => supportedAt.has(`${b.layer + 1}|${c}`));
      if (under && over) sandwiched++;
      if (b.layer > 0 && !under) {
        if (over) {
          hanging++;
          if (!step.hanging) unmarked++;
        } else {
          midAir++;
          continue;
        }
      }
      for (const c of cells) supportedAt.set(`${b.layer}|${c}`, id);
    }
  }
  return { midAir, sandwiched, hanging, unmarked, placed: kit.steps.flatMap((s) => s.blockIds).length };
}

const T_SHAPE = () => gridFrom(24, 2, 12, (x, _y, z) => (z < 10 ? x >= 11 && x < 13 : true));

describe('build order', () => {
  it('builds an inverted cone from its tip with no block in mid-air', () => {
    // Radius 1.5 at the tip, growing by a third of a cell a layer to 6.5 at the top.
    const n = 16;
    const grid = gridFrom(n, n, 16, (x, y, z) => Math.hypot(x + 0.5 - n / 2, y + 0.5 - n / 2) <= 1.5 + z / 3);
    const kit = buildBlockKit(grid);
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    expect(report.checks.connected.ok).toBe(true);
    const replayed = replay(kit);
    expect(replayed.placed).toBe(kit.blocks.length);
    expect(replayed.midAir).toBe(0);
    expect(replayed.sandwiched).toBe(0);
    expect(replayed.unmarked).toBe(0);
    // The cone widens upwards: its outer blocks have nothing under them and hang from the layer above.
    expect(replayed.hanging).toBeGreaterThan(0);
    expect(report.stability.buildOrder).toMatchObject({ ok: true, unsupportedBlockCount: 0 });
    expect(report.stability.buildOrder.hangingBlockCount).toBe(replayed.hanging);
    expect(report.problems.map((p) => p.code)).not.toContain('UNSUPPORTED_BLOCKS');
  });

  it('places a T-shape cross-bar after its post, the overhanging blocks held from above', () => {
    // A 2×2 post 10 high and a cross-bar two layers thick, 24 long, across its top: the lower bar
    // layer has four blocks beside the post with nothing under them.
    const grid = T_SHAPE();
    const kit = buildBlockKit(grid);
    const report = validateBuild(kit, { useCase: 'decorative', grid });
    expect(report.checks.connected.ok).toBe(true);
    const replayed = replay(kit);
    expect(replayed).toMatchObject({ midAir: 0, sandwiched: 0, unmarked: 0, placed: kit.blocks.length });
    expect(replayed.hanging).toBeGreaterThan(0);
    // The lower bar layer's blocks beside the post come after the upper bar layer that holds them.
    const stepOf = new Map<number, number>();
    for (const s of kit.steps) for (const id of s.blockIds) stepOf.set(id, s.step);
    const lowerBar = kit.blocks.filter((b) => b.layer === 10 && (b.x + b.size.x <= 11 || b.x >= 13));
    const upperBar = kit.blocks.filter((b) => b.layer === 11);
    expect(lowerBar.length).toBe(4);
    for (const b of lowerBar) {
      const step = kit.steps[stepOf.get(b.id)! - 1]!;
      expect(step.hanging).toBe(true);
      expect(stepOf.get(b.id)!).toBeGreaterThan(Math.min(...upperBar.map((u) => stepOf.get(u.id)!)));
    }
    expect(report.stability.buildOrder.ok).toBe(true);
  });

  it('keeps one step per layer, pins with the layer above, where nothing overhangs', () => {
    const grid = gridFrom(6, 4, 8, () => true);
    const kit = buildBlockKit(grid);
    expect(kit.steps.map((s) => s.layer)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(kit.steps.some((s) => 'hanging' in s)).toBe(false);
    for (const s of kit.steps) for (const id of s.fastenerIds) expect(pairList(kit)[id]!.layer).toBe(s.layer);
    // Each step's pin count is its pairs' pins, and together they are every pin of the kit.
    for (const s of kit.steps)
      expect(s.pinCount).toBe(s.fastenerIds.reduce((n, id) => n + kit.pairs.pins[id]!, 0));
    expect(kit.steps.reduce((n, s) => n + s.pinCount, 0)).toBe(kit.metrics.fastenerCount);
    expect(kit.steps.flatMap((s) => s.fastenerIds).sort((a, b) => a - b)).toEqual(
      pairList(kit).map((f) => f.id),
    );
  });

  it('puts blocks that nothing joins to the ground last and says why no order can hold them', () => {
    // Block 0 on the ground, block 1 above it; block 2 alone on layer 1, joined to nothing.
    const plan = planBuildOrder([0, 1, 1], [[], [0], []], [[1], [], []]);
    expect(plan.unreachable).toEqual([2]);
    expect(plan.steps.map((s) => s.blocks)).toEqual([[0], [1], [2]]);
    const grid = gridFrom(10, 3, 6, (x, _y, z) => x < 3 || (x > 6 && z >= 3));
    const report = validateBuild(buildBlockKit(grid), { useCase: 'decorative', grid });
    expect(report.stability.buildOrder.reasons.floating).toBeGreaterThan(0);
    expect(report.stability.buildOrder.unsupportedBlocks[0]?.reason).toBe('floating');
  });

  it('reports the blocks the old layer-by-layer order placed in mid-air', () => {
    const grid = T_SHAPE();
    const kit = buildBlockKit(grid);
    // The old order: strictly layer by layer, no step marked as held from above.
    const layers = [...new Set(kit.blocks.map((b) => b.layer))].sort((a, b) => a - b);
    const perLayer: BlockKit = {
      ...kit,
      steps: layers.map((layer, i) => ({
        step: i + 1,
        layer,
        fastenerIds: pairList(kit)
          .filter((f) => f.layer === layer)
          .map((f) => f.id),
        pinCount: pairList(kit)
          .filter((f) => f.layer === layer)
          .reduce((n, f) => n + f.count, 0),
        blockIds: kit.blocks.filter((b) => b.layer === layer).map((b) => b.id),
      })),
    };
    const report = validateBuild(perLayer, { useCase: 'decorative', grid });
    expect(report.stability.buildOrder.ok).toBe(false);
    // The four lower bar blocks beside the post, and the upper bar block resting only on them.
    expect(report.stability.buildOrder.reasons['mid-air']).toBe(5);
    expect(report.stability.verdict).toBe('unstable');
    expect(report.buildable).toBe(false);
    const problem = report.problems.find((p) => p.code === 'UNSUPPORTED_BLOCKS');
    expect(problem?.message).toContain('before anything that holds it');
  });
});
