// The procedural provider (default, offline): a prompt → its reading → recipes for a library design,
// one per variant seed → validated programs. A prompt describing a use kits are not allowed for is
// refused at once with the rule; words not understood are listed and make the result `degraded`; a
// prompt naming no design the library has is answered `unknown` with the nearest designs, and
// nothing is made in its place (a name plate is made when the prompt asks for one).

import {
  BLOCKED_USE_CASE_REASONS,
  type PromptUseRestriction,
  promptUseRestrictions,
} from '@kitwright/contracts';
import { type BuildReport, validateBuild } from '../build/validate-build';
import type { BlockKit } from '../kit/block-kit';
import { buildBlockKit } from '../kit/build-block-kit';
import { renderPreviewSvg } from '../preview/render-preview-svg';
import type { VoxelGrid } from '../voxel/voxel-grid';
import { composeProgram, type DesignRecipe, designById, designParams, type PartLookChoice } from './compose';
import { type DesignSuggestion, nearestDesigns } from './nearest-designs';
import { type DesignProgram, validateProgram } from './program';
import { type PromptReading, readPrompt } from './read-prompt';
import { voxeliseProgram } from './voxelise-program';

export const DEFAULT_DESIGN_SIZE = 24;
export const VARIANT_COUNT = 3;

export interface DesignVariant {
  seed: number;
  /** How a library design was composed; null for a program a language model wrote. */
  recipe: DesignRecipe | null;
  program: DesignProgram;
}

export interface DesignRefusal extends PromptUseRestriction {
  rule: string;
}

/** A prompt whose design the library does not have: the word, and the designs offered instead. */
export interface UnknownDesign {
  word: string;
  suggestions: DesignSuggestion[];
}

export interface DesignProposal {
  status: 'success' | 'degraded' | 'refused' | 'unknown';
  /** Why it is degraded or refused, in plain words. */
  reason?: string;
  reading: PromptReading;
  refusal?: DesignRefusal;
  unknown?: UnknownDesign;
  /** Empty when refused or unknown; otherwise VARIANT_COUNT variants, the first being the one built. */
  variants: DesignVariant[];
  /** Which provider answered (`procedural`, `http`), and why a fallback happened if one did. */
  provider: string;
  fallback?: string;
}

export interface ProposeOptions {
  /** Longest side in cells when the prompt gives none. */
  size?: number;
  /** First variant's seed; variants use seed, seed + 1, ... ("design again" moves it on). */
  seed?: number;
  locale?: string;
}

/** A small deterministic generator (mulberry32), so a seed always gives the same variant. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function refusalOf(prompt: string): DesignRefusal | null {
  const [first] = promptUseRestrictions(prompt);
  return first ? { ...first, rule: BLOCKED_USE_CASE_REASONS[first.use_case] } : null;
}

/** The recipe for one variant: the prompt's choices kept, the rest of the parameters varied by seed. */
export function variantRecipe(
  reading: PromptReading,
  designId: string,
  size: number,
  seed: number,
): DesignRecipe {
  const design = designById(designId)!;
  const random = seededRandom(seed * 7919 + 17);
  const params: Record<string, number> = {};
  for (const p of design.params) {
    if (reading.params[p.id] !== undefined) params[p.id] = reading.params[p.id]!;
    else if (seed === 0) params[p.id] = p.default;
    else params[p.id] = p.min + Math.floor(random() * (p.max - p.min + 1));
  }
  const first = design.body ?? Object.keys(design.parts)[0]!;
  const looks: Record<string, PartLookChoice> = {};
  // Colours the word brings ("sunflower": yellow petals), then the prompt's own, which win.
  for (const [part, colour] of Object.entries(design.wordLooks?.[reading.designWord ?? ''] ?? {}))
    looks[part] = { colour };
  for (const [part, look] of Object.entries(reading.looks))
    looks[part === 'body' ? first : part] = { ...looks[part === 'body' ? first : part], ...look };
  const recipe: DesignRecipe = {
    design: designId,
    size: Math.round(size * reading.sizeFactor),
    params: designParams(design, params),
    looks,
    seed,
  };
  if (Object.keys(reading.sides).length > 0) recipe.sides = { ...reading.sides };
  if (reading.text) recipe.text = reading.text;
  if (reading.companion) {
    const other = designById(reading.companion.design)!;
    const otherFirst = other.body ?? Object.keys(other.parts)[0]!;
    const otherLooks: Record<string, PartLookChoice> = {};
    for (const [part, look] of Object.entries(reading.companionLooks ?? {}))
      otherLooks[part === 'body' ? otherFirst : part] = { ...look };
    recipe.companion = {
      design: other.id,
      place: reading.companion.place,
      params: designParams(other, {}),
      looks: otherLooks,
    };
  }
  return recipe;
}

/** The answer to a prompt naming no design the library has: what it named, and what is near. */
export function unknownDesign(reading: PromptReading): UnknownDesign {
  const word = reading.unknown ?? '';
  return { word, suggestions: nearestDesigns(word, reading.language) };
}

export function proposeDesigns(prompt: string, options: ProposeOptions = {}): DesignProposal {
  const reading = readPrompt(prompt, options.locale);
  const refusal = refusalOf(prompt);
  if (refusal) {
    return {
      status: 'refused',
      reason: `"${refusal.matched}" describes a use block kits are not allowed for: ${refusal.rule}`,
      reading,
      refusal,
      variants: [],
      provider: 'procedural',
    };
  }
  const designId = reading.design;
  if (!designId) {
    // Nothing made in its place: the person is told, offered the nearest designs, and can ask for
    // a name plate of the word if that is what they want.
    const unknown = unknownDesign(reading);
    const offered = unknown.suggestions.map((s) => s.name).join(', ');
    return {
      status: 'unknown',
      reason: unknown.word
        ? `No design called "${unknown.word}" yet. Nearest designs: ${offered}.`
        : `The prompt names no design. Designs to start from: ${offered}.`,
      reading,
      unknown,
      variants: [],
      provider: 'procedural',
    };
  }
  const reasons: string[] = [];
  if (reading.ignored.length > 0) reasons.push(`Not understood, so not used: ${reading.ignored.join(', ')}.`);
  const size = reading.size ?? options.size ?? DEFAULT_DESIGN_SIZE;
  const seed = options.seed ?? 0;
  // Variants differ: a seed whose program repeats an earlier variant's is passed over (a few
  // tries; a design with no free parameter gives the same design three times).
  const variants: DesignVariant[] = [];
  const seen = new Set<string>();
  let next = seed;
  for (let k = 0; k < VARIANT_COUNT; k++) {
    let recipe = variantRecipe(reading, designId, size, next);
    let program = composeProgram(recipe);
    for (let tries = 0; tries < 8 && seen.has(JSON.stringify(program)); tries++) {
      recipe = variantRecipe(reading, designId, size, ++next);
      program = composeProgram(recipe);
    }
    seen.add(JSON.stringify(program));
    variants.push({ seed: next, recipe, program });
    next++;
  }
  const proposal: DesignProposal = {
    status: reasons.length > 0 ? 'degraded' : 'success',
    reading,
    variants,
    provider: 'procedural',
  };
  if (reasons.length > 0) proposal.reason = reasons.join(' ');
  return proposal;
}

export interface BuiltDesign {
  grid: VoxelGrid;
  kit: BlockKit;
  buildReport: BuildReport;
  previewSvg: string;
}

/** Voxelises a program (validated again: it may come from a stored draft or a model) and builds its kit. */
export function buildDesign(program: unknown, useCase = 'free_standing'): BuiltDesign {
  const checked = validateProgram(program);
  if (!checked.ok)
    throw new RangeError(
      `The design program is not valid: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
    );
  const grid = voxeliseProgram(checked.program);
  const kit = buildBlockKit(grid);
  const buildReport = validateBuild(kit, { useCase, grid });
  return { grid, kit, buildReport, previewSvg: renderPreviewSvg(kit) };
}
