// The spec's use-case gate: free-standing and decorative kits pass; every other use is refused with
// the contract's reason.

import { BLOCKED_USE_CASE_REASONS, isAllowedUseCase, isUseCase } from '@kitwright/contracts';

export interface UseCaseDecision {
  useCase: string;
  allowed: boolean;
  reason: string | null;
}

export function checkUseCase(useCase: string): UseCaseDecision {
  if (isAllowedUseCase(useCase)) return { useCase, allowed: true, reason: null };
  if (isUseCase(useCase))
    return {
      useCase,
      allowed: false,
      reason: BLOCKED_USE_CASE_REASONS[useCase as keyof typeof BLOCKED_USE_CASE_REASONS],
    };
  return {
    useCase,
    allowed: false,
    reason: `"${useCase}" is not a known use case; kits are offered for free-standing or decorative use.`,
  };
}
