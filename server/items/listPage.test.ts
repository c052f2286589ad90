import { describe, expect, it } from 'vitest';
import { asksForPage, type ListQuery, listPage, pageKey } from './listPage';

type Row = { Name: string; Type: string | null; Modified?: string; Description?: string };

const rows: Row[] = [
  { Name: 'beta', Type: 'Postgres', Modified: '2026-01-02' },
  { Name: 'Alpha', Type: 'Rest', Modified: '2026-01-03', Description: 'the first' },
  { Name: 'gamma10', Type: null, Modified: '2026-01-01' },
  { Name: 'gamma9', Type: 'Postgres' },
];
const page = (query: ListQuery) => listPage(rows, query, ['Name', 'Type', 'Description'], 'Name');
const names = (query: ListQuery) => page(query).rows.map((row) => row.Name);

describe('a page of a builder list (spec part 1 §9 table defaults; issue 9 GetConnections budget)', () => {
  it.each<[string, ListQuery, string[]]>([
    [
      '§9 default sort: ascending by name, ignoring case, numbers in order',
      {},
      ['Alpha', 'beta', 'gamma9', 'gamma10'],
    ],
    ['descending by name', { direction: 'DESC' }, ['gamma10', 'gamma9', 'beta', 'Alpha']],
    [
      'by another field, empty values last, ties by name',
      { sort: 'Type' },
      ['beta', 'gamma9', 'Alpha', 'gamma10'],
    ],
    [
      'descending by a field, empty values still last',
      { sort: 'Type', direction: 'DESC' },
      ['Alpha', 'beta', 'gamma9', 'gamma10'],
    ],
    ['by date', { sort: 'Modified' }, ['gamma10', 'beta', 'Alpha', 'gamma9']],
    ['search ignores case and looks in name, type and description', { search: 'POST' }, ['beta', 'gamma9']],
    ['search in the description', { search: 'First' }, ['Alpha']],
    ['search with nothing matching', { search: 'zzz' }, []],
    ['page size and page', { pageSize: 3, page: 2 }, ['gamma10']],
    ['a page past the end is empty', { pageSize: 20, page: 5 }, []],
  ])('%s', (_row, query, expected) => {
    expect(names(query)).toEqual(expected);
  });

  it('counts every matching row, not only the page', () => {
    expect(page({ pageSize: 1, search: 'gamma' }).total).toBe(2);
    expect(page({ pageSize: 1 }).total).toBe(4);
  });

  it('leaves the whole list as it was', () => {
    const before = rows.map((row) => row.Name);
    page({ direction: 'DESC' });
    expect(rows.map((row) => row.Name)).toEqual(before);
  });

  it('asks for a page only when a paging parameter is given (spec part 1 §7: GetConnections without parameters)', () => {
    expect(asksForPage({})).toBe(false);
    expect(asksForPage(undefined)).toBe(false);
    expect(asksForPage({ page: 1 })).toBe(true);
    expect(asksForPage({ search: '' })).toBe(true);
  });

  it('keys a query by what it asks, defaults filled in', () => {
    expect(pageKey({})).toBe(pageKey({ page: 1, pageSize: 20, sort: 'Name', direction: 'ASC', search: ' ' }));
    expect(pageKey({ search: 'A' })).toBe(pageKey({ search: 'a' }));
    expect(pageKey({ page: 2 })).not.toBe(pageKey({}));
  });
});
