import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_SIZE, pageWindow, SEARCH_DEBOUNCE_MS } from './pageWindow';
import type { ListController } from './useListController';

/** What a server-paged list asks the server for (page from 1, spec part 1 §9 table defaults). */
export interface ServerListQuery {
  page: number;
  pageSize: number;
  sort: string | undefined;
  descending: boolean;
  search: string;
}

/**
 * The list state of a table whose rows the server pages, sorts and searches (the document editor's
 * records): the same URL parameters and the same controller shape as useListController, so ListView
 * draws it, with `query` for the call and `controller(rows, total)` once the page arrives.
 * @example const list = useServerListController({ defaultSort: 'Code' }); const page = useQuery(recordsQuery(list.query));
 */
export function useServerListController(options: { defaultSort?: string; paramPrefix?: string } = {}) {
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

  const query: ServerListQuery = { page, pageSize: PAGE_SIZE, sort: sortId, descending, search };
  const controller = <T>(rows: readonly T[], total: number): ListController<T> => {
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    return {
      rows: [...rows],
      total,
      matching: total,
      search: typed,
      setSearch: setTyped,
      sort: { id: sortId ?? '', descending },
      toggleSort(id: string) {
        update({ sort: id, dir: sortId === id && !descending ? 'desc' : null, page: null });
      },
      page: Math.min(page, pageCount),
      pageCount: total === 0 ? 0 : pageCount,
      pages: pageWindow(Math.min(page, pageCount), total === 0 ? 0 : pageCount),
      setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    };
  };
  return { query, controller };
}
