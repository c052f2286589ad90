import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnSpec } from './columns';
import { ListView } from './ListView';
import type { ListController } from './useListController';

type Row = { Name: string; Type: string };

const columns: ColumnSpec<Row>[] = [
  { id: 'name', header: 'Name', value: (row) => row.Name },
  { id: 'type', header: 'Type', value: (row) => row.Type },
];

const controller = (rows: Row[]): ListController<Row> => ({
  rows,
  total: rows.length,
  matching: rows.length,
  search: '',
  setSearch: () => {},
  sort: { id: 'name', descending: false },
  toggleSort: () => {},
  page: 1,
  pageCount: 1,
  pages: [1],
  setPage: () => {},
});

const rows = [
  { Name: 'Orders', Type: 'SqlServer' },
  { Name: 'Stock', Type: 'Oracle' },
];

function list(steadyColumns: boolean, shown: Row[] = rows, shownColumns = columns) {
  return (
    <ListView<Row>
      label="Connections"
      columns={shownColumns}
      controller={controller(shown)}
      rowKey={(row) => row.Name}
      openLabel="edit"
      onOpen={() => {}}
      steadyColumns={steadyColumns}
    />
  );
}

/** What the browser laid out: the table 800 px wide, its header cells 400, 240 and 160 px. */
const laidOut: Record<string, number> = { TABLE: 800, Name: 400, Type: 240, '': 160 };

/** Issue 20 point 2: a list the browser pages keeps the column widths it had, in a fixed layout. */
describe('ListView steady columns', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width =
        this.tagName === 'TABLE'
          ? laidOut.TABLE!
          : (laidOut[this.textContent?.replace(/[▲▼]/g, '').replace('Actions', '').trim() ?? ''] ?? 0);
      return { width } as DOMRect;
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const widthsOf = (container: HTMLElement) =>
    [...container.querySelectorAll('col')].map((col) => (col as HTMLElement).style.width);

  it.each([
    ['a list the server pages keeps the automatic layout', false, rows, []],
    ['a list the browser pages, before it has rows, keeps the automatic layout', true, [], []],
    ['a list the browser pages fixes the widths the columns had', true, rows, ['50%', '30%', '20%']],
  ])('%s', (_, steady, shown, widths) => {
    const { container } = render(list(steady, shown));
    expect(widthsOf(container)).toEqual(widths);
    expect(container.querySelector('table')!.classList.contains('list__table--steady')).toBe(
      widths.length > 0,
    );
  });

  it('keeps the widths while the rows change, and measures again for other columns', () => {
    const { container, rerender } = render(list(false));
    rerender(list(true));
    expect(widthsOf(container)).toEqual(['50%', '30%', '20%']);
    laidOut.Name = 100;
    rerender(list(true, [{ Name: 'A much longer connection name than before', Type: 'MySql' }]));
    expect(widthsOf(container)).toEqual(['50%', '30%', '20%']);
    rerender(list(true, rows, [columns[0]!]));
    expect(widthsOf(container)).toEqual(['12.5%', '20%']);
    laidOut.Name = 400;
  });
});
