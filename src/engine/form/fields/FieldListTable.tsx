import { type CSSProperties, memo, startTransition, useEffect, useState } from 'react';
import type { FieldRow } from '../../../domain/fields/fieldTree';
import { t } from '../../../messages/t';
import { afterNextPaint } from '../../../ui/afterNextPaint';
import type { FieldListColumn } from './fieldListOptions';

export interface FieldRowActions {
  open(row: FieldRow): void;
  addChild(row: FieldRow): void;
  move(row: FieldRow, delta: -1 | 1): void;
  remove(row: FieldRow): void;
}

const valueAt = (field: Record<string, unknown>, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      field,
    );

/** A column's value as the cell shows it (plain text: a component per cell would double a long list's work). */
function cellText(field: Record<string, unknown>, column: FieldListColumn): string {
  const value = valueAt(field, column.path);
  if (column.kind === 'boolean') return value === true ? t('fieldList.yes') : '';
  return value === undefined || value === null ? '' : String(value);
}

/** A row's small button: its words are its accessible name and its tooltip (worded once per button). */
const rowButton = (
  words: string,
  symbol: string,
  onClick: () => void,
  options: { disabled?: boolean; danger?: boolean } = {},
) => (
  <button
    type="button"
    className={options.danger ? 'button button--small button--danger-outline' : 'button button--small'}
    aria-label={words}
    title={words}
    disabled={options.disabled}
    onClick={onClick}
  >
    {symbol}
  </button>
);

interface RowProps {
  row: FieldRow;
  id: string;
  columns: readonly FieldListColumn[];
  canHaveChildren: boolean;
  invalid: boolean;
  readOnly: boolean;
  /** The row's buttons are drawn (see EAGER_ROWS); otherwise an empty cell holds their place. */
  withActions: boolean;
  actions: FieldRowActions;
}

/** One field: its own name indented below its parent, its columns, and what can be done with it. */
const sameRow = (a: RowProps, b: RowProps) =>
  a.row.field === b.row.field &&
  a.row.key === b.row.key &&
  a.row.leaf === b.row.leaf &&
  a.row.name === b.row.name &&
  a.row.depth === b.row.depth &&
  a.row.position === b.row.position &&
  a.row.siblings === b.row.siblings &&
  a.id === b.id &&
  a.columns === b.columns &&
  a.canHaveChildren === b.canHaveChildren &&
  a.invalid === b.invalid &&
  a.readOnly === b.readOnly &&
  a.withActions === b.withActions &&
  a.actions === b.actions;

const FieldListRow = memo(function FieldListRow({
  row,
  id,
  columns,
  canHaveChildren,
  invalid,
  readOnly,
  withActions,
  actions,
}: RowProps) {
  const label = row.name || '—';
  return (
    <tr className={`field-list__row${invalid ? ' field-list__row--invalid' : ''}`}>
      <th
        scope="row"
        className="field-list__name"
        style={row.depth > 0 ? { paddingLeft: `${0.75 + row.depth * 1.25}rem` } : undefined}
      >
        {row.depth > 0 && (
          <span className="field-list__branch" aria-hidden="true">
            └
          </span>
        )}
        <button
          type="button"
          id={id}
          className="field-list__open"
          onClick={() => actions.open(row)}
          title={invalid ? t('fieldList.hasErrors') : undefined}
          aria-invalid={invalid || undefined}
        >
          {row.leaf || '—'}
        </button>
        {invalid && (
          <span className="field-list__mark" aria-hidden="true">
            !
          </span>
        )}
      </th>
      {columns.map((column) => (
        <td key={column.path}>{cellText(row.field, column)}</td>
      ))}
      {!readOnly && !withActions && <td className="field-list__actions" />}
      {!readOnly && withActions && (
        <td className="field-list__actions">
          {canHaveChildren &&
            rowButton(t('fieldList.addChild', { name: label }), '+', () => actions.addChild(row))}
          {rowButton(t('fieldList.moveUp', { name: label }), '↑', () => actions.move(row, -1), {
            disabled: row.position === 0,
          })}
          {rowButton(t('fieldList.moveDown', { name: label }), '↓', () => actions.move(row, 1), {
            disabled: row.position === row.siblings - 1,
          })}
          {rowButton(t('fieldList.remove', { name: label }), '×', () => actions.remove(row), {
            danger: true,
          })}
        </td>
      )}
    </tr>
  );
}, sameRow);

export interface FieldListTableProps {
  rows: readonly FieldRow[];
  columns: readonly FieldListColumn[];
  /** Row id from its address, so the validation panel can focus the row an error is about. */
  rowId(row: FieldRow): string;
  canHaveChildren(row: FieldRow): boolean;
  /** Keys of rows with errors, space separated. */
  invalidKeys: string;
  readOnly: boolean;
  actions: FieldRowActions;
  label: string;
}

/**
 * Rows whose buttons are drawn with the list's first paint; the buttons of the rows after them (below the
 * frame's fold: it shows fifteen at most) are drawn once that frame is painted, in a transition. Three or
 * four buttons with their words are most of a row's elements and attributes, so a 500-field document
 * paints its fields sooner (issue 20 point 3), and its rows have their buttons before anyone scrolls to
 * them.
 */
export const EAGER_ROWS = 20;

/**
 * Rows per row group (a tbody): the groups out of the frame are skipped by style, layout and paint
 * (content-visibility in FieldListField.css). The browser watches each skipped box on every frame, so it
 * watches twenty groups of a 500-field document rather than its 500 rows.
 */
const GROUP_ROWS = 25;
/** A row's height before it was ever laid out (the group's placeholder size), in rem. */
const ROW_REM = 2.4;

const groupsOf = (rows: readonly FieldRow[]) => {
  const groups: FieldRow[][] = [];
  for (let start = 0; start < rows.length; start += GROUP_ROWS)
    groups.push(rows.slice(start, start + GROUP_ROWS));
  return groups;
};

/** The field list's table; memoized, so typing elsewhere in the form does not touch its rows. */
export const FieldListTable = memo(function FieldListTable(props: FieldListTableProps) {
  const { rows, columns, invalidKeys, readOnly, actions } = props;
  const invalid = new Set(invalidKeys.split(' '));
  // A list that opened short never defers: rows added later get their buttons at once.
  const [allActions, setAllActions] = useState(() => props.rows.length <= EAGER_ROWS);
  const deferred = !allActions && !readOnly && rows.length > EAGER_ROWS;
  useEffect(() => {
    if (deferred) return afterNextPaint(() => startTransition(() => setAllActions(true)));
  }, [deferred]);
  // The name, each column, and the actions (four small buttons at most): the same tracks in every row.
  const tracks = `minmax(10rem, 2fr) ${columns.map(() => 'minmax(5rem, 1fr)').join(' ')}${readOnly ? '' : ' 10.5rem'}`;
  return (
    <table
      className="field-list__table field-list__table--rows"
      aria-label={props.label}
      style={{ '--field-list-tracks': tracks } as CSSProperties}
    >
      <thead>
        <tr>
          <th scope="col">{t('fieldList.name')}</th>
          {columns.map((column) => (
            <th scope="col" key={column.path}>
              {column.header}
            </th>
          ))}
          {!readOnly && (
            <th scope="col" className="field-list__actions">
              <span className="sr-only">{t('fieldList.actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      {rows.length === 0 ? (
        <tbody>
          <tr>
            <td className="field-list__empty" colSpan={columns.length + 2}>
              {t('fieldList.empty')}
            </td>
          </tr>
        </tbody>
      ) : (
        groupsOf(rows).map((group, groupIndex) => (
          <tbody
            // biome-ignore lint/suspicious/noArrayIndexKey: a group is its place in the list
            key={groupIndex}
            className="field-list__group"
            style={{ containIntrinsicSize: `auto ${group.length * ROW_REM}rem` }}
          >
            {group.map((row, inGroup) => (
              <FieldListRow
                key={row.key}
                row={row}
                id={props.rowId(row)}
                columns={columns}
                canHaveChildren={props.canHaveChildren(row)}
                invalid={invalid.has(row.key)}
                readOnly={readOnly}
                withActions={!deferred || groupIndex * GROUP_ROWS + inGroup < EAGER_ROWS}
                actions={actions}
              />
            ))}
          </tbody>
        ))
      )}
    </table>
  );
});
