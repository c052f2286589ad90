import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { isApiError } from '../api/ApiError';
import { Shell } from '../shell/Shell';

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

const router = createBrowserRouter([{ path: '*', element: <Shell /> }]);
const queryClient = createQueryClient();

export function App() {
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
