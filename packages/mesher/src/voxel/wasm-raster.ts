// The triangle pass in WebAssembly: the same computation as `rasteriseTriangles`, compiled ahead of
// time from wasm/triangle-raster.ts (AssemblyScript), with bit-identical output. The module is
// instantiated synchronously on first use and kept; where WebAssembly is missing or refuses the
// module, `rasteriseTrianglesWasm` returns false and the caller runs the JavaScript pass.
//
// The kernel works on its own linear memory: the vertices, indices, triangle colours and the target
// volumes are copied in, the pass runs, and the targets are copied back out. The copies cost about
// a millisecond at 128³ (see BENCHMARK.md); keeping the volumes in that memory would save them but
// would hand callers views that the next call overwrites.

import type { GridTransform, RasterTargets } from './triangle-raster';
import { TRIANGLE_RASTER_WASM } from './triangle-raster-wasm';

type RasteriseExport = (
  positions: number,
  indices: number,
  triangles: number,
  ia: number,
  ib: number,
  ic: number,
  min0: number,
  min1: number,
  min2: number,
  scale0: number,
  scale1: number,
  scale2: number,
  nx: number,
  ny: number,
  nz: number,
  rowWords: number,
  surface: number,
  crossX: number,
  crossY: number,
  crossZ: number,
  cellColour: number,
  trianglePalette: number,
) => void;

/** What this file uses of WebAssembly (the library compiles without the DOM or Node typings). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: abstract new (...args: never[]) => WasmMemory;
}

interface Kernel {
  rasterise: RasteriseExport;
  memory: WasmMemory;
}

/** undefined: not tried yet; null: unavailable here. */
let kernel: Kernel | null | undefined;

function decodeBase64(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const values = new Uint8Array(128);
  for (let i = 0; i < alphabet.length; i++) values[alphabet.charCodeAt(i)] = i;
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let bits = 0;
  let count = 0;
  let o = 0;
  for (let i = 0; i < end; i++) {
    bits = (bits << 6) | values[text.charCodeAt(i)]!;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >>> count) & 0xff;
    }
  }
  return out;
}

function loadKernel(): Kernel | null {
  if (kernel !== undefined) return kernel;
  kernel = null;
  try {
    const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
    if (typeof wasm !== 'object') return null;
    const module = new wasm.Module(decodeBase64(TRIANGLE_RASTER_WASM));
    const instance = new wasm.Instance(module, {});
    const { rasterise, memory } = instance.exports as Partial<Kernel>;
    if (typeof rasterise === 'function' && memory instanceof wasm.Memory) kernel = { rasterise, memory };
  } catch {
    kernel = null;
  }
  return kernel;
}

/** Whether the WebAssembly pass can run here. */
export function wasmRasterAvailable(): boolean {
  return loadKernel() !== null;
}

const align = (n: number) => (n + 7) & ~7;

/**
 * Runs the triangle pass in WebAssembly, writing into `targets` exactly what `rasteriseTriangles`
 * would. Returns false (and touches nothing) when WebAssembly is unavailable.
 */
export function rasteriseTrianglesWasm(
  positions: Float32Array,
  transform: GridTransform,
  indices: Uint32Array,
  targets: RasterTargets,
): boolean {
  const reference = targets.surface ?? targets.crossings.find((v) => v !== null);
  if (!reference) return true;
  const k = loadKernel();
  if (!k) return false;
  const { nx, ny, nz, rowWords } = reference;
  const triangles = Math.floor(indices.length / 3);
  const palette = targets.colouring?.trianglePalette ?? null;
  const cellColour = targets.colouring?.cellColour ?? null;
  const volumes = [targets.surface, ...targets.crossings];

  // Layout: 0 stays unused (a null pointer), then each array 8-byte aligned.
  let top = 8;
  const place = (bytes: number) => {
    const at = top;
    top = align(top + bytes);
    return at;
  };
  const positionsAt = place(positions.byteLength);
  const indicesAt = place(triangles * 12);
  const paletteAt = palette ? place(triangles) : 0;
  const volumeAt = volumes.map((v) => (v ? place(v.words.byteLength) : 0));
  const colourAt = cellColour ? place(cellColour.byteLength) : 0;
  const pageBytes = 65536;
  const have = k.memory.buffer.byteLength;
  if (top > have) k.memory.grow(Math.ceil((top - have) / pageBytes));
  const buffer = k.memory.buffer;

  new Float32Array(buffer, positionsAt, positions.length).set(positions);
  new Uint32Array(buffer, indicesAt, triangles * 3).set(
    indices.length === triangles * 3 ? indices : indices.subarray(0, triangles * 3),
  );
  if (palette) new Uint8Array(buffer, paletteAt, triangles).set(palette.subarray(0, triangles));
  volumes.forEach((v, i) => {
    if (v) new Int32Array(buffer, volumeAt[i]!, v.words.length).set(v.words);
  });
  if (cellColour) new Uint8Array(buffer, colourAt, cellColour.length).set(cellColour);

  const [sa, sb, sc] = transform.signs;
  k.rasterise(
    positionsAt,
    indicesAt,
    triangles,
    transform.axes[0],
    transform.axes[1],
    transform.axes[2],
    sa * transform.min[0],
    sb * transform.min[1],
    sc * transform.min[2],
    sa * transform.scale,
    sb * transform.scale,
    sc * transform.scale,
    nx,
    ny,
    nz,
    rowWords,
    volumeAt[0]!,
    volumeAt[1]!,
    volumeAt[2]!,
    volumeAt[3]!,
    colourAt,
    paletteAt,
  );

  volumes.forEach((v, i) => {
    if (v) v.words.set(new Int32Array(buffer, volumeAt[i]!, v.words.length));
  });
  if (cellColour) cellColour.set(new Uint8Array(buffer, colourAt, cellColour.length));
  return true;
}
