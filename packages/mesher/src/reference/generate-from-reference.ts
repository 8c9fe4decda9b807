// Mode B from a reference picture: decoded pixels → a standing mosaic or a silhouette relief → the
// same voxel grid, kit builder, validator and preview as every other design. Deterministic: the
// same pixels and options give the same kit. A kit the validator does not pass comes back
// `degraded` with its reasons; a picture with no subject to extrude is refused (ReferenceFailure).

import { type BuildReport, validateBuild } from '../build/validate-build';
import { hexToRgb, PALETTE, paletteColourAt, paletteIndex } from '../colour/palette';
import { REFERENCE_KINDS, REFERENCE_LIMITS, type ReferenceKind } from '../constants';
import type { BlockKit } from '../kit/block-kit';
import { buildBlockKit } from '../kit/build-block-kit';
import { renderPreviewSvg } from '../preview/render-preview-svg';
import type { VoxelGrid } from '../voxel/voxel-grid';
import { drawMosaic } from './mosaic';
import {
  assertRgbaImage,
  type CropWindow,
  centredCrop,
  quantiseCells,
  type RgbaImage,
  sampleCells,
} from './reference-image';
import { bodyColour, drawRelief, subjectMask } from './relief';

export type { ReferenceKind };

export interface ReferenceDesignOptions {
  kind: ReferenceKind;
  /** Cells across (studs), REFERENCE_LIMITS.minWidth–maxWidth. */
  width: number;
  /** Relief only: layers from the ground to the top, REFERENCE_LIMITS.minDepth–maxDepth (default 4). */
  depth?: number;
  /** Floyd–Steinberg error diffusion between neighbouring cells (default false). */
  dithering?: boolean;
  /** 'keep' (default): rows follow the picture's aspect; 'square': as many rows as columns (centre crop). */
  aspect?: 'keep' | 'square';
  useCase?: string;
}

export interface ReferenceSummary {
  kind: ReferenceKind;
  /** Cells across and rows (the picture's grid). */
  width: number;
  height: number;
  /** Relief: layers; mosaic: the foot's depth front to back. */
  depth: number;
  dithering: boolean;
  aspect: 'keep' | 'square';
  source: { width: number; height: number };
  /** The part of the picture used (pixels), when its aspect had to be cut to fit. */
  crop: CropWindow;
  /** Picture cells per palette colour, most used first (frame, backing and body not counted). */
  colours: { id: string; cells: number }[];
  /** Mean deltaE (CIELAB 1976) between each picture cell's colour and the block colour it got. */
  mean_delta_e: number;
  /** Relief: how the subject was found. */
  subject: {
    method: 'alpha' | 'border';
    background: string | null;
    cells: number;
    dropped_cells: number;
  } | null;
  notes: string[];
}

export interface ReferenceDesignOutcome {
  status: 'success' | 'degraded';
  reason?: string;
  reference: ReferenceSummary;
  /** The cells the kit was laid out from (what the kit's cover check compared against). */
  grid: VoxelGrid;
  kit: BlockKit;
  buildReport: BuildReport;
  previewSvg: string;
}

export const REFERENCE_FAILURE_CODES = ['INVALID_REFERENCE_OPTIONS', 'NO_SUBJECT'] as const;
export type ReferenceFailureCode = (typeof REFERENCE_FAILURE_CODES)[number];

/** A picture or options the mesher cannot make anything of; the message is safe to show. */
export class ReferenceFailure extends Error {
  constructor(
    readonly code: ReferenceFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReferenceFailure';
  }
}

/** The frame, backing and foot of a mosaic. */
const MOSAIC_FRAME = 'black';
const MOSAIC_FRAME_RGB = hexToRgb(paletteColourAt(paletteIndex(MOSAIC_FRAME)).hex);
const DEFAULT_RELIEF_DEPTH = 4;

function checkOptions(options: ReferenceDesignOptions): Required<Omit<ReferenceDesignOptions, 'useCase'>> {
  const { minWidth, maxWidth, minDepth, maxDepth } = REFERENCE_LIMITS;
  if (!REFERENCE_KINDS.includes(options.kind))
    throw new ReferenceFailure(
      'INVALID_REFERENCE_OPTIONS',
      `kind must be one of ${REFERENCE_KINDS.join(', ')}.`,
    );
  if (!Number.isInteger(options.width) || options.width < minWidth || options.width > maxWidth)
    throw new ReferenceFailure('INVALID_REFERENCE_OPTIONS', `width must be ${minWidth}–${maxWidth} cells.`);
  const depth = options.depth ?? DEFAULT_RELIEF_DEPTH;
  if (!Number.isInteger(depth) || depth < minDepth || depth > maxDepth)
    throw new ReferenceFailure('INVALID_REFERENCE_OPTIONS', `depth must be ${minDepth}–${maxDepth} layers.`);
  return {
    kind: options.kind,
    width: options.width,
    depth,
    dithering: options.dithering ?? false,
    aspect: options.aspect ?? 'keep',
  };
}

/** Rows for the picture, and the window of it that keeps cells square (cut to the height limits). */
function gridOf(image: RgbaImage, width: number, aspect: 'keep' | 'square', notes: string[]) {
  const { minHeight, maxHeight } = REFERENCE_LIMITS;
  const wanted = aspect === 'square' ? width : Math.round((width * image.height) / image.width);
  const rows = Math.min(maxHeight, Math.max(minHeight, wanted));
  if (aspect === 'keep' && rows !== wanted)
    notes.push(
      `The picture was cut to ${width}×${rows} cells: ${wanted} rows is outside ${minHeight}–${maxHeight}.`,
    );
  return { rows, crop: centredCrop(image.width, image.height, width / rows) };
}

function colourCounts(indices: Int16Array): { id: string; cells: number }[] {
  const counts = new Map<number, number>();
  for (const index of indices) if (index >= 0) counts.set(index, (counts.get(index) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([index, cells]) => ({ id: PALETTE[index]!.id, cells }));
}

export function generateFromReference(
  image: RgbaImage,
  input: ReferenceDesignOptions,
): ReferenceDesignOutcome {
  assertRgbaImage(image);
  const options = checkOptions(input);
  const notes: string[] = [];
  const { rows, crop } = gridOf(image, options.width, options.aspect, notes);
  const samples = sampleCells(image, crop, options.width, rows);
  let grid: VoxelGrid;
  let quantised: ReturnType<typeof quantiseCells>;
  let subject: ReferenceSummary['subject'] = null;
  let depth: number;
  if (options.kind === 'mosaic') {
    // Transparent parts of a picture show the frame's colour behind them.
    const flattened = { ...samples, rgb: samples.rgb.slice() };
    const [fr, fg, fb] = MOSAIC_FRAME_RGB;
    for (let cell = 0; cell < rows * options.width; cell++) {
      const a = samples.coverage[cell]!;
      flattened.rgb[cell * 3] = samples.rgb[cell * 3]! * a + fr * (1 - a);
      flattened.rgb[cell * 3 + 1] = samples.rgb[cell * 3 + 1]! * a + fg * (1 - a);
      flattened.rgb[cell * 3 + 2] = samples.rgb[cell * 3 + 2]! * a + fb * (1 - a);
    }
    quantised = quantiseCells(flattened, options.dithering);
    const layout = drawMosaic(quantised.indices, options.width, rows, MOSAIC_FRAME);
    grid = layout.grid;
    depth = layout.foot.depth;
  } else {
    const found = subjectMask(samples);
    if (found.cells < 4)
      throw new ReferenceFailure(
        'NO_SUBJECT',
        'No subject stands out from the background of this picture. Try a picture with a plain background, or a mosaic.',
      );
    subject = {
      method: found.method,
      background: found.background,
      cells: found.cells,
      dropped_cells: found.droppedCells,
    };
    if (found.droppedCells > 0)
      notes.push(
        `${found.droppedCells} cells apart from the main subject were left out, so the relief is one piece.`,
      );
    quantised = quantiseCells(samples, options.dithering, found.mask);
    depth = options.depth;
    grid = drawRelief(
      quantised.indices,
      options.width,
      rows,
      depth,
      paletteIndex(bodyColour(quantised.indices)),
    );
  }
  let errorSum = 0;
  let kept = 0;
  for (let cell = 0; cell < quantised.indices.length; cell++) {
    if (quantised.indices[cell]! < 0) continue;
    errorSum += quantised.error[cell]!;
    kept++;
  }
  const kit = buildBlockKit(grid);
  const buildReport = validateBuild(kit, { useCase: input.useCase ?? 'decorative', grid });
  const reasons: string[] = [];
  if (!buildReport.buildable)
    reasons.push(
      `The design did not pass validation: ${buildReport.problems.map((p) => p.message).join(' ')}`,
    );
  if (!buildReport.allowed) reasons.push(buildReport.useCase.reason ?? 'The use case is not allowed.');
  const outcome: ReferenceDesignOutcome = {
    status: reasons.length === 0 ? 'success' : 'degraded',
    reference: {
      kind: options.kind,
      width: options.width,
      height: rows,
      depth,
      dithering: options.dithering,
      aspect: options.aspect,
      source: { width: image.width, height: image.height },
      crop,
      colours: colourCounts(quantised.indices),
      mean_delta_e: kept > 0 ? Math.round((errorSum / kept) * 100) / 100 : 0,
      subject,
      notes,
    },
    grid,
    kit,
    buildReport,
    previewSvg: renderPreviewSvg(kit),
  };
  if (reasons.length > 0) outcome.reason = reasons.join(' ');
  return outcome;
}
