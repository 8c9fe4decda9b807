/**
 * Reading a draft's `validation` record (free-form in the contract) into the parts screens show.
 * The records are what the server's jobs wrote from the mesher's reports, so their shapes are the
 * mesher's types (imported as types only: the app does not bundle the mesher).
 */
import type { Draft } from '@kitwright/contracts';
import type {
  BuildProblem,
  BuildReport,
  DesignOutcome,
  MeshFinding,
  VariantSummary,
} from '@kitwright/mesher';

/** A problem or note with its stable code (the sentence shown comes from the code). */
export type Finding = Pick<MeshFinding | BuildProblem, 'code' | 'message'>;

/** The build verdict as the kit job keeps it: the report's flags, its stability verdict and problems. */
export interface BuildCheck extends Pick<BuildReport, 'buildable' | 'allowed'> {
  stability: BuildReport['stability']['verdict'];
  problems: Finding[];
}

/** What the prompt job kept of how it read the prompt (the server's `generation.interpretation`). */
export interface PromptInterpretation {
  prompt: string | null;
  /** The library design the prompt named; null when it named none. */
  shape: string | null;
  /** The design that was made. */
  template: string | null;
  size: { width: number; depth: number; height: number } | null;
  understood: string[];
  ignored: string[];
}

/** How a prompt was designed: a success, or a best effort with the reason and what was read. */
export interface Generation {
  status: Exclude<DesignOutcome['status'], 'refused'>;
  reason: string | null;
  interpretation: Partial<PromptInterpretation> | null;
}

export function buildCheckOf(draft: Draft): BuildCheck | null {
  const build = draft.validation.build as BuildCheck | undefined;
  return build && typeof build.buildable === 'boolean' ? { ...build, problems: build.problems ?? [] } : null;
}

export function generationOf(draft: Draft): Generation | null {
  const g = draft.validation.generation as Generation | undefined;
  return g && (g.status === 'success' || g.status === 'degraded') ? g : null;
}

/** A prompt design's variants as its generation kept them (what each exposes to edit). */
export interface DesignVariants {
  chosen: number;
  variants: Array<Pick<VariantSummary, 'seed' | 'design' | 'parameters' | 'parts' | 'bounds'>>;
}

export function designVariantsOf(draft: Draft): DesignVariants | null {
  const d = (draft.validation.generation as { design?: DesignVariants } | undefined)?.design;
  return d && Array.isArray(d.variants) && d.variants.length > 0 ? d : null;
}

export function meshFindingsOf(draft: Draft): Finding[] {
  const mesh = draft.validation.mesh as { findings?: Finding[] } | undefined;
  return Array.isArray(mesh?.findings) ? mesh.findings : [];
}

export function modelErrorOf(draft: Draft): Finding | null {
  const error = draft.validation.error as Finding | undefined;
  return error && typeof error.code === 'string' ? error : null;
}
