/**
 * Machine translation is off by default locally: people's own text is shown as they wrote it, in
 * the app, the gallery and share previews, and the app is told so (it says why the text is in
 * another language). The demo gallery's hand-written translations still show. The
 * pseudo-translator is there for tests and staff who ask for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from './support/auth-helpers';
import { publishedListing } from './support/create-helpers';
import { createTestApp, type TestApp } from './support/test-app';

const FRENCH = {
  prompt: 'a sitting bunny',
  source_language: 'fr',
  title: 'Lapin assis',
  description: 'Un petit lapin assis, pour le rebord de la fenêtre.',
  tags: ['lapin'],
};

describe('translation, by default (TRANSLATION_PROVIDER unset, APP_ENV=local)', () => {
  let t: TestApp;
  let slug: string;
  let glossarySlug: string;
  beforeAll(async () => {
    t = await createTestApp();
    const amelie = await register(t.app, { display_name: 'Amélie Maker' });
    slug = (await publishedListing(t.app, t, amelie.access_token, FRENCH)).slug;
    // A demo design's text: its translations are hand-written, not machine-made.
    glossarySlug = (
      await publishedListing(t.app, t, amelie.access_token, {
        prompt: 'a yellow pyramid',
        source_language: 'fr',
        title: 'Pyramide dorée',
      })
    ).slug;
  });
  afterAll(async () => t.close());

  it('is off, and the app shell says so', async () => {
    expect(t.config.translation.provider).toBe('off');
    expect((await t.app.inject('/api/app-shell')).json().config.machine_translation).toBe('off');
  });

  it('shows people’s text as written to readers of every language, saying it is not a translation', async () => {
    for (const locale of ['en', 'de']) {
      const page = (await t.app.inject(`/api/listings/${slug}?locale=${locale}`)).json();
      expect(page.title).toBe('Lapin assis');
      expect(page.description).toBe(FRENCH.description);
      expect(page.localisation.title).toEqual({
        language: 'fr',
        source_language: 'fr',
        translated: false,
        stale: false,
      });
    }
    const card = (await t.app.inject(`/api/gallery/listings?locale=en&q=lapin`)).json().items[0];
    expect(card.title).toBe('Lapin assis');
    expect(card.localisation.translated).toBe(false);
  });

  it('shows the original in share previews too', async () => {
    const res = await t.app.inject({
      url: `/l/${slug}?s=abcdef12`,
      headers: { accept: 'text/html', 'accept-language': 'en-GB' },
    });
    expect(res.body).toContain('<meta property="og:title" content="Lapin assis">');
    expect(res.body).not.toMatch(/\[en\]|\[de\]/);
  });

  it('still shows the demo gallery’s hand-written translations', async () => {
    const page = (await t.app.inject(`/api/listings/${glossarySlug}?locale=en`)).json();
    expect(page.title).toBe('Golden pyramid');
    expect(page.localisation.title.translated).toBe(true);
  });
});

describe('translation with TRANSLATION_PROVIDER=pseudo (tests, staff)', () => {
  let t: TestApp;
  let slug: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRANSLATION_PROVIDER: 'pseudo' } });
    const amelie = await register(t.app, { display_name: 'Amélie Maker' });
    slug = (await publishedListing(t.app, t, amelie.access_token, FRENCH)).slug;
  });
  afterAll(async () => t.close());

  it('shows the visibly fake translation, and says which provider is used', async () => {
    const page = (await t.app.inject(`/api/listings/${slug}?locale=en`)).json();
    expect(page.title).toBe('[en] Lapin assis');
    expect(page.localisation.title.translated).toBe(true);
    expect((await t.app.inject('/api/app-shell')).json().config.machine_translation).toBe('pseudo');
  });
});
