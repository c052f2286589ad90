import type { ReactNode } from 'react';

interface RowAction {
  onClick(): void;
  /** The accessible name when the visible word alone would be ambiguous in a table ("Delete Name"). */
  ariaLabel?: string;
}

/**
 * The actions cell of a row in any of the console's tables: open ('edit' or 'view'), the row's own
 * buttons, then delete, in the same place and look everywhere (the generic list and every row table of
 * a form).
 */
export function RowActions({
  open,
  remove,
  children,
}: {
  open?: RowAction & { label: string };
  /** Left out (or false) where the row cannot be deleted. */
  remove?: RowAction | false;
  children?: ReactNode;
}) {
  return (
    <td className="list__actions">
      {open && (
        <button
          type="button"
          className="button button--small"
          aria-label={open.ariaLabel}
          onClick={open.onClick}
        >
          {open.label}
        </button>
      )}
      {children}
      {remove && (
        <button
          type="button"
          className="button button--small button--danger-outline"
          aria-label={remove.ariaLabel}
          onClick={remove.onClick}
        >
          delete
        </button>
      )}
    </td>
  );
}
