/**
 * "Show more" under a list read page by page (a TanStack infinite query): the button while there
 * is a next page, busy while it loads, and the problem with a retry when loading it failed.
 */
import { Button } from '../../design';
import { ProblemNotice } from '../discover/problem-notice';

export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

export function ShowMore({ pages, label, testID }: { pages: PagedQuery; label: string; testID?: string }) {
  return (
    <>
      {pages.isFetchNextPageError ? (
        <ProblemNotice error={pages.error} onRetry={() => void pages.fetchNextPage()} />
      ) : null}
      {pages.hasNextPage ? (
        <Button
          label={label}
          kind="secondary"
          onPress={() => void pages.fetchNextPage()}
          busy={pages.isFetchingNextPage}
          testID={testID}
        />
      ) : null}
    </>
  );
}
