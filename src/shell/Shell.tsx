import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { signedInClaimsAtom } from '../state/session';
import { useAtPath } from './routing/publicLocation';
import { openSignedIn } from './routing/publicPaths';
import { RouteLoading } from './routing/RouteLoading';
import { ShellLayers } from './ShellLayers';

// Router, query cache, menu, pages and session timers load after sign-in, keeping the login screen's
// first load small; the public screens, their validators and formats load only while signed out,
// keeping the signed-in first load small (issue 20 point 1).
const SignedInRoot = lazy(() =>
  import('./routing/SignedInRoot').then((module) => ({ default: module.SignedInRoot })),
);
const PublicRoutes = lazy(() =>
  import('./routing/PublicRoutes').then((module) => ({ default: module.PublicRoutes })),
);

/**
 * The shell's layers in order (spec part 1 §2 'Shell layers'): the signed-in app (side menu, main view,
 * drawers, inactivity warning) or the public screens, then the confirmation popup, the notification bar
 * and the loading overlay (ShellLayers; signed in, SignedInRoot renders them inside its router). Which
 * routes exist follows the navigation rules of §2: signed out, only the public screens; signed in,
 * never them — but for the e-mail confirmation link, which confirms whoever is signed in (publicPaths.ts).
 */
export function Shell() {
  const claims = useAtomValue(signedInClaimsAtom);
  const openToAll = useAtPath(openSignedIn);
  const loading = (
    <>
      <RouteLoading />
      <ShellLayers />
    </>
  );
  return (
    <Suspense fallback={loading}>
      {claims && !openToAll ? (
        <SignedInRoot />
      ) : (
        <>
          <PublicRoutes />
          <ShellLayers />
        </>
      )}
    </Suspense>
  );
}
