// Mode B: prompt → design → kit, through the same kit builder and validator as uploads. A prompt
// without a recognisable shape, or whose design fails validation, comes back `degraded` with the
// reason and a best-effort template, never as a silent success.

import { type BuildReport, validateBuild } from '../build/validate-build';
import type { BlockKit } from '../kit/block-kit';
import { buildBlockKit } from '../kit/build-block-kit';
import { renderPreviewSvg } from '../preview/render-preview-svg';
import {
  DESIGN_SHAPES,
  type DesignShape,
  type DesignSize,
  drawDesign,
  SHAPE_DEFAULTS,
  SHAPE_MINIMUMS,
} from './design-templates';
import { interpretPrompt, type PromptInterpretation } from './interpret-prompt';

export interface PromptDesignOptions {
  /** Longest side in blocks when the prompt gives no size (default 24). */
  size?: number;
  /** Only English prompts are understood; other locales are read as English and say so. */
  locale?: string;
  useCase?: string;
}

export interface PromptDesignOutcome {
  status: 'success' | 'degraded';
  reason?: string;
  interpretation: PromptInterpretation & { template: DesignShape; size: DesignSize; notes: string[] };
  kit: BlockKit;
  buildReport: BuildReport;
  previewSvg: string;
}

const DEFAULT_SIZE = 24;
const MAX_SIDE = 128;

function resolveSize(
  shape: DesignShape,
  interpretation: PromptInterpretation,
  fallbackLongest: number,
  notes: string[],
): DesignSize {
  const ratios = SHAPE_DEFAULTS[shape];
  const r = interpretation.requested;
  // A named side fixes the scale; a bare size ("a 30 cm tower") is the shape's longest side.
  const named = (['height', 'width', 'depth'] as const).find((key) => r[key] !== undefined);
  const scale = named ? r[named]! / ratios[named] : (r.longest ?? fallbackLongest);
  const size: DesignSize = {
    width: r.width ?? Math.round(scale * ratios.width),
    depth: r.depth ?? Math.round(scale * ratios.depth),
    height: r.height ?? Math.round(scale * ratios.height),
  };
  const minimum = SHAPE_MINIMUMS[shape];
  for (const key of ['width', 'depth', 'height'] as const) {
    if (size[key] < minimum[key]) {
      notes.push(
        `${key} raised from ${size[key]} to ${minimum[key]} blocks, the smallest a ${shape} can be built`,
      );
      size[key] = minimum[key];
    }
    if (size[key] > MAX_SIDE) {
      notes.push(`${key} capped at ${MAX_SIDE} blocks`);
      size[key] = MAX_SIDE;
    }
  }
  return size;
}

export function generateFromPrompt(prompt: string, options: PromptDesignOptions = {}): PromptDesignOutcome {
  const interpretation = interpretPrompt(prompt);
  const notes: string[] = [];
  const reasons: string[] = [];
  if (options.locale && !options.locale.toLowerCase().startsWith('en')) {
    notes.push(`prompts in "${options.locale}" are read as English`);
  }
  let template: DesignShape;
  if (interpretation.shape) template = interpretation.shape;
  else {
    template = 'box';
    reasons.push(
      `No shape was recognised in the prompt, so a plain block was made instead. Shapes understood: ${DESIGN_SHAPES.join(', ')}.`,
    );
  }
  const size = resolveSize(
    template,
    interpretation,
    Math.max(4, Math.min(MAX_SIDE, options.size ?? DEFAULT_SIZE)),
    notes,
  );
  const { body, ...parts } = interpretation.colours;
  const grid = drawDesign(template, size, parts, body ?? 'light-grey');
  const kit = buildBlockKit(grid);
  const buildReport = validateBuild(kit, { useCase: options.useCase ?? 'free_standing', grid });
  if (!buildReport.buildable) {
    reasons.push(
      `The generated design did not pass validation: ${buildReport.problems.map((p) => p.message).join(' ')}`,
    );
  }
  if (!buildReport.allowed) reasons.push(buildReport.useCase.reason ?? 'The use case is not allowed.');
  const outcome: PromptDesignOutcome = {
    status: reasons.length === 0 ? 'success' : 'degraded',
    interpretation: { ...interpretation, template, size, notes },
    kit,
    buildReport,
    previewSvg: renderPreviewSvg(kit),
  };
  if (reasons.length > 0) outcome.reason = reasons.join(' ');
  return outcome;
}
