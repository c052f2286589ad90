import { QueryClientProvider } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, useLocation } from 'react-router-dom';
import { createQueryClient } from '../../app/queryClient';
import { pushNotificationAtom } from '../notifications/notifications';
import { ShellLayers } from '../ShellLayers';
import { routeTitle } from '../title/routeTitle';
import { useDocumentTitle } from '../title/useDocumentTitle';
import { BlockingRouter } from './BlockingRouter';
import { blockingHistory } from './blockingHistory';
import { SignedInApp } from './SignedInApp';

function SignedInPage() {
  useDocumentTitle(routeTitle(useLocation().pathname));
  return (
    <>
      <SignedInApp />
      <ShellLayers />
    </>
  );
}

/** The browser's history for one sign-in, starting from the address the login screen left. */
const sessionHistory = () => blockingHistory(createBrowserHistory({ v5Compat: true }));

/**
 * Everything the signed-in console needs around its pages, loaded lazily after sign-in (issue 20 point
 * 1): the router, one catch-all route owned by the shell, and a query cache of this session's own, so
 * signing out leaves nothing cached for the next user (spec part 1 §2 'Navigation rules'), whose failed
 * loads are notices.
 */
export function SignedInRoot() {
  // A failed load is a notice in this session's notification bar (src/app/queryClient.ts); the store
  // is the session's, and this root is unmounted when the session ends.
  const store = useStore();
  const [queryClient] = useState(() =>
    createQueryClient((notice) => store.set(pushNotificationAtom, notice)),
  );
  const [history] = useState(sessionHistory);
  return (
    <QueryClientProvider client={queryClient}>
      <BlockingRouter history={history}>
        <SignedInPage />
      </BlockingRouter>
    </QueryClientProvider>
  );
}
