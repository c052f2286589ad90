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
  const { page = 1, pageSize = LIST_PAGE_SIZE, sort = 'Name', direction = 'ASC', search = '' } = query;
  return JSON.stringify([page, pageSize, sort, direction, search.trim().toLowerCase()]);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const missing = (value: unknown) => value === null || value === undefined || value === '';

/** Orders present values of one field: text by the collator, others by their order. */
function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** Orders by one field in a direction; absent values go last either way. */
function compareBy(a: unknown, b: unknown, sign: number): number {
  if (missing(a) || missing(b)) return missing(a) === missing(b) ? 0 : missing(a) ? 1 : -1;
  return sign * compareValues(a, b);
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
  const needle = (query.search ?? '').trim().toLowerCase();
  const matching = needle
    ? rows.filter((row) =>
        searchFields.some((field) => {
          const value = row[field];
          return typeof value === 'string' && value.toLowerCase().includes(needle);
        }),
      )
    : [...rows];
  const sign = direction === 'DESC' ? -1 : 1;
  matching.sort((a, b) => compareBy(a[sort], b[sort], sign) || compareBy(a[nameField], b[nameField], 1));
  const start = (page - 1) * pageSize;
  return { rows: matching.slice(start, start + pageSize), total: matching.length };
}
