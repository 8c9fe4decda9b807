// Hard caps that keep a hostile or oversized upload from exhausting a worker; every cap here has a
// reason code when it is hit. The triangle and vertex caps are not fixed counts: they are what a
// memory budget for the mesh allows, at the memory a triangle and a vertex were measured to cost.

/**
 * Memory the mesh of one model may take while it is read, welded, validated and voxelised: half of
 * a server job thread's default budget (JOB_MEMORY_BUDGET_MB, 1536), the other half being left to
 * the voxel grid, the kit and the preview, which grow with the size, not the triangle count.
 */
export const MESH_MEMORY_BUDGET_BYTES = 768 * 1024 * 1024;

/**
 * Bytes one triangle costs at the peak of the upload check plus voxelising, rounded up from the
 * worst measured (`bench/mesher/memory.ts`, growth of the peak resident set, tori of 0.5–2 million
 * triangles at two triangles per vertex, on the shared 2-core VM): binary STL 44–122 bytes plus the
 * file's own 50, OBJ 168–195 with the file; 256 leaves room for the collector's timing.
 */
export const MESH_BYTES_PER_TRIANGLE = 256;

/**
 * Bytes one stored vertex costs on top of its triangles: measured 21–28 per extra vertex of an OBJ
 * (three vertices per triangle against shared ones); 128 covers what the readers allocate per vertex
 * in the worst case (float64 while reading, with the growth doubling, float32, the weld table).
 */
export const MESH_BYTES_PER_VERTEX = 128;

export interface MesherLimits {
  /** Largest accepted upload, in bytes. */
  maxFileBytes: number;
  /**
   * Memory budget of the mesh; the triangle and vertex caps are derived from it unless given
   * (`maxTriangles` = budget / MESH_BYTES_PER_TRIANGLE, `maxVertices` = budget / MESH_BYTES_PER_VERTEX).
   */
  meshMemoryBudgetBytes: number;
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
  meshMemoryBudgetBytes: MESH_MEMORY_BUDGET_BYTES,
  // 3,145,728 triangles and 6,291,456 vertices.
  maxTriangles: Math.floor(MESH_MEMORY_BUDGET_BYTES / MESH_BYTES_PER_TRIANGLE),
  maxVertices: Math.floor(MESH_MEMORY_BUDGET_BYTES / MESH_BYTES_PER_VERTEX),
  maxUnzippedBytes: 400 * 1024 * 1024,
  maxCompressionRatio: 250,
  maxZipEntries: 2_000,
  maxTexturePixels: 4096 * 4096,
  minSize: 8,
  maxSize: 256,
  maxOpenEdgeShare: 0.25,
});

export function resolveLimits(overrides?: Partial<MesherLimits>): MesherLimits {
  const budget = overrides?.meshMemoryBudgetBytes;
  const derived =
    budget === undefined
      ? {}
      : {
          maxTriangles: Math.floor(budget / MESH_BYTES_PER_TRIANGLE),
          maxVertices: Math.floor(budget / MESH_BYTES_PER_VERTEX),
        };
  return { ...DEFAULT_MESHER_LIMITS, ...derived, ...overrides };
}
