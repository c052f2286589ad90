import type { ReactNode } from 'react';

/** A list column as a builder declares it. */
export interface ColumnSpec<T> {
  id: string;
  header: string;
  value(row: T): string | number | boolean | null | undefined;
  /** How the value shows: text, a date, the Draft/Published badge, or yes/no. */
  kind?: 'text' | 'date' | 'status' | 'boolean';
  /** A cell of its own, when the value alone does not say enough. */
  render?(row: T): ReactNode;
  /** Part of the search (default: text and status columns). */
  searchable?: boolean;
  /** The wire field the server sorts by, for lists the server pages (`paging: 'server'`). */
  field?: string;
}
