import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';
import { type FailureWords, failureNotice } from '../shell/notifications/failureNotice';
import type { Severity } from '../shell/notifications/notifications';

/**
 * What a query says about its own failure, in its options' `meta`:
 * `useQuery({ ..., meta: { errorKey: "mb.error.loadSchemaTypes" } })`.
 */
export interface LoadFailureMeta extends FailureWords, Record<string, unknown> {
  /**
   * `false` for a load whose failure the screen reports otherwise or that the user need not see (a
   * prefetch whose missing entries the validation names). Every other load's failure is a notice.
   */
  notify?: false;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: LoadFailureMeta;
  }
}

/** Shows a notice: the session's notification bar (SignedInRoot). */
export type Notifier = (notice: { severity: Severity; text: string }) => unknown;

/**
 * The signed-in console's query cache. A load that fails, once its retries are spent, is a notification
 * in the catalogue's words (issue 33 point 1; spec part 1 §8, part 2 §8 "shown as a danger notification
 * unless stated otherwise"), whichever screen asked: a list, an item, a lookup. The screen keeps its own
 * inline state beside it. The words are the load's own key from `meta` where the spec gives one (a
 * lookup's load-error key, an item's not-found key), otherwise the client's (failureNotice).
 */
export function createQueryClient(notify: Notifier = () => undefined) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(error, query) {
        if (query.meta?.notify === false) return;
        notify(failureNotice(error, query.meta));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; only retry what may pass next time (a 5xx, or no answer).
        retry: (count, error) => count < 2 && !(isApiError(error) && !error.unanswered && error.status < 500),
      },
    },
  });
}
