/** The one query-key factory: every cached server answer is named here. */
export const queryKeys = {
  appShell: () => ['app-shell'] as const,
  /** Everything that depends on who is signed in (or which visitor session). */
  viewerScoped: () => ['viewer'] as const,
  dashboard: () => ['viewer', 'dashboard'] as const,
  reservations: () => ['viewer', 'reservations'] as const,
  gallery: (params: Record<string, unknown>) => ['gallery', params] as const,
  listing: (slug: string, locale: string) => ['viewer', 'listing', slug, locale] as const,
  draft: (id: string) => ['viewer', 'draft', id] as const,
  drafts: () => ['viewer', 'drafts'] as const,
  job: (id: string) => ['viewer', 'job', id] as const,
  kit: (url: string) => ['kit', url] as const,
  translations: () => ['config', 'translations'] as const,
  /** The signed-in user as the server has it (email verification state). */
  me: () => ['viewer', 'me'] as const,
  /** The viewer's own support conversations. */
  supportConversations: () => ['viewer', 'support-conversations'] as const,
};

/** How long each kind of answer is fresh. */
export const staleTimes = {
  appShell: 60_000,
  gallery: 15_000,
  listing: 15_000,
  dashboard: 5_000,
  kit: Number.POSITIVE_INFINITY,
} as const;

/** Discover, listing pages and the dashboard (appended by the discover feature). */
export const discoverKeys = {
  /** The gallery as an infinite list of pages (the plain `gallery` key holds single pages). */
  galleryPages: (params: Record<string, unknown>) => ['gallery', 'pages', params] as const,
  /** A listing in the language it was written in ("show original"). */
  listingOriginal: (slug: string, language: string) =>
    ['viewer', 'listing-original', slug, language] as const,
};
