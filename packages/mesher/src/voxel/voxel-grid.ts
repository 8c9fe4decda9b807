// The voxel model handed from the voxeliser (or a prompt template) to the block layout: one byte per
// cell holding a palette colour, z pointing up so each z slice is one building layer.

export interface VoxelGridStats {
  surfaceCells: number;
  filledCells: number;
  /** Filled cells dropped because their region touched no surface (vote artefacts near holes). */
  removedCells: number;
  /** How the inside was decided: single-axis parity (closed meshes) or a three-axis vote. */
  /** 'surface': an open sheet that encloses nothing, built as its surface's cells only (open-sheet.ts). */
  solidMethod: 'parity' | 'vote' | 'surface' | 'none';
  /**
   * 'fused': one pass over the triangles marks the surface and records ray crossings (surfaceMs),
   * then solidMs is the parity fill alone. 'separate': surfaceMs is the surface pass, solidMs the
   * crossing pass plus the fill.
   */
  passes: 'fused' | 'separate' | 'none';
  surfaceMs: number;
  solidMs: number;
  /** Whole voxelise() call, including scaling, colours and cleanup. */
  totalMs: number;
}

export interface VoxelGrid {
  /** Cells along x, y (the ground plane) and z (layers, up). */
  dims: [number, number, number];
  /** 0 = empty, otherwise palette index + 1; cell (x, y, z) is at x + nx·(y + ny·z). */
  cells: Uint8Array;
  /** Model units per cell edge (1 for generated designs). */
  voxelSize: number;
  stats: VoxelGridStats;
}

export function cellIndex(dims: readonly [number, number, number], x: number, y: number, z: number): number {
  return x + dims[0] * (y + dims[1] * z);
}

export function countFilled(cells: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] !== 0) count++;
  return count;
}

/** An empty grid for generators to draw into. */
export function createVoxelGrid(nx: number, ny: number, nz: number): VoxelGrid {
  return {
    dims: [nx, ny, nz],
    cells: new Uint8Array(nx * ny * nz),
    voxelSize: 1,
    stats: {
      surfaceCells: 0,
      filledCells: 0,
      removedCells: 0,
      solidMethod: 'none',
      passes: 'none',
      surfaceMs: 0,
      solidMs: 0,
      totalMs: 0,
    },
  };
}
