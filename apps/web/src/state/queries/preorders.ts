/**
 * Phase A.5 no-capture pre-orders: whether the app shows them at all (the phase and the
 * `phaseA5Preorders` flag from the app shell), the buyer's reservations with their invitations,
 * the checkout of one invitation (a setup intent that verifies and saves a card, nothing charged),
 * its confirmation, the buyer's pre-orders with cancel, and a listing's designer terms.
 */
import type { CancelPreorderRequest, Checkout, ConfirmCheckoutRequest } from '@kitwright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { type PreorderAvailability, preorderAvailability } from '../../features/buyer/availability';
import { useAppShell } from './app-shell';
import { dashboardKeys } from './dashboard';
import { viewerKeys } from './viewer';

export const preorderKeys = {
  all: () => [...viewerKeys.all(), 'preorders'] as const,
  list: () => [...viewerKeys.all(), 'preorders', 'list'] as const,
  reservations: () => [...viewerKeys.all(), 'preorders', 'reservations'] as const,
  checkout: (reservationId: string) => [...viewerKeys.all(), 'preorders', 'checkout', reservationId] as const,
  terms: (listingId: string) => [...viewerKeys.all(), 'preorders', 'terms', listingId] as const,
};

/** What the app shell says about pre-orders; in Phase A nothing about them is shown or fetched. */
export function usePreorderAvailability(): PreorderAvailability {
  return preorderAvailability(useAppShell().data);
}

/** The buyer's reservations (newest first; the first hundred), with their invitation state. */
export function useMyReservations(enabled = true) {
  const client = useKitwright();
  return useQuery({
    queryKey: preorderKeys.reservations(),
    queryFn: ({ signal }) => client.ready.then(() => client.interest.list({ limit: 100, signal })),
    enabled,
  });
}

/** The buyer's pre-orders (only asked for once the phase allows them). */
export function useMyPreorders(enabled: boolean) {
  const client = useKitwright();
  return useQuery({
    queryKey: preorderKeys.list(),
    queryFn: ({ signal }) => client.ready.then(() => client.preorders.list({ limit: 100 }, { signal })),
    enabled,
  });
}

/**
 * The checkout of an invited reservation: made on first open, the same one after (the server
 * answers `reused`), each time with the setup intent's status read from the provider. Refetching
 * is how the screen learns what happened in the card form.
 */
export function useCheckout(reservationId: string, enabled: boolean) {
  const client = useKitwright();
  return useQuery({
    queryKey: preorderKeys.checkout(reservationId),
    queryFn: ({ signal }) =>
      client.ready.then(() =>
        client.checkout.createSetupIntent({ reservation_id: reservationId }, { signal }),
      ),
    enabled: enabled && reservationId !== '',
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

export function useConfirmPreorder() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmCheckoutRequest) => client.checkout.confirm(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: preorderKeys.list() });
      void queryClient.invalidateQueries({ queryKey: preorderKeys.reservations() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}

export function useCancelPreorder() {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CancelPreorderRequest }) =>
      client.preorders.cancel(id, body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: preorderKeys.list() });
      void queryClient.invalidateQueries({ queryKey: preorderKeys.reservations() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all() });
    },
  });
}

/** A listing's pre-order terms as its designer reads them (the listing's owner only). */
export function useDesignerTerms(listingId: string, enabled: boolean) {
  const client = useKitwright();
  return useQuery({
    queryKey: preorderKeys.terms(listingId),
    queryFn: ({ signal }) => client.ready.then(() => client.preorders.designerTerms(listingId, { signal })),
    enabled: enabled && listingId !== '',
  });
}

export function useChangeDesignerTerms(listingId: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { accept: true; version: string } | { accept: false }) =>
      change.accept
        ? client.preorders.acceptDesignerTerms(listingId, { accepted: true, version: change.version })
        : client.preorders.withdrawDesignerTerms(listingId),
    onSuccess: (state) => queryClient.setQueryData(preorderKeys.terms(listingId), state),
  });
}

export type { Checkout, PreorderAvailability };
