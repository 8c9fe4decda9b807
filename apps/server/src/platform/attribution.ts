/**
 * Source attribution (spec: User and session, Event): where a visitor came from, first and last.
 * The first touch is captured by the server when the visitor session is made, from the request
 * that made it: the app's own page is that request's Referer, so its `utm_*` parameters name the
 * campaign, and a Referer from another site names that site. It is never changed afterwards. The
 * last touch starts equal and moves when a later visit of the same session starts with a new
 * source (the app's session_started event). What a client says about a touch is reduced to short
 * campaign words and a host name: never a full address, a query string or anything personal.
 */

export interface Touch {
  source: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
  /** Host of the site the visitor came from (never the full address). */
  referrer_host?: string;
  /** Path of the app page the visit started on (no query string). */
  landing_path?: string;
}

export interface Attribution {
  first_touch: Touch | null;
  last_touch: Touch | null;
}

const MAX = 100;
const word = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX) : undefined;

function hostOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    return new URL(value).hostname.slice(0, MAX) || undefined;
  } catch {
    // Already a bare host name ("news.example.com")?
    return /^[a-z0-9.-]{1,100}$/i.test(value) ? value.toLowerCase() : undefined;
  }
}

const OPTIONAL_FIELDS = ['medium', 'campaign', 'term', 'content', 'referrer_host', 'landing_path'] as const;

/** The touch without its unset fields (the source first, then the others in their order). */
function compact(touch: Touch): Touch {
  const kept: Touch = { source: touch.source };
  for (const field of OPTIONAL_FIELDS) {
    const value = touch[field];
    if (value !== undefined) kept[field] = value;
  }
  return kept;
}

/** The touch of a request: its Referer's campaign parameters (our page) or site (another one), else direct. */
export function touchOfRequest(
  headers: Record<string, string | string[] | undefined>,
  ownOrigins: readonly string[],
): Touch {
  const referer = headers.referer;
  if (typeof referer !== 'string' || referer === '') return { source: 'direct' };
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return { source: 'direct' };
  }
  if (ownOrigins.includes(url.origin)) {
    const q = url.searchParams;
    const source = word(q.get('utm_source'));
    return compact({
      source: source ?? 'direct',
      medium: word(q.get('utm_medium')),
      campaign: word(q.get('utm_campaign')),
      term: word(q.get('utm_term')),
      content: word(q.get('utm_content')),
      landing_path: url.pathname.slice(0, 200),
    });
  }
  return {
    source: url.hostname.slice(0, MAX),
    medium: 'referral',
    referrer_host: url.hostname.slice(0, MAX),
  };
}

/**
 * A touch as a client described it (the app's session_started), reduced to what may be kept;
 * null when it names no source.
 */
export function touchFromClient(value: unknown, referrer?: unknown): Touch | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const referrerHost = hostOf(v.referrer ?? v.referrer_host ?? referrer);
  const named = word(v.source ?? v.utm_source);
  const source = named ?? referrerHost;
  if (!source) return null;
  return compact({
    source,
    medium: word(v.medium ?? v.utm_medium) ?? (named ? undefined : 'referral'),
    campaign: word(v.campaign ?? v.utm_campaign),
    term: word(v.term ?? v.utm_term),
    content: word(v.content ?? v.utm_content),
    referrer_host: referrerHost,
  });
}

const asTouch = (value: unknown): Touch | null =>
  value && typeof value === 'object' && !Array.isArray(value) && typeof (value as Touch).source === 'string'
    ? (value as Touch)
    : null;

/**
 * The attribution kept on a session or account. Accounts made before first/last touch were kept
 * hold a flat record from the sign-up form: it counts as both touches.
 */
export function attributionOf(stored: Record<string, unknown> | null | undefined): Attribution {
  if (!stored || Object.keys(stored).length === 0) return { first_touch: null, last_touch: null };
  if ('first_touch' in stored || 'last_touch' in stored) {
    const first = asTouch(stored.first_touch);
    return { first_touch: first, last_touch: asTouch(stored.last_touch) ?? first };
  }
  const flat = touchFromClient(stored);
  return { first_touch: flat, last_touch: flat };
}

/** A new touch: becomes the last touch, and the first one too when there was none. */
export function withTouch(stored: Attribution, touch: Touch): Attribution {
  return { first_touch: stored.first_touch ?? touch, last_touch: touch };
}
