/**
 * The version and effective date of each policy. Shared by every language, so a translation can
 * never claim another version; the content licence and the interest disclaimer carry the version
 * strings publishers and reservers accept (from the contracts), so the page and the gate agree.
 */
import { RESERVATION_DISCLAIMER_VERSION, UGC_LICENCE_VERSION } from '@kitwright/contracts/constants';
import type { PolicyId } from './types';

export const POLICY_VERSIONS: Record<PolicyId, { version: string; effective: string }> = {
  terms: { version: '1.0', effective: '2026-11-01' },
  // 1.1: self-service download and deletion of your data (section 7).
  privacy: { version: '1.1', effective: '2026-11-25' },
  cookies: { version: '1.0', effective: '2026-11-01' },
  licence: { version: UGC_LICENCE_VERSION, effective: UGC_LICENCE_VERSION },
  interest: { version: RESERVATION_DISCLAIMER_VERSION, effective: RESERVATION_DISCLAIMER_VERSION },
  safety: { version: '1.0', effective: '2026-11-01' },
  // 1.1: privacy requests point to the self-service page first.
  support: { version: '1.1', effective: '2026-11-25' },
};
