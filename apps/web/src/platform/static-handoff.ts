/** Native apps start from their own bundle: there is no server-rendered copy to hand over from. */
import type { StaticHandoffModule } from './static-handoff.types';

export const useStaticHandoff = function useStaticHandoff(
  _ready: boolean,
) {} satisfies StaticHandoffModule['useStaticHandoff'];

export const StaticHandoffGuard = function StaticHandoffGuard() {
  return null;
} satisfies StaticHandoffModule['StaticHandoffGuard'];
