import { describe, expect, it } from 'vitest';
import { SEED_DESIGNS } from '../../db/seed-catalogue';
import { DEMO_GLOSSARY, withGlossary } from './demo-glossary';
import { pseudoTranslation } from './pseudo-translation';

describe('the demo glossary', () => {
  const provider = withGlossary(DEMO_GLOSSARY, pseudoTranslation);

  it('answers known texts itself and the rest through the fallback, in order', async () => {
    expect(await provider.translate(['Pyramide dorée', 'Une boîte', 'Petit lapin'], 'fr', 'en')).toEqual([
      'Golden pyramid',
      '[en] Une boîte',
      'Little rabbit',
    ]);
    // A language the glossary does not have goes to the fallback.
    expect(await provider.translate(['Pyramide dorée'], 'fr', 'de')).toEqual(['[de] Pyrämide dörée']);
  });

  it('has English for every text of every French and German demo design, and nothing else', () => {
    const sources = SEED_DESIGNS.filter((d) => d.language !== 'en').flatMap((d) => [
      d.title,
      d.description,
      d.tags.join(', '),
    ]);
    expect(sources.filter((text) => !DEMO_GLOSSARY[text]?.en)).toEqual([]);
    expect(Object.keys(DEMO_GLOSSARY).filter((k) => !sources.includes(k))).toEqual([]);
  });
});
