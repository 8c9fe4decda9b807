import { describe, expect, it } from 'vitest';
import { feedbackTarget } from './feedback-target';

const DRAFT = '0b6c3a4e-9d2f-4d7e-8a51-3f2b9c1d7e60';

describe('feedbackTarget', () => {
  it('names the home screen', () => {
    expect(feedbackTarget([], {}, '/')).toEqual({
      screen: 'home',
      route: '/',
      listingSlug: null,
      draftId: null,
    });
  });

  it('keeps a listing by its slug, without the slug in the screen name', () => {
    expect(feedbackTarget(['listing', '[slug]'], { slug: 'tiny-house' }, '/listing/tiny-house')).toEqual({
      screen: 'listing',
      route: '/listing/tiny-house',
      listingSlug: 'tiny-house',
      draftId: null,
    });
  });

  it('keeps a draft id only when it is one', () => {
    const t = feedbackTarget(
      ['create', 'draft', '[id]', 'publish'],
      { id: DRAFT },
      `/create/draft/${DRAFT}/publish`,
    );
    expect(t.screen).toBe('create/draft/publish');
    expect(t.draftId).toBe(DRAFT);
    expect(
      feedbackTarget(['create', 'draft', '[id]'], { id: 'nope' }, '/create/draft/nope').draftId,
    ).toBeNull();
  });

  it('always answers a screen name the server accepts', () => {
    for (const segs of [['+not-found'], ['(group)', 'Admin', 'beta'], ['_sitemap']]) {
      const { screen } = feedbackTarget(segs, {}, '/x');
      expect(screen).toMatch(/^[a-z][a-z0-9_./-]*$/);
      expect(screen.length).toBeLessThanOrEqual(64);
    }
  });
});
