import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { isApiError } from '../api/ApiError';
import { Shell } from '../shell/Shell';
import { useSessionStore } from './useSessionStore';

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

// A data router with one catch-all route, so `useBlocker` works and the shell owns all routing.
const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);
const queryClient = createQueryClient();

export function App() {
  const store = useSessionStore(queryClient);
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
