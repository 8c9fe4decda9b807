/**
 * Physical use cases of a design (spec, Delivery phases rule 4). Free-standing and decorative
 * configurations are active; the others stay blocked until their gates are approved.
 */
export const ALLOWED_USE_CASES = ['free_standing', 'decorative'] as const;
export const BLOCKED_USE_CASES = [
  'cladding',
  'structural',
  'electrical',
  'wet_area',
  'child_use',
  'regulated',
] as const;
export const USE_CASES = [...ALLOWED_USE_CASES, ...BLOCKED_USE_CASES] as const;

export type AllowedUseCase = (typeof ALLOWED_USE_CASES)[number];
export type BlockedUseCase = (typeof BLOCKED_USE_CASES)[number];
export type UseCase = (typeof USE_CASES)[number];

/** Why each blocked use is refused, in words a person understands. */
export const BLOCKED_USE_CASE_REASONS: Record<BlockedUseCase, string> = {
  cladding: 'Block kits are not certified as building cladding or facade material.',
  structural: 'Block kits must not carry structural loads such as people, shelving loads or building parts.',
  electrical: 'Block kits must not house or support electrical installations.',
  wet_area: 'Block kits are not rated for wet areas, standing water or outdoor drainage.',
  child_use: 'Kits are not yet tested to toy-safety standards for use by children.',
  regulated:
    'Regulated uses (medical, safety equipment, food contact and similar) need approvals we do not have.',
};

export function isUseCase(value: string): value is UseCase {
  return (USE_CASES as readonly string[]).includes(value);
}

export function isAllowedUseCase(value: string): value is AllowedUseCase {
  return (ALLOWED_USE_CASES as readonly string[]).includes(value);
}
