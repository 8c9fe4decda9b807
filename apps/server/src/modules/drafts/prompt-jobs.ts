/**
 * A prompt's job (Mode B): the design is proposed (by the generation provider, or from the programs
 * a language model wrote last time when only the owner's edits changed), made by the mesher in its
 * thread, and its kit stored with the generation record the draft keeps to edit and regenerate.
 */
import { type DesignOutcome, type DesignProposal, designById, validateProgram } from '@kitwright/mesher';
import { JobError } from '../../platform/jobs';
import type { DraftJobsContext, DraftRun } from './context';
import type { DraftJobPayload } from './jobs';
import { storeKit } from './kit-store';
import { kitSummary } from './kit-summary';
import { buildValidation, runThread } from './mesher-runs';
import * as repo from './repo';

interface StoredVariant {
  seed?: unknown;
  recipe?: { design?: unknown } | null;
  program?: unknown;
  source?: unknown;
}

/**
 * A rebuild with the owner's edits of a design a language model wrote: the programs it wrote last
 * time (kept with the draft), so the edits apply to the design the owner saw rather than to a new
 * answer. Null (ask the provider) for a first generation, "design again" (another seed), a new
 * prompt, a procedural generation, or anything stored that is no longer a valid program.
 */
async function storedModelProposal(
  ctx: DraftJobsContext,
  p: DraftJobPayload,
): Promise<DesignProposal | null> {
  if (!p.design || !p.prompt) return null;
  const row = await repo.findDraft(ctx.db, p.draft_id);
  const validation = row?.validation as {
    generation?: Record<string, unknown>;
    last_generation?: Record<string, unknown>;
  } | null;
  const g = (validation?.generation ?? validation?.last_generation) as
    | {
        provider?: unknown;
        fallback?: unknown;
        interpretation?: { prompt?: unknown; understood?: unknown; ignored?: unknown } | null;
        design?: { variants?: unknown };
      }
    | undefined;
  if (g?.provider !== 'http' || g.fallback || g.interpretation?.prompt !== p.prompt) return null;
  const stored = g.design?.variants;
  if (!Array.isArray(stored) || stored.length === 0) return null;
  const variants: DesignProposal['variants'] = [];
  for (const v of stored as StoredVariant[]) {
    if (typeof v.seed !== 'number') return null;
    const checked = validateProgram(v.source ?? v.program);
    if (!checked.ok) return null;
    if (v.recipe && (typeof v.recipe.design !== 'string' || !designById(v.recipe.design))) return null;
    variants.push({
      seed: v.seed,
      recipe: (v.recipe ?? null) as DesignProposal['variants'][number]['recipe'],
      program: checked.program,
    });
  }
  if ((p.design.seed ?? 0) !== variants[0]!.seed) return null;
  const words = (value: unknown) =>
    Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
  return {
    status: 'success',
    reading: {
      prompt: p.prompt,
      language: 'en',
      design: null,
      sizeFactor: 1,
      sides: {},
      params: {},
      looks: {},
      understood: words(g.interpretation?.understood),
      ignored: words(g.interpretation?.ignored),
    },
    variants,
    provider: 'http',
  };
}

export async function generate(
  ctx: DraftJobsContext,
  run: DraftRun,
  p: DraftJobPayload,
): Promise<DesignOutcome> {
  const out = await run.step('generate', async () => {
    const prompt = p.prompt ?? '';
    const proposal =
      (await storedModelProposal(ctx, p)) ??
      (await ctx.generation.propose(
        prompt,
        { size: p.size, seed: p.design?.seed ?? 0, locale: p.locale },
        run.signal,
      ));
    return runThread(ctx, run, {
      kind: 'prompt',
      prompt,
      size: p.size,
      locale: p.locale,
      useCase: 'free_standing',
      choice: p.design ?? null,
      ...(proposal ? { proposal } : {}),
    });
  });
  if (out.kind !== 'prompt') throw new JobError('PROCESSING_FAILED', 'Unexpected generator answer.', true);
  // A prompt describing a use kits are not allowed for is answered at once with the rule.
  if (out.result.status === 'refused')
    throw new JobError('USE_CASE_BLOCKED', out.result.reason ?? 'This use is not allowed.', false);
  // A prompt naming no design the library has: nothing is made in its place (the request is
  // answered at once for new drafts; this is the second line, as for a blocked use).
  if (out.result.status === 'unknown')
    throw new JobError(
      'NO_DESIGN',
      out.result.reason ?? 'No design in the library is called that yet.',
      false,
    );
  return out.result;
}

/** What a degraded job says was not honoured: the generator's reason, or the words it ignored. */
export function degradedReason(reason: string | null | undefined, ignored: readonly string[]): string {
  if (reason?.trim()) return reason.trim();
  if (ignored.length > 0) return `Not used: ${ignored.join(', ')}.`;
  return 'Part of the request was not honoured.';
}

export async function storePromptDesign(
  ctx: DraftJobsContext,
  run: DraftRun,
  p: DraftJobPayload,
  outcome: DesignOutcome,
) {
  const { kit, previewSvg, buildReport } = outcome;
  if (!kit || !previewSvg || !buildReport)
    throw new JobError('PROCESSING_FAILED', 'The generator made no kit.', true);
  const files = await run.step('store', () => storeKit(ctx, run, kit, previewSvg));
  const chosen = outcome.variants[outcome.chosen];
  // Part of the prompt not honoured (words ignored, no design named, checks failed): the job ends
  // `degraded`, with the kit usable and the reason kept on the job as well as in the generation.
  if (outcome.status === 'degraded') run.degrade(degradedReason(outcome.reason, outcome.ignored));
  return {
    generation: {
      status: outcome.status,
      reason: outcome.reason ?? null,
      provider: outcome.provider,
      fallback: outcome.fallback ?? null,
      interpretation: {
        prompt: p.prompt,
        // The design the prompt named (null: none, and the app says which designs exist).
        shape: outcome.named ?? (outcome.provider === 'http' ? (chosen?.design ?? null) : null),
        template: chosen?.design ?? null,
        size: chosen ? { width: chosen.bounds[0], depth: chosen.bounds[1], height: chosen.bounds[2] } : null,
        understood: outcome.understood,
        ignored: outcome.ignored,
      },
      // The draft keeps every variant's recipe and program, so it can be edited and regenerated.
      design: { chosen: outcome.chosen, variants: outcome.variants },
    },
    ...files,
    summary: kitSummary(kit),
    build: buildValidation(buildReport),
  };
}
