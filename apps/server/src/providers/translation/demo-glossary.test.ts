import { describe, expect, it } from 'vitest';
import { SEED_DESIGNS } from '../../seed/catalogue';
import { DEMO_GLOSSARY, withGlossary } from './demo-glossary';
import { noTranslation } from './no-translation';
import { pseudoTranslation } from './pseudo-translation';

describe('the demo glossary', () => {
  const provider = withGlossary(DEMO_GLOSSARY, pseudoTranslation);

  it('answers known texts itself and the rest through the fallback, in order', async () => {
    expect(await provider.translate(['Pyramide dorée', 'Une boîte', 'Petit lapin'], 'fr', 'en')).toEqual([
      'Golden pyramid',
      '[en] Une boîte',
      'Little rabbit',
    ]);
    expect(await provider.translate(['Pyramide dorée', 'Une boîte'], 'fr', 'de')).toEqual([
      'Goldene Pyramide',
      '[de] Une böîte',
    ]);
  });

  it('leaves the rest untranslated (null) when machine translation is off', async () => {
    const off = withGlossary(DEMO_GLOSSARY, noTranslation);
    expect(await off.translate(['Pyramide dorée', 'Une boîte'], 'fr', 'en')).toEqual([
      'Golden pyramid',
      null,
    ]);
  });

  it('has every text of every demo design in the two other languages, and nothing else', () => {
    const languages = ['en', 'fr', 'de'];
    const missing = SEED_DESIGNS.flatMap((d) =>
      [d.title, d.description, d.tags.join(', ')].flatMap((text) =>
        languages.filter((l) => l !== d.language && !DEMO_GLOSSARY[text]?.[l]).map((l) => `${l}: ${text}`),
      ),
    );
    expect(missing).toEqual([]);
    const sources = SEED_DESIGNS.flatMap((d) => [d.title, d.description, d.tags.join(', ')]);
    expect(Object.keys(DEMO_GLOSSARY).filter((k) => !sources.includes(k))).toEqual([]);
  });
});
