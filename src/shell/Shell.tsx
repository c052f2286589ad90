import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { builderPage } from '../builders/builderPages';
import { DrawerStack } from '../engine/drawers/DrawerStack';
import { signedInClaimsAtom } from '../state/session';
import { LoginScreen } from './account/LoginScreen';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { HomeScreen } from './home/HomeScreen';
import { SignedInLayout } from './layout/SignedInLayout';
import { moduleRoutes } from './modules/moduleRoutes';
import { NotificationBar } from './notifications/NotificationBar';

const publicPaths = ['/login', '/request-password', '/reset-password'];

/**
 * The navigation rules of spec part 1 §2: a visitor may open only the public screens, anything else goes
 * to login; a signed-in user opening them goes home; an unknown route goes home.
 */
export function Shell() {
  const claims = useAtomValue(signedInClaimsAtom);
  return (
    <>
      {claims ? (
        <SignedInLayout>
          <Routes>
            <Route path="/" element={<HomeScreen />} />
            {moduleRoutes.map((route) => {
              const Page = builderPage(route.path);
              return Page ? (
                <Route
                  key={route.path}
                  path={`${route.path}/*`}
                  element={
                    <Suspense fallback={<span className="spinner" role="status" aria-label="Loading" />}>
                      <Page />
                    </Suspense>
                  }
                />
              ) : null;
            })}
            {publicPaths.map((path) => (
              <Route key={path} path={path} element={<Navigate to="/" replace />} />
            ))}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
          <DrawerStack />
        </SignedInLayout>
      ) : (
        <Routes>
          <Route path="/login" element={<LoginScreen />} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      )}
      <ConfirmDialog />
      <NotificationBar />
    </>
  );
}
