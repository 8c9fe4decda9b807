/** Each build step starts with its own instruction: step 1 has no step before it to follow. */
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';

describe('build step words', () => {
  it('say "Place 4 blocks", not "Then place", in every language', () => {
    expect(translate('en', 'buildSteps.blocks', { count: 4 })).toBe('Place 4 blocks:');
    expect(translate('de', 'buildSteps.blocks', { count: 4 })).toBe('Setze 4 Steine:');
    expect(translate('fr', 'buildSteps.blocks', { count: 4 })).toBe('Placez 4 blocs :');
  });

  it('say "1 block" for one', () => {
    expect(translate('en', 'buildSteps.blocks', { count: 1 })).toBe('Place 1 block:');
    expect(translate('de', 'buildSteps.blocks', { count: 1 })).toBe('Setze 1 Stein:');
    expect(translate('fr', 'buildSteps.blocks', { count: 1 })).toBe('Placez 1 bloc :');
  });

  it('say until which step to hold a half-built model that leans beyond its base', () => {
    expect(translate('en', 'buildSteps.hold', { step: 14 })).toContain('until step 14 is done');
    expect(translate('de', 'buildSteps.hold', { step: 14 })).toContain('bis Schritt 14 fertig ist');
    expect(translate('fr', 'buildSteps.hold', { step: 14 })).toContain('fin de l’étape 14');
  });
});
