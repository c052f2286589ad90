import {
  columnFilteringFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { ColumnSpec } from './columns';
import { PAGE_SIZE, pageWindow } from './pageWindow';
import { useListUrlState } from './useListUrlState';

export const listFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, basic: sortFn_basic },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

const EMPTY: never[] = [];

/**
 * The list's state and rows: search (debounced 200 ms), sort (default ascending by name), pages of 20
 * from page 1 (spec part 1 §9). State lives in the URL (?q=&sort=&dir=&page=), so reload, back/forward
 * and shared links restore the view.
 */
export function useListController<T>(options: {
  rows: readonly T[] | undefined;
  columns: readonly ColumnSpec<T>[];
  defaultSort?: string;
  /** Prefix of the URL parameters, when a page holds two lists (tabs). */
  paramPrefix?: string;
}) {
  const { columns, defaultSort = 'name', paramPrefix = '' } = options;
  const state = useListUrlState({ defaultSort, paramPrefix });
  const { search, descending, page } = state;
  const sortId = state.sortId ?? defaultSort;

  const tableColumns = useMemo(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => {
          const value = column.value(row);
          return value === null || value === undefined ? '' : value;
        },
        sortFn: column.kind === 'date' || column.kind === 'boolean' ? ('basic' as const) : ('text' as const),
        enableGlobalFilter:
          column.searchable ??
          (column.kind === undefined || column.kind === 'text' || column.kind === 'status'),
      })),
    [columns],
  );

  const table = useTable({
    features: listFeatures,
    columns: tableColumns as never,
    data: (options.rows ?? EMPTY) as unknown as Record<string, unknown>[],
    state: {
      sorting: columns.some((column) => column.id === sortId) ? [{ id: sortId, desc: descending }] : [],
      globalFilter: search,
      pagination: { pageIndex: page - 1, pageSize: PAGE_SIZE },
    },
    globalFilterFn: 'includesString',
    autoResetPageIndex: false,
    enableSortingRemoval: false,
  });

  const pageCount = table.getPageCount();
  const rows = table.getRowModel().rows.map((row) => row.original as T);
  return {
    rows,
    total: options.rows?.length ?? 0,
    matching: table.getFilteredRowModel().rows.length,
    search: state.typed,
    setSearch: state.setTyped,
    sort: { id: sortId, descending },
    toggleSort: state.toggleSort,
    page: Math.min(page, Math.max(1, pageCount)),
    pageCount,
    pages: pageWindow(Math.min(page, Math.max(1, pageCount)), pageCount),
    setPage: state.setPage,
  };
}

export type ListController<T> = ReturnType<typeof useListController<T>>;
