/**
 * The server's refusal of a prompt for a use kits are not allowed for (422 `USE_CASE_BLOCKED`,
 * `details.source: 'prompt'`): the server is the authority, so the app shows its answer even when
 * its own copy of the rule (`promptUseRestrictions`) did not see the words, and shows it in the
 * person's language from the use and the words the server names.
 */
import { BLOCKED_USE_CASES, type BlockedUseCase } from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';

export interface PromptRefusal {
  use_case: BlockedUseCase;
  /** The words of the prompt that describe the use, as the server read them. */
  matched: string;
}

export function promptRefusalOf(error: unknown): PromptRefusal | null {
  if (!isKitwrightError(error) || error.code !== 'USE_CASE_BLOCKED') return null;
  const details = error.details ?? {};
  if (details.source !== 'prompt') return null;
  const useCase = details.use_case;
  if (typeof useCase !== 'string' || !(BLOCKED_USE_CASES as readonly string[]).includes(useCase)) return null;
  return {
    use_case: useCase as BlockedUseCase,
    matched: typeof details.matched === 'string' ? details.matched : '',
  };
}
