import { useSyncExternalStore } from 'react';

/**
 * Where the signed-out screens are, without a router: react-router and its data router load only
 * after sign-in (issue 20 point 1), so login, request-password, reset-password and confirm-email read the address
 * and move between each other through the History API here. The signed-in app's router is made at
 * sign-in and starts from the address these screens left.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const pathname = () => window.location.pathname;
const search = () => window.location.search;

/** Goes to `path` (a path with an optional query), as a new history entry or in place of this one. */
export function goTo(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current path, following goTo and the browser's back and forward buttons. */
export function usePublicPath(): string {
  return useSyncExternalStore(subscribe, pathname);
}

/** Whether the address is one of `paths`; changes only when that answer does. */
export function useAtPath(paths: readonly string[]): boolean {
  return useSyncExternalStore(subscribe, () => paths.includes(pathname()));
}

/** One query parameter of the current address, or null. */
export function usePublicSearchParam(name: string): string | null {
  return new URLSearchParams(useSyncExternalStore(subscribe, search)).get(name);
}
