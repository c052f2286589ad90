import type { Preview } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '../src/styles/index.css';
// Stories show builders' pieces directly: the browser build's catalogue needs its builders' areas too.
import '../src/messages/restCatalogue';

/** Stories render inside the providers the console has: query cache, jotai store, a data router. */
const preview: Preview = {
  decorators: [
    (Story) => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const router = createMemoryRouter([{ path: '*', element: <Story /> }]);
      return (
        <JotaiProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </JotaiProvider>
      );
    },
  ],
  parameters: { layout: 'padded' },
};

export default preview;
