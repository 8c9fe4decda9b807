/** Reading a draft's `validation` record (free-form in the contract) into the parts screens show. */
import type { Draft } from '@kitwright/contracts';

export interface Finding {
  code: string;
  message: string;
}

export interface BuildCheck {
  buildable: boolean;
  allowed: boolean;
  stability: string;
  problems: Finding[];
}

export interface Generation {
  status: 'success' | 'degraded';
  reason: string | null;
  interpretation: {
    shape: string | null;
    template?: string;
    size?: { width: number; depth: number; height: number };
    understood?: string[];
    ignored?: string[];
    notes?: string[];
  } | null;
}

export function buildCheckOf(draft: Draft): BuildCheck | null {
  const build = draft.validation.build as BuildCheck | undefined;
  return build && typeof build.buildable === 'boolean' ? { ...build, problems: build.problems ?? [] } : null;
}

export function generationOf(draft: Draft): Generation | null {
  const g = draft.validation.generation as Generation | undefined;
  return g && (g.status === 'success' || g.status === 'degraded') ? g : null;
}

export function meshFindingsOf(draft: Draft): Finding[] {
  const mesh = draft.validation.mesh as { findings?: Finding[] } | undefined;
  return Array.isArray(mesh?.findings) ? mesh.findings : [];
}

export function modelErrorOf(draft: Draft): Finding | null {
  const error = draft.validation.error as Finding | undefined;
  return error && typeof error.code === 'string' ? error : null;
}
