// Isometric SVG preview of a kit for listing media: exposed cell faces drawn far-to-near (cells of
// equal x+y+z never overlap in this projection, so same-coloured faces of one depth share a path),
// shaded per face direction, with block outlines drawn where neighbouring cells belong to another block.
// Blocks added to join loose groups (not part of the model) are outlined dashed, so they show as added.

import { readKitStructure } from '../build/kit-structure';
import { hexToRgb, PALETTE } from '../colour/palette';
import type { BlockKit } from '../kit/block-kit';

export interface PreviewOptions {
  /** Pixels per cell edge; by default chosen so the image is about 640 px wide. */
  cellPixels?: number;
  background?: string | null;
}

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

export function renderPreviewSvg(kit: BlockKit, options: PreviewOptions = {}): string {
  const structure = readKitStructure(kit);
  const [nx, ny, nz] = structure.dims;
  const layerSize = nx * ny;
  const owner = structure.owner;
  const colourHex = new Map(PALETTE.map((c) => [c.id, c.hex]));
  const widthCells = (nx + ny) * COS30;
  const s = options.cellPixels ?? Math.max(2, Math.min(40, 640 / Math.max(1, widthCells)));
  const width = Math.ceil(widthCells * s + 2 * s);
  const height = Math.ceil(((nx + ny) / 2 + nz) * s + 2 * s);
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
  const background = options.background === undefined ? '#ffffff' : options.background;
  const title = `Block kit: ${kit.metrics.partCount} blocks, ${nx}×${ny}×${nz} cells`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    background ? `<rect width="100%" height="100%" fill="${background}"/>` : '',
    ...parts,
    '</svg>',
  ].join('');
}
