/**
 * The check a Mode B prompt passes before any draft or job exists, beside the blocked-use rule
 * (service.ts, `refuseBlockedPrompt`): it names a design the library has.
 */
import { readPrompt, unknownDesign } from '@kitwright/mesher';
import { AppError } from '../../platform/errors';

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
