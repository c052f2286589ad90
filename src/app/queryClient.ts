import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/ApiError';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will answer the same again; only retry what may pass next time.
        retry: (count, error) => count < 2 && !(isApiError(error) && error.status < 500),
      },
    },
  });
}
