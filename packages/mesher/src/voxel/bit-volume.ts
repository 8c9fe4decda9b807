// Bit-packed voxel volume (32 cells per word along x) and the whole-volume operations the solid
// fill and hollowing need; working on words keeps a 256³ pass to a few million operations.

export interface BitVolume {
  nx: number;
  ny: number;
  nz: number;
  /** Words per x row. */
  rowWords: number;
  words: Int32Array;
}

export function createBitVolume(nx: number, ny: number, nz: number): BitVolume {
  const rowWords = (nx + 31) >>> 5;
  return { nx, ny, nz, rowWords, words: new Int32Array(rowWords * ny * nz) };
}

export function wordIndex(volume: BitVolume, x: number, y: number, z: number): number {
  return (z * volume.ny + y) * volume.rowWords + (x >>> 5);
}

export function getBit(volume: BitVolume, x: number, y: number, z: number): boolean {
  return ((volume.words[wordIndex(volume, x, y, z)]! >>> (x & 31)) & 1) === 1;
}

/** Clears the padding bits past nx in every row so they never count as cells. */
export function maskRowPadding(volume: BitVolume): void {
  const spare = volume.rowWords * 32 - volume.nx;
  if (spare === 0) return;
  const keep = -1 >>> spare;
  const { words, rowWords } = volume;
  for (let i = rowWords - 1; i < words.length; i += rowWords) words[i] = words[i]! & keep;
}

/** Running XOR along x: after it a bit is the parity of the toggles at or before it in its row. */
export function prefixXorAlongX(volume: BitVolume): void {
  const { words, rowWords } = volume;
  const rows = words.length / rowWords;
  for (let r = 0; r < rows; r++) {
    let carry = 0;
    const base = r * rowWords;
    for (let w = 0; w < rowWords; w++) {
      let v = words[base + w]!;
      v ^= v << 1;
      v ^= v << 2;
      v ^= v << 4;
      v ^= v << 8;
      v ^= v << 16;
      v ^= carry;
      words[base + w] = v;
      carry = v >> 31;
    }
  }
}

export function prefixXorAlongY(volume: BitVolume): void {
  const { words, rowWords, ny, nz } = volume;
  for (let z = 0; z < nz; z++) {
    const plane = z * ny * rowWords;
    for (let i = plane + rowWords; i < plane + ny * rowWords; i++)
      words[i] = words[i]! ^ words[i - rowWords]!;
  }
}

export function prefixXorAlongZ(volume: BitVolume): void {
  const { words, rowWords, ny } = volume;
  const planeWords = ny * rowWords;
  for (let i = planeWords; i < words.length; i++) words[i] = words[i]! ^ words[i - planeWords]!;
}

/**
 * Majority of three volumes, written into `a`; returns the cells voted in two to one that are not
 * in `exclude` (the disputed cells), which the caller may re-examine.
 */
export function majorityInto(a: BitVolume, b: BitVolume, c: BitVolume, exclude: BitVolume): BitVolume {
  const disputed = createBitVolume(a.nx, a.ny, a.nz);
  const wa = a.words;
  const wb = b.words;
  const wc = c.words;
  const we = exclude.words;
  const wd = disputed.words;
  for (let i = 0; i < wa.length; i++) {
    const x = wa[i]!;
    const y = wb[i]!;
    const z = wc[i]!;
    const majority = (x & y) | (x & z) | (y & z);
    wa[i] = majority;
    wd[i] = majority & ~(x & y & z) & ~we[i]!;
  }
  return disputed;
}

export function orInto(target: BitVolume, source: BitVolume): void {
  const t = target.words;
  const s = source.words;
  for (let i = 0; i < t.length; i++) t[i] = t[i]! | s[i]!;
}

/** One step of 6-neighbour erosion; cells on the volume's border always erode. */
/**
 * The cells of `volume` whose 6 neighbours (or, with `corners`, also the 4 diagonal neighbours in
 * their layer) are all in it.
 */
export function erode(volume: BitVolume, corners = false): BitVolume {
  const { nx, ny, nz, rowWords, words } = volume;
  const out = createBitVolume(nx, ny, nz);
  const o = out.words;
  const planeWords = ny * rowWords;
  for (let z = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      const base = (z * ny + y) * rowWords;
      const interiorRow = z > 0 && z < nz - 1 && y > 0 && y < ny - 1;
      if (!interiorRow) continue;
      for (let w = 0; w < rowWords; w++) {
        const i = base + w;
        const v = words[i]!;
        if (v === 0) continue;
        const prev = w > 0 ? words[i - 1]! : 0;
        const next = w + 1 < rowWords ? words[i + 1]! : 0;
        const left = (v << 1) | (prev >>> 31);
        const right = (v >>> 1) | (next << 31);
        const up = words[i - rowWords]!;
        const down = words[i + rowWords]!;
        let keep = v & left & right & up & down & words[i - planeWords]! & words[i + planeWords]!;
        if (corners && keep !== 0) {
          // The rows before and after, shifted one cell each way: the diagonal neighbours.
          const upPrev = w > 0 ? words[i - rowWords - 1]! : 0;
          const upNext = w + 1 < rowWords ? words[i - rowWords + 1]! : 0;
          const downPrev = w > 0 ? words[i + rowWords - 1]! : 0;
          const downNext = w + 1 < rowWords ? words[i + rowWords + 1]! : 0;
          keep &=
            ((up << 1) | (upPrev >>> 31)) &
            ((up >>> 1) | (upNext << 31)) &
            ((down << 1) | (downPrev >>> 31)) &
            ((down >>> 1) | (downNext << 31));
        }
        o[i] = keep;
      }
    }
  }
  maskRowPadding(out);
  return out;
}

/** The cells of `volume` with the cells above and below them in it too (none in the top and bottom layers). */
export function erodeVertically(volume: BitVolume): BitVolume {
  const { ny, nz, rowWords, words } = volume;
  const out = createBitVolume(volume.nx, ny, nz);
  const planeWords = ny * rowWords;
  for (let i = planeWords; i < words.length - planeWords; i++)
    out.words[i] = words[i]! & words[i - planeWords]! & words[i + planeWords]!;
  return out;
}

export function countBits(volume: BitVolume): number {
  let count = 0;
  const words = volume.words;
  for (let i = 0; i < words.length; i++) {
    let v = words[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
  }
  return count;
}
