import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { pageTitleAtom } from './pageTitleAtom';

/**
 * Gives the current page a more specific title than its route's, e.g. the open item's name; the shell
 * writes it as '{page} - {product}' (spec part 1 §2). Without a call, the route's title is used.
 * @example usePageTitle(connection.Name);
 */
export function usePageTitle(page?: string): void {
  const set = useSetAtom(pageTitleAtom);
  useEffect(() => {
    if (!page) return;
    set(page);
    return () => set((current) => (current === page ? null : current));
  }, [page, set]);
}
