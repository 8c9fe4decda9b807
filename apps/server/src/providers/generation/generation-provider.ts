/**
 * Who writes a Mode B prompt's design: `procedural` (the mesher's design library, offline) or
 * `http` (an OpenAI-compatible chat endpoint writing a program in the design language, checked by
 * the language's validator, with procedural as the fallback on any failure).
 */
import { type DesignProposal, type ProposeOptions, proposeDesigns } from '@kitwright/mesher';

export interface GenerationProvider {
  readonly id: 'procedural' | 'http';
  /** null: let the mesher thread make the procedural proposal itself (no network, nothing to pass). */
  propose(prompt: string, options: ProposeOptions, signal: AbortSignal): Promise<DesignProposal | null>;
}

export const proceduralGeneration: GenerationProvider = {
  id: 'procedural',
  async propose() {
    return null;
  },
};

/** The procedural proposal, marked as the fallback of a provider that failed, and why. */
export function fallbackProposal(prompt: string, options: ProposeOptions, why: string): DesignProposal {
  return { ...proposeDesigns(prompt, options), fallback: why };
}

/** Why a proposal is a fallback (the provider's failure, for its trace), or null when it is not one. */
export function fallbackReason(answer: unknown): string | null {
  if (typeof answer !== 'object' || answer === null || !('fallback' in answer)) return null;
  return typeof answer.fallback === 'string' ? answer.fallback : null;
}
