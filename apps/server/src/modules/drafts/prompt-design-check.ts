/**
 * The checks a Mode B prompt passes before any draft or job exists: it asks for no use kits are
 * not allowed for (`refuseBlockedPrompt`), and it names a design the library has (`refuseUnknownDesign`).
 */
import { BLOCKED_USE_CASE_REASONS, promptUseRestrictions } from '@kitwright/contracts';
import { readPrompt, unknownDesign } from '@kitwright/mesher';
import { AppError } from '../../platform/errors';

/**
 * A prompt that asks for a use kits are not allowed for (a seat for people, something to climb,
 * a toy for small children, …) is refused at once with the rule, before any draft or job exists:
 * the server is the authority, whatever the app checked first (rule 4, contracts' `promptUseRestrictions`).
 */
export function refuseBlockedPrompt(prompt: string | null | undefined): void {
  const [restriction] = promptUseRestrictions(prompt);
  if (!restriction) return;
  const rule = BLOCKED_USE_CASE_REASONS[restriction.use_case];
  // The mesher's refusal says the same (procedural.ts), so the job and the request read alike.
  const message = `"${restriction.matched}" describes a use block kits are not allowed for: ${rule}`;
  throw new AppError('USE_CASE_BLOCKED', message, {
    use_case: restriction.use_case,
    safety: restriction.safety,
    source: 'prompt',
    matched: restriction.matched,
    rule,
    fields: { prompt: rule },
  });
}

/**
 * A prompt naming no design the library has is answered at once, with the nearest designs, rather
 * than making something else in its place (the procedural provider; a language model can draw
 * anything, so with `GENERATION_PROVIDER=http` the prompt goes to the model).
 */
export function refuseUnknownDesign(
  prompt: string | null | undefined,
  locale: string | null | undefined,
  provider: 'procedural' | 'http',
): void {
  if (provider !== 'procedural' || !prompt?.trim()) return;
  const reading = readPrompt(prompt, locale ?? undefined);
  if (reading.design) return;
  const unknown = unknownDesign(reading);
  const offered = unknown.suggestions.map((s) => s.name).join(', ');
  const message = unknown.word
    ? `No design called "${unknown.word}" yet. Nearest designs: ${offered}.`
    : `The prompt names no design. Designs to start from: ${offered}.`;
  throw new AppError('NO_DESIGN', message, {
    source: 'prompt',
    word: unknown.word,
    suggestions: unknown.suggestions,
    fields: { prompt: message },
  });
}
