import { t } from '../../messages/t';
import { moduleRoutes } from '../modules/moduleRoutes';

const fixed: Record<string, string> = {
  '/': t('home.title'),
  '/profile': t('profile.title'),
  '/login': t('login.title'),
  '/request-password': t('requestPassword.title'),
  '/reset-password': t('resetPassword.title'),
  '/confirm-email': t('confirmEmail.title'),
};

/** The page part of a route's title: fixed screens by path, module routes (and their sub-paths) by label. */
export function routeTitle(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (Object.hasOwn(fixed, path)) return fixed[path] ?? null;
  const first = `/${path.split('/')[1] ?? ''}`;
  return moduleRoutes.find((route) => route.path.toLowerCase() === first.toLowerCase())?.label ?? null;
}
