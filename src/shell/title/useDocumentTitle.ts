import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { documentTitle } from './documentTitle';
import { pageTitleAtom } from './pageTitleAtom';

/**
 * Sets the document title after every navigation: the page's own, else the route's (`routeTitle`), else
 * the default (spec part 1 §2).
 */
export function useDocumentTitle(routeTitle: string | null): void {
  const page = useAtomValue(pageTitleAtom);
  useEffect(() => {
    document.title = documentTitle(page ?? routeTitle);
  }, [page, routeTitle]);
}
