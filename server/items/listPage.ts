import {
  compareListValues,
  fieldHolds,
  missingListValue,
  searchNeedle,
} from '../../src/domain/lists/listOrder';

/**
 * One page of a builder list, searched and sorted by the server (the paging parameters of
 * Connection.GetConnections: page, pageSize, sort, direction, search). Defaults are the spec's table
 * defaults (spec part 1 §9: 20 rows a page, page 1, ascending by name).
 */
export interface ListQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: string | undefined;
  direction?: 'ASC' | 'DESC' | undefined;
  search?: string | undefined;
}

export const LIST_PAGE_SIZE = 20;

const pagingParameters = ['page', 'pageSize', 'sort', 'direction', 'search'] as const;

/** Whether the caller asked for a page; without any paging parameter the whole list is answered. */
export function asksForPage(query: ListQuery | undefined): query is ListQuery {
  return pagingParameters.some((name) => query?.[name] !== undefined);
}

/** A stable key of what a page query asks, for a cache of answers. */
export function pageKey(query: ListQuery): string {
  const { page = 1, pageSize = LIST_PAGE_SIZE, sort = 'Name', direction = 'ASC', search } = query;
  return JSON.stringify([page, pageSize, sort, direction, searchNeedle(search)]);
}

/** Orders by one field in a direction; absent values go last either way. */
function compareBy(a: unknown, b: unknown, sign: number): number {
  const aMissing = missingListValue(a);
  const bMissing = missingListValue(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return sign * compareListValues(a, b);
}

/**
 * The matching rows and the requested page of them. `searchFields` are the fields the search looks
 * in (case-insensitive substring); ties of the sort field keep the name order, so pages are stable.
 */
export function listPage<T extends object>(
  rows: readonly T[],
  query: ListQuery,
  searchFields: readonly (keyof T & string)[],
  nameField: keyof T & string,
): { rows: T[]; total: number } {
  const { page = 1, pageSize = LIST_PAGE_SIZE, direction = 'ASC' } = query;
  const sort = (query.sort ?? nameField) as keyof T & string;
  const needle = searchNeedle(query.search);
  const matching = needle
    ? rows.filter((row) => searchFields.some((field) => fieldHolds(row[field], needle)))
    : [...rows];
  const sign = direction === 'DESC' ? -1 : 1;
  matching.sort((a, b) => compareBy(a[sort], b[sort], sign) || compareBy(a[nameField], b[nameField], 1));
  const start = (page - 1) * pageSize;
  return { rows: matching.slice(start, start + pageSize), total: matching.length };
}
