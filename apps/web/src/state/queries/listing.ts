/**
 * A listing as its reader sees it (in their language, with the call to action for this viewer),
 * the text as its designer wrote it, saving (shown at once, then confirmed), share links, and its
 * designer's management of it (edit, unpublish, republish, delete).
 */
import type { ListingDetail, ShareChannel } from '@kitwright/contracts';
import type { ListingChanges, RepublishInput } from '@kitwright/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { dashboardKeys } from './dashboard';
import { galleryKeys } from './gallery';
import { viewerKeys } from './viewer';

export const listingKeys = {
  all: () => [...viewerKeys.all(), 'listing'] as const,
  detail: (slug: string, locale: string) => [...viewerKeys.all(), 'listing', slug, locale] as const,
  /** A listing in the language it was written in ("show original"). */
  original: (slug: string, language: string) =>
    [...viewerKeys.all(), 'listing-original', slug, language] as const,
  /** Every listing's original text (its designer changed one). */
  originals: () => [...viewerKeys.all(), 'listing-original'] as const,
  /** The listing a support request is about (a report). */
  reported: (idOrSlug: string) => [...viewerKeys.all(), 'listing-reported', idOrSlug] as const,
};

export const LISTING_STALE_TIME = 15_000;

/** A listing by slug, in the reader's language; the share code and surface tell where the visit came from. */
export function useListing(slug: string, locale: string, source: { share?: string; surface: string }) {
  const client = useKitwright();
  return useQuery({
    queryKey: listingKeys.detail(slug, locale),
    queryFn: ({ signal }) =>
      // The visitor session is read first: the answer's call to action depends on it.
      client.ready.then(() =>
        client.listings.get(slug, {
          locale,
          ...(source.share ? { share: source.share } : {}),
          surface: source.surface,
          signal,
        }),
      ),
    staleTime: LISTING_STALE_TIME,
    enabled: slug.length > 0,
  });
}

/** The listing's text as its designer wrote it, fetched only when asked for. */
export function useOriginalText(slug: string, language: string | null, enabled: boolean) {
  const client = useKitwright();
  return useQuery({
    queryKey: listingKeys.original(slug, language ?? ''),
    queryFn: ({ signal }) =>
      client.listings.get(slug, {
        ...(language ? { locale: language } : {}),
        surface: 'listing_original',
        signal,
      }),
    enabled: enabled && Boolean(language),
    staleTime: Number.POSITIVE_INFINITY,
    select: (d) => ({ title: d.title, description: d.description, tags: d.tags }),
  });
}

/** The listing a report is about, by id or slug (null: none). */
export function useReportedListing(idOrSlug: string | null) {
  const client = useKitwright();
  return useQuery({
    queryKey: listingKeys.reported(idOrSlug ?? ''),
    queryFn: ({ signal }) => client.listings.get(idOrSlug ?? '', { surface: 'support', signal }),
    enabled: Boolean(idOrSlug),
    retry: false,
  });
}

/**
 * Saves or unsaves a listing (signed in or as a visitor). The page shows the change at once; the
 * server's answer then sets the count, and a refusal puts the page back as it was.
 */
export function useSaveListing(listing: Pick<ListingDetail, 'id' | 'slug'>, locale: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const key = listingKeys.detail(listing.slug, locale);
  const apply = (saved: boolean, saves: (old: number) => number) =>
    queryClient.setQueryData<ListingDetail>(key, (old) =>
      old
        ? {
            ...old,
            viewer: { ...old.viewer, saved },
            interest: { ...old.interest, saves: saves(old.interest.saves) },
          }
        : old,
    );
  return useMutation({
    mutationFn: (save: boolean) =>
      save
        ? client.listings.save(listing.id, { surface: 'listing' })
        : client.listings.unsave(listing.id, { surface: 'listing' }),
    onMutate: async (save) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<ListingDetail>(key);
      if (before && before.viewer.saved !== save) apply(save, (n) => Math.max(0, n + (save ? 1 : -1)));
      return { before };
    },
    onError: (_error, _save, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (result) => {
      apply(result.saved, () => result.saves);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}

/**
 * What the designer does to their own listing. Each answer is the listing as it is now, so every
 * copy of the page is refreshed with it (the manage screen reads it in the designer's language),
 * and the dashboard and gallery are read again.
 */
export function useManageListing(listingId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: listingKeys.all() });
    void queryClient.invalidateQueries({ queryKey: listingKeys.originals() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    void queryClient.invalidateQueries({ queryKey: galleryKeys.all() });
  };
  const edit = useMutation({
    mutationFn: (changes: ListingChanges) => client.listings.edit(listingId, changes),
    onSuccess: refresh,
  });
  const unpublish = useMutation({
    mutationFn: () => client.listings.unpublish(listingId),
    onSuccess: refresh,
  });
  const republish = useMutation({
    mutationFn: (input: RepublishInput) => client.listings.republish(listingId, input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => client.listings.delete(listingId),
    onSuccess: () => {
      // Its page is gone: the copies would show a listing that no longer exists.
      queryClient.removeQueries({ queryKey: listingKeys.all() });
      refresh();
    },
  });
  return { edit, unpublish, republish, remove };
}

/** Takes a save off a listing by id (one no longer shown, from the dashboard); the dashboard is read again. */
export function useRemoveSave() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) => client.listings.unsave(listingId, { surface: 'dashboard' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() }),
  });
}

/** A share link that carries its own code, so visits through it are attributed. */
export function useShareLink(listingId: string) {
  const client = useKitwright();
  return useMutation({
    mutationFn: (channel: ShareChannel) => client.listings.share(listingId, channel),
  });
}
