// Hard caps that keep a hostile or oversized upload from exhausting a worker; peers cap at about
// one million polygons and 64–100 MB, and every cap here has a reason code when it is hit.

export interface MesherLimits {
  /** Largest accepted upload, in bytes. */
  maxFileBytes: number;
  /** Largest accepted triangle count (after polygons are split into triangles). */
  maxTriangles: number;
  /** Largest accepted vertex count as stored in the file. */
  maxVertices: number;
  /** Most bytes a 3MF archive may expand to in total. */
  maxUnzippedBytes: number;
  /** Largest compression ratio (expanded / compressed) we believe for one archive entry. */
  maxCompressionRatio: number;
  /** Most entries a 3MF archive may list. */
  maxZipEntries: number;
  /** Largest texture we decode to sample colours, in pixels. */
  maxTexturePixels: number;
  /** Smallest and largest target size: the model's longest side, in blocks. */
  minSize: number;
  maxSize: number;
  /**
   * Largest share of a mesh's edges that may border a hole before strict validation refuses it as
   * NOT_ENCLOSED. 0.25: an open tetrahedron (3 of 6 edges open), a tube or a lone sheet is refused;
   * a box missing one face (4 of 17) and the test meshes pass by a wide margin (the open teapot has
   * 4.2% open edges, the 69k-triangle bunny 0.2%, the Stanford dragon levels none).
   */
  maxOpenEdgeShare: number;
}

export const DEFAULT_MESHER_LIMITS: Readonly<MesherLimits> = Object.freeze({
  maxFileBytes: 100 * 1024 * 1024,
  maxTriangles: 1_000_000,
  maxVertices: 3_000_000,
  maxUnzippedBytes: 400 * 1024 * 1024,
  maxCompressionRatio: 250,
  maxZipEntries: 2_000,
  maxTexturePixels: 4096 * 4096,
  minSize: 8,
  maxSize: 256,
  maxOpenEdgeShare: 0.25,
});

export function resolveLimits(overrides?: Partial<MesherLimits>): MesherLimits {
  return { ...DEFAULT_MESHER_LIMITS, ...overrides };
}
