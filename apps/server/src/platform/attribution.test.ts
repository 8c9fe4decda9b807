import { describe, expect, it } from 'vitest';
import { attributionOf, touchFromClient, touchOfRequest, withTouch } from './attribution';

const OWN = ['https://kitwright.example'];

describe('source attribution', () => {
  it('reads the campaign from our own page, the site from another, and direct otherwise', () => {
    expect(
      touchOfRequest(
        {
          referer:
            'https://kitwright.example/l/bench?utm_source=ig&utm_medium=social&utm_campaign=may&email=x@y.z',
        },
        OWN,
      ),
    ).toEqual({ source: 'ig', medium: 'social', campaign: 'may', landing_path: '/l/bench' });
    expect(touchOfRequest({ referer: 'https://kitwright.example/' }, OWN)).toEqual({
      source: 'direct',
      landing_path: '/',
    });
    expect(touchOfRequest({ referer: 'https://news.example.org/a?id=1' }, OWN)).toEqual({
      source: 'news.example.org',
      medium: 'referral',
      referrer_host: 'news.example.org',
    });
    expect(touchOfRequest({}, OWN)).toEqual({ source: 'direct' });
    expect(touchOfRequest({ referer: 'not a url' }, OWN)).toEqual({ source: 'direct' });
  });

  it('reduces what a client says to short campaign words and a host', () => {
    expect(
      touchFromClient({ utm_source: 'x'.repeat(500), referrer: 'https://a.example/p?q=secret' }),
    ).toEqual({
      source: 'x'.repeat(100),
      referrer_host: 'a.example',
    });
    expect(touchFromClient({ referrer: 'https://a.example/p' })).toEqual({
      source: 'a.example',
      medium: 'referral',
      referrer_host: 'a.example',
    });
    expect(touchFromClient({})).toBeNull();
    expect(touchFromClient(['source'])).toBeNull();
    expect(touchFromClient({ source: 'ok', email: 'a@b.c' })).toEqual({ source: 'ok' });
  });

  it('keeps the first touch and moves the last; a flat legacy record counts as both', () => {
    const first = { source: 'newsletter' };
    const stored = attributionOf({ first_touch: first, last_touch: first });
    expect(withTouch(stored, { source: 'search' })).toEqual({
      first_touch: first,
      last_touch: { source: 'search' },
    });
    expect(withTouch(attributionOf({}), { source: 'search' })).toEqual({
      first_touch: { source: 'search' },
      last_touch: { source: 'search' },
    });
    expect(attributionOf({ source: 'flyer', campaign: 'fair' })).toEqual({
      first_touch: { source: 'flyer', campaign: 'fair' },
      last_touch: { source: 'flyer', campaign: 'fair' },
    });
  });
});
