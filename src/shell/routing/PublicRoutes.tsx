import { useEffect } from 'react';
import { t } from '../../messages/t';
import { LoginScreen } from '../account/LoginScreen';
import { RequestPasswordScreen } from '../account/RequestPasswordScreen';
import { ResetPasswordScreen } from '../account/ResetPasswordScreen';
import { useDocumentTitle } from '../title/useDocumentTitle';
import { goTo, usePublicPath } from './publicLocation';

const screens = {
  '/login': { Screen: LoginScreen, title: 'login.title' },
  '/request-password': { Screen: RequestPasswordScreen, title: 'requestPassword.title' },
  '/reset-password': { Screen: ResetPasswordScreen, title: 'resetPassword.title' },
} as const;

const isPublicPath = (path: string): path is keyof typeof screens => Object.hasOwn(screens, path);

/**
 * Signed out, only login, request-password and reset-password exist; anything else goes to login (spec
 * part 1 §2). No router here (issue 20 point 1): the path picks the screen.
 */
export function PublicRoutes() {
  const path = usePublicPath();
  const known = isPublicPath(path);
  const { Screen, title } = screens[known ? path : '/login'];
  useDocumentTitle(t(title));
  useEffect(() => {
    if (!known) goTo('/login', { replace: true });
  }, [known]);
  return <Screen />;
}
