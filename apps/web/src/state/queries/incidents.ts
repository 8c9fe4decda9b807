/**
 * Incidents (staff and founders): the list with filters, page by page on the cursor; one incident
 * with its timeline; and the changes people make — acknowledge, assign, note, resolve with a note.
 */
import type { OperationBody, OperationQuery } from '@kitwright/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { founderKeys } from './founder';
import { viewerKeys } from './viewer';

export type IncidentChange = OperationBody<'updateIncident'>;
export type IncidentFilters = Omit<NonNullable<OperationQuery<'listIncidents'>>, 'cursor' | 'limit'>;

export const INCIDENTS_PAGE_SIZE = 20;

export const incidentKeys = {
  all: () => [...viewerKeys.all(), 'incidents'] as const,
  list: (filters: IncidentFilters) => [...incidentKeys.all(), 'list', filters] as const,
  detail: (id: string) => [...incidentKeys.all(), 'detail', id] as const,
};

export function useIncidentPages(filters: IncidentFilters) {
  const client = useKitwright();
  return useInfiniteQuery({
    queryKey: incidentKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      client.admin.incidents({
        ...filters,
        limit: INCIDENTS_PAGE_SIZE,
        ...(pageParam ? { cursor: pageParam } : {}),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** One incident with its timeline; a missing one is not retried. */
export function useIncident(id: string) {
  const client = useKitwright();
  return useQuery({
    queryKey: incidentKeys.detail(id),
    queryFn: ({ signal }) => client.admin.incident(id, { signal }),
    retry: false,
  });
}

/** Acknowledges, assigns, annotates or resolves; the incident, the lists and the dashboard refresh. */
export function useUpdateIncident(id: string) {
  const client = useKitwright();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: IncidentChange) => client.admin.updateIncident(id, change),
    onSuccess: (detail) => {
      queryClient.setQueryData(incidentKeys.detail(id), detail);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all() });
      void queryClient.invalidateQueries({ queryKey: founderKeys.all() });
    },
  });
}
