import { useAtomValue } from 'jotai';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { unsavedChangesAtom } from '../../state/unsavedChanges';
import { HomeScreen } from '../home/HomeScreen';
import { SignedInLayout } from '../layout/SignedInLayout';
import { ModulePage } from '../modules/ModulePage';
import { usePermittedModuleRoutes } from '../modules/usePermittedModuleRoutes';
import { SessionKeeper } from '../session/SessionKeeper';
import { LeaveGuard } from './LeaveGuard';
import { PageErrorBoundary } from './PageErrorBoundary';
import { publicPaths } from './publicPaths';
import { RouteLoading } from './RouteLoading';

// The profile's forms, validators and formats load when it is opened, not with home (issue 20 point 1).
const ProfileScreen = lazy(() =>
  import('../account/ProfileScreen').then((module) => ({ default: module.ProfileScreen })),
);

/**
 * Everything behind sign-in, loaded only after it so /login stays light. Routes: home, profile, and one
 * route per module the user has (in GetClientModules and with Read; rebuilt when either changes, spec
 * part 1 §2), with sub-paths left to the module's own page. Public screens and routes that are not
 * valid (any more) go home — but only once the module list is known, so a deep link survives a reload.
 */
export function SignedInApp() {
  const { routes, pending, failed, retry } = usePermittedModuleRoutes();
  const unsaved = useAtomValue(unsavedChangesAtom) > 0;
  const { pathname } = useLocation();

  return (
    <SignedInLayout routes={routes}>
      <PageErrorBoundary key={pathname.split('/')[1]}>
        <Routes>
          <Route
            path="/"
            element={
              <HomeScreen routes={routes} pending={pending} failed={failed} retry={() => void retry()} />
            }
          />
          <Route
            path="/profile"
            element={
              <Suspense fallback={<RouteLoading />}>
                <ProfileScreen />
              </Suspense>
            }
          />
          {routes.map((route) => (
            <Route key={route.path} path={`${route.path}/*`} element={<ModulePage route={route} />} />
          ))}
          {publicPaths.map((path) => (
            <Route key={path} path={path} element={<Navigate to="/" replace />} />
          ))}
          <Route path="*" element={pending ? <RouteLoading /> : <Navigate to="/" replace />} />
        </Routes>
      </PageErrorBoundary>
      {unsaved && <LeaveGuard />}
      <SessionKeeper />
    </SignedInLayout>
  );
}
