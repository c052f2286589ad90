import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router-dom';
import { createQueryClient } from '../../app/queryClient';
import { routeTitle } from '../title/routeTitle';
import { useDocumentTitle } from '../title/useDocumentTitle';
import { SignedInApp } from './SignedInApp';

function SignedInPage() {
  useDocumentTitle(routeTitle(useLocation().pathname));
  return <SignedInApp />;
}

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The router of one sign-in: a data router with one catch-all route, so `useBlocker` works and the
 * shell owns all routing. Made at sign-in, so it starts from the address the login screen left; the
 * previous sign-in's router stops then.
 */
function sessionRouter() {
  router?.dispose();
  router = createBrowserRouter([{ path: '*', element: <SignedInPage /> }]);
  return router;
}

/**
 * Everything the signed-in console needs around its pages, loaded lazily after sign-in (issue 20 point
 * 1): the router and a query cache of this session's own, so signing out leaves nothing cached for the
 * next user (spec part 1 §2 'Navigation rules').
 */
export function SignedInRoot() {
  const [queryClient] = useState(createQueryClient);
  const [sessionRouterInstance] = useState(sessionRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={sessionRouterInstance} />
    </QueryClientProvider>
  );
}
