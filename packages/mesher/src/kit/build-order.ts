// The order in which blocks are placed: every block, when its step places it, rests on a block
// already placed (pinned to it from below) or is held by one (pinned to it from above), and that
// block is itself joined down to the ground through placed blocks. Support comes before overhang:
// the lowest layer that has a block ready is built first, and a block with nothing under it waits
// until the block above that holds it is placed (a cross-bar's overhanging blocks after the blocks
// over its post; a hanging block after what it hangs from), then gets a step of its own marked
// `hanging` ("push it up onto its pins under the block above and hold it there"). On models without
// overhangs this is exactly one step per layer, as before.

export interface PlannedStep {
  layer: number;
  /** Sorted block indices. */
  blocks: number[];
  /** The blocks have nothing placed under them: each is held by the block above. */
  hanging: boolean;
}

export interface BuildOrder {
  steps: PlannedStep[];
  /** Blocks no order can reach: nothing joins them down to the ground (added last, per layer). */
  unreachable: number[];
}

/**
 * Neighbour lists of every block in one flat array (compressed rows): block b's are
 * `list[first[b]]` to `list[first[b + 1] - 1]`. Two typed arrays instead of an array per block,
 * which for the bunny at 256 (317,000 blocks, 1.6 million pairs) were about 130 MB of heap.
 */
export interface Adjacency {
  first: Int32Array;
  list: Int32Array;
}

/** Adjacency from an array of neighbour lists per block. */
export function adjacencyOf(lists: readonly (readonly number[])[]): Adjacency {
  const first = new Int32Array(lists.length + 1);
  for (let b = 0; b < lists.length; b++) first[b + 1] = first[b]! + lists[b]!.length;
  const list = new Int32Array(first[lists.length]!);
  for (let b = 0; b < lists.length; b++) list.set(lists[b]!, first[b]!);
  return { first, list };
}

/**
 * @param layers the layer of each block
 * @param belowOf for each block, the blocks pinned under it
 * @param aboveOf for each block, the blocks pinned on top of it
 */
export function planBuildOrder(
  layers: ArrayLike<number>,
  belowOf: Adjacency | readonly (readonly number[])[],
  aboveOf: Adjacency | readonly (readonly number[])[],
): BuildOrder {
  const below = 'first' in belowOf ? belowOf : adjacencyOf(belowOf);
  const above = 'first' in aboveOf ? aboveOf : adjacencyOf(aboveOf);
  const n = layers.length;
  let nz = 0;
  for (let i = 0; i < n; i++) nz = Math.max(nz, layers[i]! + 1);
  const placed = new Uint8Array(n);
  const queued = new Uint8Array(n);
  const ready: number[][] = Array.from({ length: nz }, () => []);
  let lowest = nz;
  const enqueue = (b: number) => {
    if (placed[b] || queued[b]) return;
    queued[b] = 1;
    const z = layers[b]!;
    ready[z]!.push(b);
    if (z < lowest) lowest = z;
  };
  for (let i = 0; i < n; i++) if (layers[i] === 0) enqueue(i);

  const steps: PlannedStep[] = [];
  const place = (blocks: number[]) => {
    for (const b of blocks) placed[b] = 1;
    for (const b of blocks) {
      for (let k = above.first[b]!; k < above.first[b + 1]!; k++) enqueue(above.list[k]!);
      for (let k = below.first[b]!; k < below.first[b + 1]!; k++) enqueue(below.list[k]!);
    }
  };
  while (lowest < nz) {
    const z = lowest;
    const bucket = ready[z]!;
    ready[z] = [];
    lowest = nz;
    for (let k = z; k < nz; k++) {
      if (ready[k]!.length > 0) {
        lowest = k;
        break;
      }
    }
    const resting: number[] = [];
    const hanging: number[] = [];
    for (const b of bucket) {
      let rests = z === 0;
      for (let k = below.first[b]!; k < below.first[b + 1]! && !rests; k++)
        rests = placed[below.list[k]!] === 1;
      if (rests) resting.push(b);
      else hanging.push(b);
    }
    resting.sort((a, b) => a - b);
    hanging.sort((a, b) => a - b);
    // Blocks of one layer are never pinned to each other, so the resting ones and the ones held
    // from above can be placed one step after the other.
    if (resting.length > 0) steps.push({ layer: z, blocks: resting, hanging: false });
    if (hanging.length > 0) steps.push({ layer: z, blocks: hanging, hanging: true });
    place(resting);
    place(hanging);
  }

  const unreachable: number[] = [];
  for (let i = 0; i < n; i++) if (!placed[i]) unreachable.push(i);
  const byLayer = new Map<number, number[]>();
  for (const b of unreachable) {
    const list = byLayer.get(layers[b]!) ?? [];
    list.push(b);
    byLayer.set(layers[b]!, list);
  }
  for (const z of [...byLayer.keys()].sort((a, b) => a - b))
    steps.push({ layer: z, blocks: byLayer.get(z)!, hanging: false });
  return { steps, unreachable };
}
