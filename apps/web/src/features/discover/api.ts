/**
 * The discover feature's server state over the SDK: gallery pages, a listing, saving, sharing,
 * reserving interest and cancelling it. Everything that depends on who is looking (the listing's
 * call to action, saves, reservations, the dashboard) lives under the viewer-scoped key.
 */

import type {
  DashboardResponse,
  GalleryResponse,
  GallerySort,
  ListingCategory,
  ListingDetail,
  Reservation,
  ShareChannel,
} from '@kitwright/contracts';
import { RESERVATION_DISCLAIMER_VERSION } from '@kitwright/contracts/constants';
import { isKitwrightError } from '@kitwright/sdk';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { touchAttribution } from '../../api/attribution';
import { discoverKeys, queryKeys, staleTimes } from '../../api/keys';
import { useKitwright } from '../../api/kitwright';
import type { Translate } from '../../i18n';

export type { DashboardResponse, GalleryResponse, ListingDetail, Reservation };

export interface GalleryFilters {
  q?: string;
  category?: ListingCategory;
  sort?: GallerySort;
  designer?: string;
  min_parts?: number;
  max_parts?: number;
  has_reservations?: boolean;
}

/** One page of listings (home sections). */
export function useGalleryPage(filters: GalleryFilters & { limit: number }, locale: string) {
  const client = useKitwright();
  const params = { ...filters, locale };
  return useQuery({
    queryKey: queryKeys.gallery(params),
    queryFn: ({ signal }) =>
      client.api.get<GalleryResponse>('/api/gallery/listings', { query: { ...params }, signal }),
    staleTime: staleTimes.gallery,
  });
}

export const GALLERY_PAGE_SIZE = 12;

/** The gallery as pages on the cursor API, for an endless list. */
export function useGalleryPages(filters: GalleryFilters, locale: string) {
  const client = useKitwright();
  const params = { ...filters, locale, limit: GALLERY_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: discoverKeys.galleryPages(params),
    queryFn: ({ pageParam, signal }) =>
      client.api.get<GalleryResponse>('/api/gallery/listings', {
        query: { ...params, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: staleTimes.gallery,
  });
}

/** A listing by slug, in the reader's language; the share code and surface tell where the visit came from. */
export function useListing(slug: string, locale: string, source: { share?: string; surface: string }) {
  const client = useKitwright();
  return useQuery({
    queryKey: queryKeys.listing(slug, locale),
    queryFn: ({ signal }) =>
      client.ready.then(() =>
        client.api.get<ListingDetail>(`/api/listings/${encodeURIComponent(slug)}`, {
          query: { locale, share: source.share, surface: source.surface },
          signal,
        }),
      ),
    staleTime: staleTimes.listing,
    enabled: slug.length > 0,
  });
}

/** The listing's text as its designer wrote it, fetched only when asked for. */
export function useOriginalText(slug: string, language: string | null, enabled: boolean) {
  const client = useKitwright();
  return useQuery({
    queryKey: discoverKeys.listingOriginal(slug, language ?? ''),
    queryFn: ({ signal }) =>
      client.api.get<ListingDetail>(`/api/listings/${encodeURIComponent(slug)}`, {
        query: { locale: language ?? undefined, surface: 'listing_original' },
        signal,
      }),
    enabled: enabled && Boolean(language),
    staleTime: Number.POSITIVE_INFINITY,
    select: (d) => ({ title: d.title, description: d.description, tags: d.tags }),
  });
}

/** Saves or unsaves a listing (signed in or as a visitor); the page shows the change at once. */
export function useSaveListing(listing: Pick<ListingDetail, 'id' | 'slug'>, locale: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  const key = queryKeys.listing(listing.slug, locale);
  return useMutation({
    mutationFn: (save: boolean) =>
      client.api.request<{ saved: boolean; saves: number }>(
        save ? 'POST' : 'DELETE',
        `/api/listings/${listing.id}/save`,
        { query: { surface: 'listing' } },
      ),
    onSuccess: (result) => {
      queryClient.setQueryData<ListingDetail>(key, (old) =>
        old
          ? {
              ...old,
              viewer: { ...old.viewer, saved: result.saved },
              interest: { ...old.interest, saves: result.saves },
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard() });
    },
  });
}

/** A share link that carries its own code, so visits through it are attributed. */
export function useShareLink(listingId: string) {
  const client = useKitwright();
  return useMutation({
    mutationFn: (channel: ShareChannel) =>
      client.api.post<{ code: string; url: string; channel: string }>(`/api/listings/${listingId}/shares`, {
        channel,
      }),
  });
}

export interface ReserveInput {
  quantity: number;
  intendedUse: string;
  jurisdiction: string;
  shareCode?: string | undefined;
}

export interface ReserveResult {
  reservation: Reservation;
  refreshed: boolean;
  message: string;
}

/** Registers (or refreshes) non-binding interest after the explicit acknowledgement. */
export function useReserve(listing: Pick<ListingDetail, 'id' | 'slug'>) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReserveInput) =>
      client.ready.then(() =>
        client.api.post<ReserveResult>(`/api/listings/${listing.id}/interest`, {
          acknowledgement: { accepted: true, version: RESERVATION_DISCLAIMER_VERSION },
          jurisdiction: input.jurisdiction,
          intended_use: input.intendedUse,
          quantity: input.quantity,
          source: {
            surface: 'listing',
            ...(input.shareCode ? { share_code: input.shareCode } : {}),
            attribution: touchAttribution().last,
          },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.viewerScoped() }),
  });
}

/** Cancels one of the viewer's reservations, keeping the reason on the record. */
export function useCancelReservation() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string | null }) =>
      client.api.delete<Reservation>(`/api/interest-reservations/${id}`, {
        body: reason ? { reason } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.viewerScoped() }),
  });
}

/** The viewer's dashboard: a signed-in user's, or a visitor session's saves and reservations. */
export function useDashboard(locale: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: [...queryKeys.dashboard(), locale],
    queryFn: ({ signal }) =>
      client.ready.then(() =>
        client.api.get<DashboardResponse>('/api/me/dashboard', { query: { locale }, signal }),
      ),
    staleTime: staleTimes.dashboard,
    retry: false,
  });
}

/** What to tell a person when a request fails: the server's own words, or why it could not be asked. */
export function problemText(error: unknown, t: Translate): string {
  if (isKitwrightError(error)) {
    if (error.code === 'NETWORK_ERROR') return t('error.network');
    if (error.code === 'RATE_LIMITED')
      return t('error.rateLimited', { seconds: error.retry_after_seconds ?? 60 });
    if (error.message) return error.message;
  }
  return t('error.body');
}

/** The field problems a validation error names (field → message), if any. */
export function fieldProblems(error: unknown): Record<string, string> {
  if (!isKitwrightError(error)) return {};
  const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields;
  return fields && typeof fields === 'object' ? fields : {};
}

export function isGone(error: unknown): boolean {
  return isKitwrightError(error) && error.code === 'NOT_FOUND';
}
