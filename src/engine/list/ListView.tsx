import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../messages/t';
import type { ColumnSpec } from './columns';
import { RowActions } from './RowActions';
import type { ListController } from './useListController';

export interface ListViewProps<T> {
  label: string;
  columns: readonly ColumnSpec<T>[];
  controller: ListController<T>;
  loading?: boolean;
  /** Rows on screen are being replaced (a page the server sorts, searches or turns). */
  busy?: boolean;
  error?: string | null;
  rowKey(row: T): string;
  /** 'edit' with Upsert, else 'view' (spec part 1 §2). */
  openLabel: 'edit' | 'view';
  onOpen(row: T): void;
  onDelete?(row: T): void;
  /** Whether this row's delete shows (e.g. published items need a further permission); default all. */
  canDelete?(row: T): boolean;
  onCreate?(): void;
  createLabel?: string;
  toolbar?: ReactNode;
  emptyText?: string;
  /**
   * The rows change often and all at once (a whole list the browser searches and sorts): from when this
   * turns true, the columns keep the widths they have then.
   */
  steadyColumns?: boolean;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** A date cell's attribute and text, kept per stored value: a list re-shows the same dates often. */
const dates = new Map<string, { iso: string; text: string } | null>();
function dateOf(value: string) {
  let known = dates.get(value);
  if (known === undefined) {
    const date = new Date(value);
    known = Number.isNaN(date.getTime()) ? null : { iso: date.toISOString(), text: dateFormat.format(date) };
    if (dates.size > 5000) dates.clear();
    dates.set(value, known);
  }
  return known;
}

function Cell<T>({ column, row }: { column: ColumnSpec<T>; row: T }) {
  if (column.render) return <>{column.render(row)}</>;
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return <span className="list__muted">—</span>;
  switch (column.kind) {
    case 'status': {
      const published = String(value).toLowerCase() === 'published';
      return (
        <span className={`badge ${published ? 'badge--published' : 'badge--draft'}`}>
          {published ? 'Published' : 'Draft'}
        </span>
      );
    }
    case 'date': {
      const date = dateOf(String(value));
      return date ? <time dateTime={date.iso}>{date.text}</time> : String(value);
    }
    case 'boolean':
      return <>{value ? 'Yes' : 'No'}</>;
    default:
      return String(value);
  }
}

/**
 * The columns' widths as the browser laid them out when `active` turned true (share of the table per
 * column), for a fixed table layout from then on: a search, a sort or another page then rewrites the rows
 * without the browser measuring every cell's text again to size the columns, which halves the layout of
 * a 50-row page (issue 20 point 2). Text longer than its column wraps.
 */
function useSteadyColumnWidths(active: boolean, columnsKey: string) {
  const table = useRef<HTMLTableElement>(null);
  const [steady, setSteady] = useState<{ key: string; widths: string[] } | null>(null);
  const widths = active && steady?.key === columnsKey ? steady.widths : null;
  useLayoutEffect(() => {
    const element = table.current;
    if (!active || widths || !element?.tHead) return;
    const total = element.getBoundingClientRect().width;
    const cells = [...(element.tHead.rows[0]?.cells ?? [])];
    if (!total || cells.length === 0) return;
    const share = (cell: HTMLTableCellElement) => (cell.getBoundingClientRect().width / total) * 100;
    setSteady({ key: columnsKey, widths: cells.map((cell) => `${share(cell).toFixed(3)}%`) });
  }, [active, widths, columnsKey]);
  return { table, widths };
}

/** The generic list: search, sortable columns, pages, open and delete, empty and loading states. */
export function ListView<T>(props: ListViewProps<T>) {
  const { label, columns, controller, loading, error, rowKey, openLabel, onOpen, onDelete, onCreate } = props;
  const { table, widths } = useSteadyColumnWidths(
    Boolean(props.steadyColumns) && controller.rows.length > 0,
    columns.map((column) => column.id).join('\n'),
  );
  return (
    <section className="list" aria-label={label}>
      <div className="list__toolbar">
        <input
          className="field__input list__search"
          type="search"
          placeholder="Search"
          aria-label={`Search ${label}`}
          value={controller.search}
          onChange={(event) => controller.setSearch(event.target.value)}
        />
        {props.toolbar}
        {onCreate && (
          <button
            type="button"
            className="button button--primary"
            onClick={onCreate}
            aria-keyshortcuts="Control+Shift+C"
          >
            {props.createLabel ?? 'Create new'}
          </button>
        )}
      </div>
      <div className="list__frame">
        <table
          ref={table}
          className={widths ? 'list__table list__table--steady' : 'list__table'}
          aria-busy={props.busy || undefined}
        >
          {widths && (
            <colgroup>
              {widths.map((width, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place
                <col key={index} style={{ width }} />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = controller.sort.id === column.id;
                return (
                  <th
                    key={column.id}
                    aria-sort={sorted ? (controller.sort.descending ? 'descending' : 'ascending') : 'none'}
                    scope="col"
                  >
                    <button
                      type="button"
                      className="list__sort"
                      onClick={() => controller.toggleSort(column.id)}
                    >
                      {column.header}
                      <span
                        className={`list__sort-mark${sorted ? ' list__sort-mark--on' : ''}`}
                        aria-hidden="true"
                      >
                        {sorted && controller.sort.descending ? '▼' : '▲'}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loading && controller.total === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="list__state" aria-busy="true">
                  <span className="spinner" role="status" aria-label="Loading" />
                </td>
              </tr>
            ) : error ? (
              <tr>
                <td colSpan={columns.length + 1} className="list__state list__state--error" role="alert">
                  {error}
                </td>
              </tr>
            ) : controller.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="list__state">
                  {controller.search
                    ? `Nothing matches “${controller.search}”.`
                    : (props.emptyText ?? `No ${label.toLowerCase()} yet.`)}
                </td>
              </tr>
            ) : (
              // Rows keyed by their place on the page: a search, a sort or another page rewrites the
              // texts of the rows on screen instead of replacing them, which halves the style and layout
              // work of the change (issue 20 point 2). The row's own key stays on it as data-key.
              controller.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the place on the page is the identity here
                <tr key={rowIndex} data-key={rowKey(row)}>
                  {columns.map((column, index) => (
                    <td key={column.id}>
                      {index === 0 ? (
                        <button type="button" className="list__open" onClick={() => onOpen(row)}>
                          <Cell column={column} row={row} />
                        </button>
                      ) : (
                        <Cell column={column} row={row} />
                      )}
                    </td>
                  ))}
                  <RowActions
                    open={{ label: openLabel, onClick: () => onOpen(row) }}
                    remove={onDelete && (props.canDelete?.(row) ?? true) && { onClick: () => onDelete(row) }}
                  />
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="list__footer">
        <span className="list__count">
          {controller.matching === controller.total
            ? t('list.count', { count: controller.total })
            : t('list.countOf', { matching: controller.matching, count: controller.total })}
        </span>
        {controller.pageCount > 1 && (
          <nav className="pager" aria-label={`${label} pages`}>
            <button
              type="button"
              className="pager__button"
              disabled={controller.page <= 1}
              onClick={() => controller.setPage(controller.page - 1)}
              aria-label="Previous page"
            >
              ‹
            </button>
            {controller.pages.map((slot, index) =>
              slot === 'gap' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their position
                <span key={`gap-${index}`} className="pager__gap">
                  …
                </span>
              ) : (
                <button
                  key={slot}
                  type="button"
                  className={`pager__button${slot === controller.page ? ' pager__button--current' : ''}`}
                  aria-current={slot === controller.page ? 'page' : undefined}
                  onClick={() => controller.setPage(slot)}
                >
                  {slot}
                </button>
              ),
            )}
            <button
              type="button"
              className="pager__button"
              disabled={controller.page >= controller.pageCount}
              onClick={() => controller.setPage(controller.page + 1)}
              aria-label="Next page"
            >
              ›
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
