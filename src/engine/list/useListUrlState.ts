import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from './pageWindow';

/**
 * A list's search, sort and page held in the URL (?q=&sort=&dir=&page=, each with `paramPrefix` when a
 * page holds two lists), so reload, back/forward and shared links restore the view. The search box's
 * text reaches the URL 200 ms after typing stops (spec part 1 §9 search debounce). Both list
 * controllers (rows in the browser, rows paged by the server) read their state from here.
 */
export function useListUrlState(options: { defaultSort?: string | undefined; paramPrefix?: string }) {
  const { paramPrefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const key = (name: string) => `${paramPrefix}${name}`;
  const search = params.get(key('q')) ?? '';
  const sortId = params.get(key('sort')) ?? options.defaultSort;
  const descending = params.get(key('dir')) === 'desc';
  const page = Math.max(1, Number(params.get(key('page')) ?? '1') || 1);
  const [typed, setTyped] = useState(search);

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(`${paramPrefix}${name}`);
            else next.set(`${paramPrefix}${name}`, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams, paramPrefix],
  );

  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed, page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  return {
    /** The search the rows are filtered by (the URL's), and the text in the box (`typed`). */
    search,
    typed,
    setTyped,
    sortId,
    descending,
    page,
    /** A column header clicked: ascending first, then descending; the default sort leaves the URL. */
    toggleSort(id: string) {
      update({
        sort: id === options.defaultSort && sortId === id && descending ? null : id,
        dir: sortId === id && !descending ? 'desc' : null,
        page: null,
      });
    },
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
  };
}
