// One piece, always, or the exact cells that keep it from being one. After the layout and its
// repair (which only re-lays the model's own cells), a group of blocks can still meet the rest only
// side by side: a one-layer-thin region with nothing stacked on or under it that a block could
// reach (the open beetle at 64, the open base of the bunny at 256). Blocks join only by stacking,
// so no layout of those cells can join it. This adds a block in the empty layer just above (or, when
// above is taken, just below) that spans the border: its footprint lies on cells of the loose group
// and of another group, so its pins join the two. The added block is part of the kit (marked
// `added`, listed apart in the bill of materials and drawn apart in the preview), never a silent
// change of the model.
//
// The search is exact and small: for each loose group, each of its cells, the two layers next to it
// and every catalogue footprint covering that cell. The block that joins the most groups at once
// wins (issue 48: a plate one layer thick is all loose blocks, and the smallest bridge joining two
// of them at a time made half of a 3 mm plate's kit added blocks), then the smallest, then one that
// reaches the main group, then above before below, then the lowest cell; every choice is
// deterministic.
// Joining two loose groups counts too (they may reach the main group together later), so it runs in
// passes until one piece remains or a pass adds nothing.

import type { BrickLayout } from './brick-layout';
import { SHAPES } from './brick-layout';
import { UnionFind } from './union-find';

export interface BridgeResult {
  /** Layout ids of the blocks added, in the order they were added. */
  added: number[];
  /** Groups left after bridging (1 when the kit is in one piece). */
  components: number;
}

interface Candidate {
  x: number;
  y: number;
  z: number;
  sx: number;
  sy: number;
  /** The other groups the block reaches (roots of the component union-find), the main one first if any. */
  others: number[];
  reachesMain: boolean;
  above: boolean;
  /** The loose group's cell it was found from (for a stable tie-break). */
  from: number;
}

/** Footprints smallest first (1×2 before 1×3 before 2×2 …): the least material added. */
const BRIDGE_SHAPES = [...SHAPES].filter((s) => s.area > 1).sort((a, b) => a.area - b.area || a.sx - b.sx);

function better(a: Candidate, b: Candidate | null): boolean {
  if (!b) return true;
  if (a.others.length !== b.others.length) return a.others.length > b.others.length;
  const areaA = a.sx * a.sy;
  const areaB = b.sx * b.sy;
  if (areaA !== areaB) return areaA < areaB;
  if (a.reachesMain !== b.reachesMain) return a.reachesMain;
  if (a.above !== b.above) return a.above;
  return a.from < b.from;
}

export function bridgeLooseGroups(layout: BrickLayout): BridgeResult {
  const { nx, ny, nz, layerSize, owner, cells } = layout;
  const state = layout.components();
  const added: number[] = [];
  if (state.count <= 1) return { added, components: state.count };

  // Components as dense indices, so joins can be tracked without recounting the whole grid.
  const rootIndex = new Map<number, number>();
  for (const root of state.cellsByRoot.keys()) rootIndex.set(root, rootIndex.size);
  // Blocks added here belong to the group they were added for.
  const addedGroup = new Map<number, number>();
  const groupOf = (id: number): number =>
    id < state.rootOf.length ? rootIndex.get(state.rootOf[id]!)! : addedGroup.get(id)!;
  const joined = new UnionFind(rootIndex.size);

  // The main group: the largest that stands on the ground (a floating group is never the main one).
  const cellsOf = new Array<number>(rootIndex.size).fill(0);
  const grounded = new Array<boolean>(rootIndex.size).fill(false);
  for (const [root, count] of state.cellsByRoot) cellsOf[rootIndex.get(root)!] = count;
  for (let cell = 0; cell < layerSize; cell++) {
    const id = owner[cell]!;
    if (id >= 0) grounded[groupOf(id)] = true;
  }
  let main = -1;
  for (let g = 0; g < cellsOf.length; g++) {
    if (
      main < 0 ||
      (grounded[g] && !grounded[main]) ||
      (grounded[g] === grounded[main] && cellsOf[g]! > cellsOf[main]!)
    )
      main = g;
  }

  // The cells of each group, in cell order (the blocks are few next to the grid).
  const cellsByGroup: number[][] = Array.from({ length: rootIndex.size }, () => []);
  for (let id = 0; id < layout.bx.length; id++) {
    if (!layout.alive[id]) continue;
    const g = groupOf(id);
    if (g === main) continue;
    const base = layout.bz[id]! * layerSize;
    for (let j = 0; j < layout.bsy[id]!; j++)
      for (let i = 0; i < layout.bsx[id]!; i++)
        cellsByGroup[g]!.push(base + layout.bx[id]! + i + nx * (layout.by[id]! + j));
  }
  for (const list of cellsByGroup) list.sort((a, b) => a - b);

  const groupAt = (cell: number): number => {
    const id = owner[cell]!;
    return id < 0 ? -1 : joined.find(groupOf(id));
  };
  // Whether a footprint at layer z is free (no model cell, no block) and inside the grid.
  const free = (x: number, y: number, z: number, sx: number, sy: number): boolean => {
    if (x < 0 || y < 0 || x + sx > nx || y + sy > ny || z < 0 || z >= nz) return false;
    const base = z * layerSize;
    for (let j = 0; j < sy; j++)
      for (let i = 0; i < sx; i++) {
        const cell = base + x + i + nx * (y + j);
        if (owner[cell]! >= 0 || cells[cell] !== 0) return false;
      }
    return true;
  };
  // The groups other than `self` that a block at (x, y, z) would be pinned to (the main one first).
  const reach = (x: number, y: number, z: number, sx: number, sy: number, self: number): number[] => {
    const found: number[] = [];
    const mainNow = joined.find(main);
    for (const dz of [-1, 1]) {
      const zz = z + dz;
      if (zz < 0 || zz >= nz) continue;
      const base = zz * layerSize;
      for (let j = 0; j < sy; j++)
        for (let i = 0; i < sx; i++) {
          const g = groupAt(base + x + i + nx * (y + j));
          if (g >= 0 && g !== self && !found.includes(g)) found.push(g);
        }
    }
    return found.sort((a, b) => Number(b === mainNow) - Number(a === mainNow) || a - b);
  };

  let progress = true;
  while (progress) {
    progress = false;
    for (let g = 0; g < cellsByGroup.length; g++) {
      if (g === main || joined.find(g) !== g || joined.find(g) === joined.find(main)) continue;
      const self = joined.find(g);
      let best: Candidate | null = null;
      // Every cell of every group already joined to g belongs to the same piece now.
      for (let h = 0; h < cellsByGroup.length; h++) {
        if (h === main || joined.find(h) !== self) continue;
        for (const cell of cellsByGroup[h]!) {
          const cz = Math.floor(cell / layerSize);
          const cx = cell % nx;
          const cy = Math.floor((cell % layerSize) / nx);
          for (const above of [true, false]) {
            const z = above ? cz + 1 : cz - 1;
            if (z < 0 || z >= nz) continue;
            for (const shape of BRIDGE_SHAPES) {
              for (let oy = 0; oy < shape.sy; oy++)
                for (let ox = 0; ox < shape.sx; ox++) {
                  const x = cx - ox;
                  const y = cy - oy;
                  if (!free(x, y, z, shape.sx, shape.sy)) continue;
                  const others = reach(x, y, z, shape.sx, shape.sy, self);
                  if (others.length === 0) continue;
                  const candidate: Candidate = {
                    x,
                    y,
                    z,
                    sx: shape.sx,
                    sy: shape.sy,
                    others,
                    reachesMain: others[0] === joined.find(main),
                    above,
                    from: cell,
                  };
                  if (better(candidate, best)) best = candidate;
                }
            }
          }
        }
      }
      if (!best) continue;
      const colourCell = cellsByGroup[g]![0]!;
      const id = layout.place(best.x, best.y, best.z, best.sx, best.sy, cells[colourCell]!);
      added.push(id);
      layout.addedIds.add(id);
      addedGroup.set(id, g);
      for (const other of best.others) joined.union(self, other);
      progress = true;
    }
  }
  const roots = new Set<number>();
  for (let g = 0; g < cellsByGroup.length; g++) roots.add(joined.find(g));
  return { added, components: roots.size };
}
