import { describe, expect, it } from 'vitest';
// The server's own paging, the reference these pages must equal (a list switches between the two).
import { listPage } from '../../../server/items/listPage';
import { type LocalQuery, localPages } from './localPages';

type Row = { Name: string; Type: string | null; Modified?: string; Description?: string; Live?: boolean };

const rows: Row[] = [
  { Name: 'beta', Type: 'Postgres', Modified: '2026-01-02' },
  { Name: 'Alpha', Type: 'Rest', Modified: '2026-01-03', Description: 'the first' },
  { Name: 'gamma10', Type: null, Modified: '2026-01-01' },
  { Name: 'gamma9', Type: 'Postgres' },
];
const options = { searchFields: ['Name', 'Type', 'Description'], nameField: 'Name' };
const query = (changes: Partial<LocalQuery>): LocalQuery => ({
  page: 1,
  pageSize: 20,
  descending: false,
  search: '',
  ...changes,
});
const names = (changes: Partial<LocalQuery>) =>
  localPages(rows, options)
    .page(query(changes))
    .rows.map((row) => row.Name);

describe('pages of a whole list in the browser, as the server pages it (issue 20 point 2)', () => {
  it.each<[string, Partial<LocalQuery>, string[]]>([
    [
      'default: ascending by name, ignoring case, numbers in order',
      {},
      ['Alpha', 'beta', 'gamma9', 'gamma10'],
    ],
    ['descending by name', { descending: true }, ['gamma10', 'gamma9', 'beta', 'Alpha']],
    [
      'by another field, empty values last, ties by name',
      { sort: 'Type' },
      ['beta', 'gamma9', 'Alpha', 'gamma10'],
    ],
    [
      'descending by a field, empty values still last',
      { sort: 'Type', descending: true },
      ['Alpha', 'beta', 'gamma9', 'gamma10'],
    ],
    ['by date', { sort: 'Modified' }, ['gamma10', 'beta', 'Alpha', 'gamma9']],
    ['search ignores case and looks in name, type and description', { search: 'POST' }, ['beta', 'gamma9']],
    ['search in the description, trimmed', { search: ' First ' }, ['Alpha']],
    ['search with nothing matching', { search: 'zzz' }, []],
    ['page size and page', { pageSize: 3, page: 2 }, ['gamma10']],
    ['a page past the end is empty', { page: 5 }, []],
    ['a search across two fields matches nothing', { search: `beta${'\u0000'}postgres` }, []],
  ])('%s', (_row, changes, expected) => {
    expect(names(changes)).toEqual(expected);
  });

  it('counts every matching row, not only the page', () => {
    const pages = localPages(rows, options);
    expect(pages.page(query({ pageSize: 1, search: 'gamma' })).total).toBe(2);
    expect(pages.page(query({ pageSize: 1 })).total).toBe(4);
  });

  it('answers what the server answers, for any query over many rows', () => {
    // Deterministic pseudo-random rows: repeated names and types, missing values, booleans, dates.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const words = ['alpha', 'Beta', 'gamma', 'Delta 2', 'delta 10', 'ÉPSILON', 'zeta_9', ''];
    const many: Row[] = Array.from({ length: 600 }, (_, index) => ({
      Name: `${words[next(words.length)]}${next(4) === 0 ? '' : index % 37}`,
      Type: next(5) === 0 ? null : words[next(words.length)]!,
      ...(next(6) === 0 ? {} : { Modified: `2026-0${1 + next(9)}-1${next(10)}T10:00:00Z` }),
      ...(next(3) === 0 ? {} : { Description: `about ${words[next(words.length)]}` }),
      Live: next(2) === 0,
    }));
    const pages = localPages(many, options);
    for (const sort of [undefined, 'Name', 'Type', 'Modified', 'Live'])
      for (const descending of [false, true])
        for (const search of ['', 'a', 'DELTA', ' 1', 'about b', 'épsilon', '9', 'none'])
          for (const [page, pageSize] of [
            [1, 20],
            [3, 20],
            [2, 7],
          ] as const) {
            const local = pages.page({ page, pageSize, sort, descending, search });
            const server = listPage(
              many,
              { page, pageSize, sort, direction: descending ? 'DESC' : 'ASC', search },
              ['Name', 'Type', 'Description'],
              'Name',
            );
            expect({ sort, descending, search, page, rows: local.rows, total: local.total }).toEqual({
              sort,
              descending,
              search,
              page,
              rows: server.rows,
              total: server.total,
            });
          }
  });

  it('leaves the whole list as it was', () => {
    const before = rows.map((row) => row.Name);
    const pages = localPages(rows, options);
    pages.prepare('Type', true);
    pages.page(query({ descending: true, search: 'a' }));
    expect(rows.map((row) => row.Name)).toEqual(before);
  });
});
