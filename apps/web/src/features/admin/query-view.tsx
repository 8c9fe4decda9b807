/**
 * One record read from the API, in its three states: the content once it is there, a labelled
 * spinner while it loads, and the problem (with a retry) when it could not be read.
 */
import type { ReactNode } from 'react';
import { Loading } from '../../design';
import { ProblemNotice } from '../discover/problem-notice';

export interface RecordQuery<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

export function QueryView<T>({
  query,
  loading,
  missing,
  children,
}: {
  query: RecordQuery<T>;
  loading: string;
  missing: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isPending) return <Loading label={loading} />;
  return <ProblemNotice title={missing} error={query.error} onRetry={() => void query.refetch()} />;
}
