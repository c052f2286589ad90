import { PAGE_SIZE, pageWindow } from './pageWindow';
import type { ListController } from './useListController';
import { useListUrlState } from './useListUrlState';

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
 * records, the Connection Builder's list): the same URL parameters and the same controller shape as
 * useListController, so ListView draws it, with `query` for the call and `controller(rows, total)` once
 * the page arrives.
 * @example const list = useServerListController({ defaultSort: 'Code' }); const page = useQuery(recordsQuery(list.query));
 */
export function useServerListController(options: { defaultSort?: string; paramPrefix?: string } = {}) {
  const state = useListUrlState(options);
  const { sortId, descending, page, search } = state;
  const query: ServerListQuery = { page, pageSize: PAGE_SIZE, sort: sortId, descending, search };
  const controller = <T>(rows: readonly T[], total: number): ListController<T> => {
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    return {
      rows: [...rows],
      total,
      matching: total,
      search: state.typed,
      setSearch: state.setTyped,
      sort: { id: sortId ?? '', descending },
      toggleSort: state.toggleSort,
      page: Math.min(page, pageCount),
      pageCount: total === 0 ? 0 : pageCount,
      pages: pageWindow(Math.min(page, pageCount), total === 0 ? 0 : pageCount),
      setPage: state.setPage,
    };
  };
  return { query, controller };
}
