/**
 * What a piece of feedback is about, read from the route the person is on: the screen's name (the
 * route's pattern without its ids, e.g. `listing`, `create/draft/publish`), the path itself, and
 * the listing (by slug) or the draft (by id) the route shows, when it shows one.
 */

export interface FeedbackTarget {
  /** Matches the server's pattern ^[a-z][a-z0-9_./-]*$ (at most 64 characters). */
  screen: string;
  /** The path without its query, at most 300 characters. */
  route: string;
  listingSlug: string | null;
  draftId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function single(value: string | string[] | undefined): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return v ? v : null;
}

/**
 * `segments`: expo-router's segments of the current route (`['listing', '[slug]']`), `params`:
 * its parameters, `pathname`: the path shown in the address bar.
 */
export function feedbackTarget(
  segments: readonly string[],
  params: Record<string, string | string[] | undefined>,
  pathname: string,
): FeedbackTarget {
  const named = segments
    .filter((s) => !s.startsWith('[') && !s.startsWith('(') && s !== 'index')
    .map((s) => s.toLowerCase().replace(/[^a-z0-9_.-]/g, '-'))
    .filter(Boolean);
  let screen = named.join('/').slice(0, 64).replace(/\/+$/, '');
  if (!/^[a-z]/.test(screen)) screen = screen ? `screen-${screen}`.slice(0, 64) : 'home';
  const first = segments[0];
  const slug = single(params.slug);
  const id = single(params.id);
  return {
    screen,
    route: (pathname || '/').slice(0, 300),
    listingSlug: first === 'listing' && slug ? slug : null,
    draftId: first === 'create' && segments[1] === 'draft' && id && UUID.test(id) ? id : null,
  };
}
