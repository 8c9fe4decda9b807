/**
 * The server's answer to a prompt naming no design the library has (422 `NO_DESIGN`, `details.source:
 * 'prompt'`): the word it named and the nearest designs, each with its name in the prompt's language.
 * Nothing was made in its place; the prompt page offers the designs and a name plate of the word.
 */
import { isKitwrightError } from '@kitwright/sdk';

export interface UnknownDesign {
  word: string;
  suggestions: Array<{ design: string; name: string }>;
}

export function unknownDesignOf(error: unknown): UnknownDesign | null {
  if (!isKitwrightError(error) || error.code !== 'NO_DESIGN') return null;
  const details = error.details ?? {};
  if (details.source !== 'prompt') return null;
  const suggestions = Array.isArray(details.suggestions)
    ? details.suggestions.filter(
        (s): s is { design: string; name: string } =>
          typeof s === 'object' && s !== null && typeof s.design === 'string' && typeof s.name === 'string',
      )
    : [];
  return { word: typeof details.word === 'string' ? details.word : '', suggestions };
}
