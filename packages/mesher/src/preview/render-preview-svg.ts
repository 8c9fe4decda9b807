// Isometric SVG preview of a kit for listing media: exposed cell faces drawn far-to-near (cells of
// equal x+y+z never overlap in this projection, so same-coloured faces of one depth share a path),
// shaded per face direction, with block outlines drawn where neighbouring cells belong to another block.
//
// A large kit is drawn as a compact raster instead, in the same SVG: the same projection, shades
// and outlines painted into a palette image (a depth buffer keeps the nearest face per pixel, so
// hidden faces cost nothing in the file) at PREVIEW_RASTER_SCALE times the SVG's size, embedded as
// a PNG. Drawn as paths, the 69k bunny at 256 was 14 MB of SVG and took 3 s; as a raster its size
// depends on the picture, not on the number of faces. docs/decisions.md, "Fast and lean at large sizes".
// Blocks added to join loose groups (not part of the model) are outlined dashed, so they show as added.

import { type KitStructure, readKitStructure } from '../build/kit-structure';
import { hexToRgb, PALETTE } from '../colour/palette';
import type { BlockKit } from '../kit/block-kit';
import { encodeIndexedPng, toBase64 } from './png-encode';

export interface PreviewOptions {
  /** Pixels per cell edge; by default chosen so the image is about 640 px wide. */
  cellPixels?: number;
  background?: string | null;
  /**
   * 'vector': every visible face a path; 'raster': an embedded PNG; 'auto' (default): vector up to
   * PREVIEW_VECTOR_MAX_FACES exposed faces, raster above.
   */
  mode?: 'auto' | 'vector' | 'raster';
}

/**
 * Most exposed faces drawn as paths (about 120 bytes of SVG each with their outlines, so about
 * 0.5 MB): above it the preview is a raster (70–200 KB whatever the model). The 69k bunny has
 * about 2,000 at 32 (vector), 7,600 at 64 and 120,000 at 256 (raster).
 */
export const PREVIEW_VECTOR_MAX_FACES = 4_000;
/** Raster pixels per SVG pixel, so the image stays sharp when shown at twice its size. */
export const PREVIEW_RASTER_SCALE = 2;

const COS30 = Math.cos(Math.PI / 6);
const SHADE = { top: 1, right: 0.78, left: 0.62 } as const;

function shade(hex: string, factor: number): string {
  const [r, g, b] = hexToRgb(hex);
  const to = (v: number) =>
    Math.round(v * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

/**
 * Faces the preview would draw (cell faces towards +z, +x or +y with no cell in front of them),
 * counted up to `limit` + 1: past it the count no longer matters.
 */
function exposedFaces(structure: KitStructure, limit: number): number {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const owner = structure.owner;
  let faces = 0;
  for (let z = 0, cell = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++, cell++) {
        if (owner[cell]! < 0) continue;
        if (z + 1 >= nz || owner[cell + layerSize]! < 0) faces++;
        if (x + 1 >= nx || owner[cell + 1]! < 0) faces++;
        if (y + 1 >= ny || owner[cell + nx]! < 0) faces++;
        if (faces > limit) return faces;
      }
    }
  }
  return faces;
}

export function renderPreviewSvg(kit: BlockKit, options: PreviewOptions = {}): string {
  const structure = readKitStructure(kit);
  const [nx, ny, nz] = structure.dims;
  const widthCells = (nx + ny) * COS30;
  const s = options.cellPixels ?? Math.max(2, Math.min(40, 640 / Math.max(1, widthCells)));
  const width = Math.ceil(widthCells * s + 2 * s);
  const height = Math.ceil(((nx + ny) / 2 + nz) * s + 2 * s);
  const background = options.background === undefined ? '#ffffff' : options.background;
  const title = `Block kit: ${kit.metrics.partCount} blocks, ${nx}×${ny}×${nz} cells`;
  const mode = options.mode ?? 'auto';
  const raster =
    mode === 'raster' ||
    (mode === 'auto' && exposedFaces(structure, PREVIEW_VECTOR_MAX_FACES) > PREVIEW_VECTOR_MAX_FACES);
  const parts = raster
    ? [rasterImage(kit, structure, s, width, height, background)]
    : vectorFaces(kit, structure, s);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    background ? `<rect width="100%" height="100%" fill="${background}"/>` : '',
    ...parts,
    '</svg>',
  ].join('');
}

/** The kit's visible faces and block outlines as SVG paths, far to near. */
function vectorFaces(kit: BlockKit, structure: KitStructure, s: number): string[] {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const owner = structure.owner;
  const colourHex = new Map(PALETTE.map((c) => [c.id, c.hex]));
  const ox = ny * COS30 * s + s;
  const oy = nz * s + s;
  const px = (x: number, y: number) => (ox + (x - y) * COS30 * s).toFixed(1);
  const py = (x: number, y: number, z: number) => (oy + ((x + y) / 2 - z) * s).toFixed(1);
  const at = (x: number, y: number, z: number) =>
    x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz ? -1 : owner[z * layerSize + x + nx * y]!;

  const fills = new Map<string, string[]>();
  const seams: string[] = [];
  const addedOutlines: string[] = [];
  const parts: string[] = [];
  const flush = () => {
    // A hairline stroke in the fill colour hides anti-aliasing gaps between neighbouring faces.
    for (const [fill, d] of fills)
      parts.push(`<path fill="${fill}" stroke="${fill}" stroke-width="0.5" d="${d.join('')}"/>`);
    if (seams.length > 0)
      parts.push(
        `<path fill="none" stroke="#00000055" stroke-width="${Math.max(0.5, s / 12).toFixed(2)}" d="${seams.join('')}"/>`,
      );
    if (addedOutlines.length > 0)
      parts.push(
        `<path data-added="true" fill="none" stroke="#111111" stroke-width="${Math.max(0.75, s / 8).toFixed(2)}" stroke-dasharray="${Math.max(1, s / 4).toFixed(1)}" d="${addedOutlines.join('')}"/>`,
      );
    fills.clear();
    seams.length = 0;
    addedOutlines.length = 0;
  };
  for (let depth = 0; depth < nx + ny + nz - 2; depth++) {
    for (let z = Math.max(0, depth - (nx - 1) - (ny - 1)); z <= Math.min(nz - 1, depth); z++) {
      for (let y = Math.max(0, depth - z - (nx - 1)); y <= Math.min(ny - 1, depth - z); y++) {
        const x = depth - z - y;
        const id = at(x, y, z);
        if (id < 0) continue;
        const hex = colourHex.get(kit.blocks[id]!.colour) ?? '#999999';
        const added = kit.blocks[id]!.added === true;
        const face = (
          fill: string,
          corners: [number, number, number][],
          edges: [number, number, number][],
        ) => {
          const d = `M${corners.map(([cx, cy, cz]) => `${px(cx, cy)} ${py(cx, cy, cz)}`).join('L')}Z`;
          const list = fills.get(fill) ?? [];
          list.push(d);
          fills.set(fill, list);
          if (added) addedOutlines.push(d);
          // Outline an edge when the cell across it (in the face's plane) is another block.
          for (let e = 0; e < 4; e++) {
            const [nxc, nyc, nzc] = edges[e]!;
            if (at(nxc, nyc, nzc) === id) continue;
            const a = corners[e]!;
            const b = corners[(e + 1) % 4]!;
            seams.push(
              `M${px(a[0], a[1])} ${py(a[0], a[1], a[2])}L${px(b[0], b[1])} ${py(b[0], b[1], b[2])}`,
            );
          }
        };
        if (at(x, y, z + 1) < 0) {
          face(
            shade(hex, SHADE.top),
            [
              [x, y, z + 1],
              [x + 1, y, z + 1],
              [x + 1, y + 1, z + 1],
              [x, y + 1, z + 1],
            ],
            [
              [x, y - 1, z],
              [x + 1, y, z],
              [x, y + 1, z],
              [x - 1, y, z],
            ],
          );
        }
        if (at(x + 1, y, z) < 0) {
          face(
            shade(hex, SHADE.right),
            [
              [x + 1, y, z + 1],
              [x + 1, y + 1, z + 1],
              [x + 1, y + 1, z],
              [x + 1, y, z],
            ],
            [
              [x, y, z + 1],
              [x, y + 1, z],
              [x, y, z - 1],
              [x, y - 1, z],
            ],
          );
        }
        if (at(x, y + 1, z) < 0) {
          face(
            shade(hex, SHADE.left),
            [
              [x, y + 1, z + 1],
              [x + 1, y + 1, z + 1],
              [x + 1, y + 1, z],
              [x, y + 1, z],
            ],
            [
              [x, y, z + 1],
              [x + 1, y, z],
              [x, y, z - 1],
              [x - 1, y, z],
            ],
          );
        }
      }
    }
    flush();
  }
  return parts;
}

/**
 * The same picture as `vectorFaces`, painted into a palette image PREVIEW_RASTER_SCALE times the
 * SVG's size: each exposed face fills the pixels whose centres it covers where no nearer cell
 * (greater x + y + z) has drawn, darkened near an edge where the neighbouring cell in the face's
 * plane belongs to another block. Returned as an SVG image element holding the PNG.
 */
function rasterImage(
  kit: BlockKit,
  structure: KitStructure,
  s: number,
  width: number,
  height: number,
  background: string | null,
): string {
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const owner = structure.owner;
  const R = PREVIEW_RASTER_SCALE;
  const W = width * R;
  const H = height * R;
  const sr = s * R;
  const ox = (ny * COS30 * s + s) * R;
  const oy = (nz * s + s) * R;
  // Palette: 0 the background, then per colour and face direction (top, right, left) a plain and
  // an outlined entry (the outline is the vector preview's #00000055 stroke over the face).
  const colours = [...PALETTE.map((c) => c.hex), '#999999'];
  const colourOf = new Map(PALETTE.map((c, i) => [c.id, i]));
  const shades = [SHADE.top, SHADE.right, SHADE.left];
  // The last entry is the dashed outline of blocks added to join loose groups (as in the vector path).
  const ADDED_OUTLINE = 1 + colours.length * 6;
  const palette = new Uint8Array(3 * (ADDED_OUTLINE + 1));
  const [br, bg, bb] = background ? hexToRgb(background) : [255, 255, 255];
  palette.set([br, bg, bb], 0);
  palette.set(hexToRgb('#111111'), 3 * ADDED_OUTLINE);
  colours.forEach((hex, c) => {
    const [r, g, b] = hexToRgb(hex);
    shades.forEach((factor, k) => {
      for (let seam = 0; seam < 2; seam++) {
        const f = factor * (seam ? 1 - 0x55 / 0xff : 1);
        palette.set(
          [r, g, b].map((v) => Math.round(v * f)),
          3 * (1 + (c * 3 + k) * 2 + seam),
        );
      }
    });
  });
  const blockColour = new Uint8Array(kit.blocks.length);
  const blockAdded = new Uint8Array(kit.blocks.length);
  kit.blocks.forEach((b, i) => {
    blockColour[i] = colourOf.get(b.colour) ?? colours.length - 1;
    blockAdded[i] = b.added ? 1 : 0;
  });

  const pixels = new Uint8Array(W * H);
  const depth = new Int32Array(W * H).fill(-1);
  const at = (x: number, y: number, z: number) =>
    x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz ? -1 : owner[z * layerSize + x + nx * y]!;
  // Screen steps of one cell along x, y and z.
  const ex = [COS30 * sr, sr / 2];
  const ey = [-COS30 * sr, sr / 2];
  const ez = [0, -sr];
  // Outline band, in face units: the stroke's half width, at least half a pixel.
  const band = Math.max(0.5 / sr, Math.max(0.5, s / 12) / 2 / s);
  // One face: origin (screen), its u and v edges, and which of its four edges (v = 0, u = 1,
  // v = 1, u = 0) border another block.
  const fill = (
    o0: number,
    o1: number,
    e1: number[],
    e2: number[],
    d: number,
    index: number,
    edges: number,
    added: number,
  ) => {
    const det = e1[0]! * e2[1]! - e2[0]! * e1[1]!;
    const xs = [o0, o0 + e1[0]!, o0 + e2[0]!, o0 + e1[0]! + e2[0]!];
    const ys = [o1, o1 + e1[1]!, o1 + e2[1]!, o1 + e1[1]! + e2[1]!];
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(...ys)));
    for (let py = y0; py <= y1; py++) {
      const dy = py + 0.5 - o1;
      for (let px = x0; px <= x1; px++) {
        const dx = px + 0.5 - o0;
        const u = (dx * e2[1]! - e2[0]! * dy) / det;
        const v = (e1[0]! * dy - dx * e1[1]!) / det;
        if (u < -1e-9 || u > 1 + 1e-9 || v < -1e-9 || v > 1 + 1e-9) continue;
        const p = py * W + px;
        if (depth[p]! > d) continue;
        depth[p] = d;
        const seam =
          ((edges & 1) !== 0 && v < band) ||
          ((edges & 2) !== 0 && u > 1 - band) ||
          ((edges & 4) !== 0 && v > 1 - band) ||
          ((edges & 8) !== 0 && u < band);
        // An added block: every face edge outlined, dashed (four dashes along each edge).
        const rim = added !== 0 && (v < 2 * band || u > 1 - 2 * band || v > 1 - 2 * band || u < 2 * band);
        pixels[p] = rim && Math.floor((u + v) * 4) % 2 === 0 ? ADDED_OUTLINE : index + (seam ? 1 : 0);
      }
    }
  };
  for (let z = 0, cell = 0; z < nz; z++) {
    for (let y = 0; y < ny; y++) {
      for (let x = 0; x < nx; x++, cell++) {
        const id = owner[cell]!;
        if (id < 0) continue;
        const top = z + 1 >= nz || owner[cell + layerSize]! < 0;
        const right = x + 1 >= nx || owner[cell + 1]! < 0;
        const left = y + 1 >= ny || owner[cell + nx]! < 0;
        if (!top && !right && !left) continue;
        const d = x + y + z;
        const base = 1 + blockColour[id]! * 6;
        const sx = ox + (x - y) * COS30 * sr;
        const sy = oy + ((x + y) / 2 - z) * sr;
        const other = (a: number, b: number, c: number) => (at(a, b, c) === id ? 0 : 1);
        if (top) {
          // From (x, y, z + 1): u along x, v along y.
          const edges =
            other(x, y - 1, z) |
            (other(x + 1, y, z) << 1) |
            (other(x, y + 1, z) << 2) |
            (other(x - 1, y, z) << 3);
          fill(sx, sy - sr, ex, ey, d, base, edges, blockAdded[id]!);
        }
        if (right) {
          // From (x + 1, y, z): u along y, v along z.
          const edges =
            other(x, y, z - 1) |
            (other(x, y + 1, z) << 1) |
            (other(x, y, z + 1) << 2) |
            (other(x, y - 1, z) << 3);
          fill(sx + ex[0]!, sy + ex[1]!, ey, ez, d, base + 2, edges, blockAdded[id]!);
        }
        if (left) {
          // From (x, y + 1, z): u along x, v along z.
          const edges =
            other(x, y, z - 1) |
            (other(x + 1, y, z) << 1) |
            (other(x, y, z + 1) << 2) |
            (other(x - 1, y, z) << 3);
          fill(sx + ey[0]!, sy + ey[1]!, ex, ez, d, base + 4, edges, blockAdded[id]!);
        }
      }
    }
  }
  const png = encodeIndexedPng(W, H, pixels, palette, background ? undefined : new Uint8Array([0]));
  return `<image width="${width}" height="${height}" href="data:image/png;base64,${toBase64(png)}"/>`;
}
