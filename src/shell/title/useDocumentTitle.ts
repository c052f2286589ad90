import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle } from './documentTitle';
import { pageTitleAtom } from './pageTitleAtom';
import { routeTitle } from './routeTitle';

/** Sets the document title after every navigation: the page's own, else the route's, else the default (spec part 1 §2). */
export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  const page = useAtomValue(pageTitleAtom);
  useEffect(() => {
    document.title = documentTitle(page ?? routeTitle(pathname));
  }, [page, pathname]);
}
