// Mode B's generation step: a prompt (or a program a provider wrote) and the owner's choices
// (variant, seed, parameters, colours per part) → the chosen variant's kit, checked like any kit.
// The draft keeps the recipe and program of every variant, so it can be edited and rebuilt.

import type { BuildReport } from '../build/validate-build';
import { isPaletteColourId } from '../colour/palette';
import type { BlockKit } from '../kit/block-kit';
import {
  companionPartName,
  composeProgram,
  type DesignRecipe,
  designBounds,
  designById,
  designParams,
} from './compose';
import type { DesignParam } from './library';
import {
  buildDesign,
  type DesignProposal,
  type ProposeOptions,
  proposeDesigns,
  type UnknownDesign,
  VARIANT_COUNT,
} from './procedural';
import type { DesignProgram } from './program';
import { applyProgramParams, programParams } from './program-edits';

/** What the owner changed after generation. */
export interface DesignChoice {
  /** First variant's seed ("design again" moves it on by the variant count). */
  seed?: number;
  /** Which of the variants to build (0 to VARIANT_COUNT - 1). */
  variant?: number;
  /** Values of the parameters the chosen design exposes (clamped to their bounds). */
  params?: Record<string, number>;
  /** Palette colour per part name. */
  colours?: Record<string, string>;
  /** Longest side in cells, replacing the prompt's size. */
  size?: number;
}

export interface VariantSummary {
  seed: number;
  design: string;
  recipe: DesignRecipe | null;
  program: DesignProgram;
  /**
   * A model-written variant's program as the model wrote it, before the owner's edits: what its
   * controls are measured on, and what a rebuild with other edits starts from.
   */
  source?: DesignProgram;
  /**
   * The parameters the design exposes, with their bounds and current values: a library design's
   * own, or for a model-written program its size and its parts' heights and widths (program-edits.ts).
   */
  parameters: Array<DesignParam & { value: number }>;
  /** Each part and its main colour. */
  parts: Array<{ name: string; colour: string }>;
  bounds: [number, number, number];
}

export interface DesignOutcome {
  /**
   * `refused`: a use kits are not allowed for; `unknown`: no design in the library is called what
   * the prompt names (`unknown` says the word and the nearest designs). Neither has a kit.
   */
  status: 'success' | 'degraded' | 'refused' | 'unknown';
  reason?: string;
  provider: string;
  fallback?: string;
  understood: string[];
  ignored: string[];
  /** The library design the prompt named; null when it named none (or a model wrote the design). */
  named: string | null;
  refusal?: DesignProposal['refusal'];
  unknown?: UnknownDesign;
  chosen: number;
  variants: VariantSummary[];
  /** Absent when the prompt was refused or named no design the library has. */
  kit?: BlockKit;
  buildReport?: BuildReport;
  previewSvg?: string;
}

export interface GenerateDesignOptions extends ProposeOptions {
  choice?: DesignChoice | null;
  useCase?: string;
  /** A proposal already made (the http provider's); otherwise the procedural provider makes one. */
  proposal?: DesignProposal;
}

function summarise(
  seed: number,
  recipe: DesignRecipe | null,
  program: DesignProgram,
  source?: { program: DesignProgram; values: Record<string, number> },
): VariantSummary {
  const design = recipe ? designById(recipe.design) : undefined;
  const params = design && recipe ? designParams(design, recipe.params) : {};
  return {
    seed,
    design: recipe?.design ?? program.name,
    recipe,
    program,
    ...(source ? { source: source.program } : {}),
    parameters: design
      ? design.params.map((p) => ({ ...p, value: params[p.id]! }))
      : source
        ? programParams(source.program).map((p) => ({ ...p, value: source.values[p.id] ?? p.value }))
        : [],
    parts: program.parts
      .filter((p) => p.mode !== 'carve')
      .map((p) => ({ name: p.name, colour: 'colour' in p.paint ? p.paint.colour : p.paint.colours[0]! })),
    bounds: recipe && design && !recipe.companion ? designBounds(design, recipe) : program.bounds,
  };
}

/** The chosen variant's recipe with the owner's parameters and colours applied. */
function applyChoice(recipe: DesignRecipe, choice: DesignChoice): DesignRecipe {
  const design = designById(recipe.design)!;
  const looks = { ...recipe.looks };
  const other = recipe.companion ? designById(recipe.companion.design) : undefined;
  const otherLooks = { ...(recipe.companion?.looks ?? {}) };
  for (const [part, colour] of Object.entries(choice.colours ?? {})) {
    if (!isPaletteColourId(colour)) continue;
    if (part in design.parts || (part === 'ground' && recipe.companion?.place === 'beside'))
      looks[part] = { ...looks[part], colour };
    else if (other)
      for (const own of Object.keys(other.parts))
        if (companionPartName(other, own) === part) otherLooks[own] = { ...otherLooks[own], colour };
  }
  const out: DesignRecipe = {
    ...recipe,
    params: designParams(design, { ...recipe.params, ...(choice.params ?? {}) }),
    looks,
  };
  if (recipe.companion) out.companion = { ...recipe.companion, looks: otherLooks };
  if (choice.size !== undefined) {
    out.size = choice.size;
    delete out.sides;
  }
  return out;
}

function applyColours(program: DesignProgram, choice: DesignChoice): DesignProgram {
  return {
    ...program,
    parts: program.parts.map((part) => {
      const colour = choice.colours?.[part.name];
      return colour && isPaletteColourId(colour) && part.mode !== 'carve'
        ? { ...part, paint: { colour } }
        : part;
    }),
  };
}

export function generateDesign(prompt: string, options: GenerateDesignOptions = {}): DesignOutcome {
  const choice = options.choice ?? {};
  const proposal =
    options.proposal ?? proposeDesigns(prompt, { ...options, seed: choice.seed ?? options.seed ?? 0 });
  const base = {
    provider: proposal.provider,
    ...(proposal.fallback ? { fallback: proposal.fallback } : {}),
    understood: proposal.reading.understood,
    ignored: proposal.reading.ignored,
    named: proposal.provider === 'http' ? null : proposal.reading.design,
  };
  if (proposal.status === 'refused' || proposal.status === 'unknown') {
    return {
      status: proposal.status,
      reason: proposal.reason ?? 'This use is not allowed.',
      ...base,
      ...(proposal.refusal ? { refusal: proposal.refusal } : {}),
      ...(proposal.unknown ? { unknown: proposal.unknown } : {}),
      chosen: 0,
      variants: [],
    };
  }
  const chosen = Math.max(0, Math.min(proposal.variants.length - 1, Math.round(choice.variant ?? 0)));
  const reasons = proposal.reason ? [proposal.reason] : [];
  const variants = proposal.variants.map((v, k) => {
    if (k !== chosen)
      return summarise(
        v.seed,
        v.recipe,
        v.program,
        v.recipe ? undefined : { program: v.program, values: {} },
      );
    if (v.recipe) {
      const recipe = applyChoice(v.recipe, choice);
      return summarise(v.seed, recipe, composeProgram(recipe));
    }
    // A model-written program: its derived controls (size, part heights and widths), then colours.
    const values = choice.params ?? {};
    const edited = applyProgramParams(v.program, values);
    if (!edited.ok) reasons.push(`The changes could not be made: ${edited.problems.join('; ')}.`);
    return summarise(v.seed, null, applyColours(edited.ok ? edited.program : v.program, choice), {
      program: v.program,
      values: edited.ok ? values : {},
    });
  });
  const built = buildDesign(variants[chosen]!.program, options.useCase ?? 'free_standing');
  if (!built.buildReport.buildable)
    reasons.push(
      `The design did not pass the build checks: ${built.buildReport.problems.map((p) => p.message).join(' ')}`,
    );
  const outcome: DesignOutcome = {
    status: proposal.status === 'degraded' || reasons.length > 0 ? 'degraded' : 'success',
    ...base,
    chosen,
    variants,
    kit: built.kit,
    buildReport: built.buildReport,
    previewSvg: built.previewSvg,
  };
  if (reasons.length > 0) outcome.reason = reasons.join(' ');
  return outcome;
}

export { VARIANT_COUNT };
