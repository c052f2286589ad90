import { type QueryKey, skipToken, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { whenIdle } from '../../ui/whenIdle';
import type { ColumnSpec } from './columns';
import { type LocalPages, localPages } from './localPages';
import type { ServerListQuery } from './useServerListController';

/**
 * Up to this many items a list the server pages is loaded whole (about 430 bytes a connection, 370 a
 * user: 4 MB at 10,000, fetched once and shared with the editor's uniqueness check, which loads the
 * same list).
 */
export const LOCAL_LIST_LIMIT = 20_000;

/** Each step of preparing the whole list waits for an idle moment, two seconds at most. */
const PREPARE_STEP_MS = 2000;

/** One page as the server answers it: the rows and the count of every matching row (X-Total-Count). */
export interface ServerPage<T> {
  rows: T[];
  total: number;
}

/** A list the browser may page once it holds the whole of it, by the server's rules (localPages.ts). */
export interface WholeList<T, K extends QueryKey = QueryKey> {
  /** The whole list's query (the list call without paging parameters). */
  query: UseQueryOptions<T[], Error, T[], K>;
  /** The fields the server's search looks in. */
  searchFields: readonly string[];
  /** The field that sorts when no column is asked, and breaks ties (the server's name field). */
  nameField: string;
}

/**
 * The rows of a list the server pages, searches and sorts (its list call's paging parameters and
 * X-Total-Count): the page asked for, the previous one staying on screen while the next loads. With
 * `whole`, once an unsearched page says the list holds at most LOCAL_LIST_LIMIT items, the whole list
 * is loaded and the browser pages it from then on, so a search or a sort paints within a frame instead
 * of waiting for a call (issue 20 point 2); the orders of the columns' fields and the search texts are
 * prepared while the browser is idle. `scope` names what the list belongs to (a connection): a whole
 * list wanted in one scope is not taken for another's.
 *
 * The Connection Builder's list (BuilderPage.tsx) and the user management list use it.
 * @example const rows = usePagedRows({ query: list.query, columns, page: (q) => usersPageQuery(q), whole });
 */
export function usePagedRows<T extends object, PK extends QueryKey, WK extends QueryKey>(options: {
  query: ServerListQuery;
  columns: readonly ColumnSpec<T>[];
  /** The query of one page, for the query asked. */
  page: (query: ServerListQuery) => UseQueryOptions<ServerPage<T>, Error, ServerPage<T>, PK>;
  whole?: WholeList<T, WK> | undefined;
  scope?: string | null;
}) {
  const { query, columns, whole } = options;
  const here = options.scope ?? null;
  // How many items the whole list holds, as an unsearched page of the server's says.
  const [counted, setCounted] = useState<{ scope: string | null; total: number }>();
  const total = counted && counted.scope === here ? counted.total : undefined;
  const local = useWholeListPages(whole, columns, here, total);
  // Once the browser pages the list, the server's page query stays on the page it last asked for: a
  // search or a sort then makes no query of its own, whose change would render the page a second time
  // right after the change's own frame (issue 20 point 2).
  const asked = useRef(query);
  if (!local) asked.current = query;
  const server = options.page(local ? asked.current : query);
  // Once the whole list is here the browser pages it, and the server is asked no more.
  const page = useQuery({ ...server, enabled: server.enabled !== false && !local });
  const { page: pageNumber, pageSize, sort: sortId, descending, search } = query;
  const localPage = useMemo(() => {
    if (!local) return undefined;
    const sort = columns.find((column) => column.id === sortId)?.field;
    return local.pages.page({ page: pageNumber, pageSize, sort, descending, search });
  }, [local, columns, pageNumber, pageSize, sortId, descending, search]);
  const answered = page.data && !page.isPlaceholderData ? page.data.total : undefined;
  const unsearched = search.trim() === '';
  useEffect(() => {
    if (answered !== undefined && unsearched) setCounted({ scope: here, total: answered });
  }, [answered, unsearched, here]);
  const shown = localPage ?? page.data;
  return {
    rows: shown?.rows ?? [],
    total: shown?.total ?? 0,
    loading: !localPage && page.isPending && page.fetchStatus !== 'idle',
    busy: !localPage && page.isPlaceholderData,
    error: !localPage && page.error ? page.error.message : null,
    /** Whether the browser pages the whole list (the columns may keep their widths). */
    local: Boolean(localPage),
    /** The whole list, once loaded. */
    all: local?.rows,
  };
}

/**
 * The whole list as pages the browser searches and sorts, once `total` is small enough; undefined until
 * then, or when the whole list cannot be had, so the server's pages go on. A whole list already in the
 * cache (an editor loaded it) is used at once.
 */
function useWholeListPages<T extends object, K extends QueryKey>(
  whole: WholeList<T, K> | undefined,
  columns: readonly ColumnSpec<T>[],
  here: string | null,
  total: number | undefined,
): { pages: LocalPages<T>; rows: readonly T[] } | undefined {
  // Once wanted, for the scope it was wanted in, a later searched page's count does not undo it.
  const [wantedIn, setWantedIn] = useState<string | null>();
  const small = Boolean(whole && total !== undefined && total <= LOCAL_LIST_LIMIT);
  useEffect(() => {
    if (small) setWantedIn(here);
  }, [small, here]);
  const base = whole?.query;
  const list = useQuery<T[], Error, T[], QueryKey>(
    base
      ? ({ ...base, enabled: wantedIn === here && base.enabled !== false } as UseQueryOptions<
          T[],
          Error,
          T[],
          QueryKey
        >)
      : { queryKey: ['list', 'no whole list'], queryFn: skipToken },
  );
  const searchFields = whole?.searchFields;
  const nameField = whole?.nameField;
  const pages = useMemo(
    () =>
      searchFields && nameField && list.data
        ? { pages: localPages(list.data, { searchFields, nameField }), rows: list.data }
        : undefined,
    [searchFields, nameField, list.data],
  );

  useEffect(() => {
    if (!pages) return;
    const work: Array<() => void> = [() => pages.pages.prepare()];
    for (const column of columns)
      for (const descending of [false, true]) work.push(() => pages.pages.prepare(column.field, descending));
    let cancel = () => {};
    const next = () => {
      const step = work.shift();
      if (!step) return;
      cancel = whenIdle(() => {
        step();
        next();
      }, PREPARE_STEP_MS);
    };
    next();
    return () => cancel();
  }, [pages, columns]);

  return pages;
}
