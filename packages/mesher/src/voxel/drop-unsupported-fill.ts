// The three-axis vote can mark pockets of "inside" near a hole that touch nothing real (two rays
// agreeing by accident below an open bottom, say). Such pockets are made only of disputed cells
// (voted in two to one), so only those are examined: a disputed region is kept when it touches the
// surface or a cell all three axes agree is inside, and cleared otherwise. The flood works on whole
// words (32 cells along x): it starts from the disputed bits next to a settled cell, spreads along x
// inside a word with shifts, and hands the reached bits to the neighbouring words in x, y and z, so
// its cost follows the number of words holding disputed cells, not the volume's. It always runs to
// the end. (An earlier whole-volume flood stopped after 12 steps and then cleared nothing; at 256
// cells that left three loose pockets of the 69k-triangle bunny in the model, 407 cells that no
// block layout could join to it.)

import type { BitVolume } from './bit-volume';

/**
 * @param solid final occupancy (vote result with the surface), edited in place
 * @param disputed cells voted in two to one that are not surface cells; used as scratch (its
 *   contents are meaningless afterwards)
 * @returns the number of cells cleared
 */
export function dropUnanchoredDisputes(solid: BitVolume, disputed: BitVolume): number {
  const { ny, nz, rowWords } = solid;
  const planeWords = ny * rowWords;
  const s = solid.words;
  // What is left of `d` at the end was never reached from a settled cell.
  const d = disputed.words;
  let queueWords = new Int32Array(1024);
  let queueBits = new Int32Array(1024);
  let tail = 0;
  const push = (wi: number, bits: number) => {
    if (tail === queueWords.length) {
      const words = new Int32Array(tail * 2);
      const bitsGrown = new Int32Array(tail * 2);
      words.set(queueWords);
      bitsGrown.set(queueBits);
      queueWords = words;
      queueBits = bitsGrown;
    }
    queueWords[tail] = wi;
    queueBits[tail++] = bits;
  };
  const settled = (wi: number) => s[wi]! & ~d[wi]!;

  // Seeds: disputed bits with a settled 6-neighbour. All are found before any is taken out of `d`.
  for (let wi = 0; wi < d.length; wi++) {
    const bits = d[wi]!;
    if (bits === 0) continue;
    const w = wi % rowWords;
    const row = (wi - w) / rowWords;
    const y = row % ny;
    const z = (row - y) / ny;
    const here = settled(wi);
    let near = (here << 1) | (here >>> 1);
    if (w > 0) near |= settled(wi - 1) >>> 31;
    if (w + 1 < rowWords) near |= settled(wi + 1) << 31;
    if (y > 0) near |= settled(wi - rowWords);
    if (y + 1 < ny) near |= settled(wi + rowWords);
    if (z > 0) near |= settled(wi - planeWords);
    if (z + 1 < nz) near |= settled(wi + planeWords);
    const seeds = bits & near;
    if (seeds !== 0) push(wi, seeds);
  }
  for (let i = 0; i < tail; i++) d[queueWords[i]!] = d[queueWords[i]!]! & ~queueBits[i]!;

  // Flood: each queued entry holds bits just reached (already taken out of `d`).
  for (let i = 0; i < tail; i++) {
    const wi = queueWords[i]!;
    let reached = queueBits[i]!;
    // Along x inside the word.
    for (;;) {
      const grow = ((reached << 1) | (reached >>> 1)) & d[wi]!;
      if (grow === 0) break;
      d[wi] = d[wi]! & ~grow;
      reached |= grow;
    }
    const w = wi % rowWords;
    const row = (wi - w) / rowWords;
    const y = row % ny;
    const z = (row - y) / ny;
    if (w > 0 && (reached & 1) !== 0 && d[wi - 1]! < 0) {
      d[wi - 1] = d[wi - 1]! & 0x7fffffff;
      push(wi - 1, 1 << 31);
    }
    if (w + 1 < rowWords && reached < 0 && (d[wi + 1]! & 1) !== 0) {
      d[wi + 1] = d[wi + 1]! & ~1;
      push(wi + 1, 1);
    }
    for (const next of [
      y > 0 ? wi - rowWords : -1,
      y + 1 < ny ? wi + rowWords : -1,
      z > 0 ? wi - planeWords : -1,
      z + 1 < nz ? wi + planeWords : -1,
    ]) {
      if (next < 0) continue;
      const bits = reached & d[next]!;
      if (bits === 0) continue;
      d[next] = d[next]! & ~bits;
      push(next, bits);
    }
  }

  let removed = 0;
  for (let wi = 0; wi < d.length; wi++) {
    let loose = d[wi]!;
    if (loose === 0) continue;
    s[wi] = s[wi]! & ~loose;
    while (loose !== 0) {
      loose &= loose - 1;
      removed++;
    }
  }
  return removed;
}
