import { describe, expect, it } from 'vitest';
import { preorderAvailability } from './availability';

const shell = (phase: 'A' | 'A.5' | 'B', flag: boolean) => ({
  config: { phase },
  flags: { phaseA5Preorders: flag, betaMode: true },
});

describe('preorderAvailability', () => {
  it('shows nothing of pre-orders in Phase A, even with the flag on', () => {
    expect(preorderAvailability(shell('A', true))).toEqual({ known: true, phaseOpen: false, enabled: false });
    expect(preorderAvailability(shell('A', false))).toEqual({
      known: true,
      phaseOpen: false,
      enabled: false,
    });
  });

  it('in A.5 with the flag off, lets a buyer see and cancel what they have but start nothing new', () => {
    expect(preorderAvailability(shell('A.5', false))).toEqual({
      known: true,
      phaseOpen: true,
      enabled: false,
    });
  });

  it('in A.5 with the flag on, opens the whole flow', () => {
    expect(preorderAvailability(shell('A.5', true))).toEqual({ known: true, phaseOpen: true, enabled: true });
  });

  it('is unknown (and shows nothing) until the app shell answers', () => {
    expect(preorderAvailability(undefined)).toEqual({ known: false, phaseOpen: false, enabled: false });
  });
});
