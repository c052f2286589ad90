import { lazy, Suspense, useEffect } from 'react';
import { t } from '../../messages/t';
import { LoginScreen } from '../account/LoginScreen';
import { RequestPasswordScreen } from '../account/RequestPasswordScreen';
import { ResetPasswordScreen } from '../account/ResetPasswordScreen';
import { useDocumentTitle } from '../title/useDocumentTitle';
import { goTo, usePublicPath } from './publicLocation';
import { RouteLoading } from './RouteLoading';

// Opened from a mailed link now and then, never on the way to sign in: loaded on its own, so /login's
// first load does not grow (issue 20 point 1).
const ConfirmEmailScreen = lazy(() =>
  import('../account/ConfirmEmailScreen').then((module) => ({ default: module.ConfirmEmailScreen })),
);

const screens = {
  '/login': { Screen: LoginScreen, title: 'login.title' },
  '/request-password': { Screen: RequestPasswordScreen, title: 'requestPassword.title' },
  '/reset-password': { Screen: ResetPasswordScreen, title: 'resetPassword.title' },
  '/confirm-email': { Screen: ConfirmEmailScreen, title: 'confirmEmail.title' },
} as const;

const isPublicPath = (path: string): path is keyof typeof screens => Object.hasOwn(screens, path);

/**
 * Signed out, only login, request-password, reset-password and confirm-email exist; anything else goes
 * to login (spec part 1 §2). No router here (issue 20 point 1): the path picks the screen. Signed in,
 * the shell shows confirm-email here too (publicPaths.ts).
 */
export function PublicRoutes() {
  const path = usePublicPath();
  const known = isPublicPath(path);
  const { Screen, title } = screens[known ? path : '/login'];
  useDocumentTitle(t(title));
  useEffect(() => {
    if (!known) goTo('/login', { replace: true });
  }, [known]);
  return (
    <Suspense fallback={<RouteLoading />}>
      <Screen />
    </Suspense>
  );
}
