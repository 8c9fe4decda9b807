/**
 * The founder dashboard (founders; staff read-only): the beta's figures for a period against the
 * Success targets, the funnels, the daily series; and one table of it as CSV text for a download.
 */
import type { OperationParams, OperationQuery } from '@kitwright/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useKitwright } from '../../client/kitwright';
import { viewerKeys } from './viewer';

export type FounderQuery = NonNullable<OperationQuery<'founderDashboard'>>;
export type FounderTable = OperationParams<'exportFounderTable'>['table'];

export const founderKeys = {
  all: () => [...viewerKeys.all(), 'founder'] as const,
  dashboard: (query: FounderQuery) => [...founderKeys.all(), 'dashboard', query] as const,
};

export function useFounderDashboard(query: FounderQuery, enabled = true) {
  const client = useKitwright();
  return useQuery({
    queryKey: founderKeys.dashboard(query),
    queryFn: ({ signal }) => client.admin.beta({ ...query, signal }),
    enabled,
  });
}

/** Fetches one table as CSV (with the session's auth); the caller saves it. */
export function useExportFounderTable() {
  const client = useKitwright();
  return useMutation({
    mutationFn: ({ table, query }: { table: FounderTable; query: FounderQuery }) =>
      client.admin.exportBeta(table, query),
  });
}
