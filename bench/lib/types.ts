import type { BenchContext } from './context';

/** A limit a figure must keep; the bench checks it and says when it is missed. */
export interface Budget {
  /** 'max': the figure must be at most `limit`; 'min': at least. */
  kind: 'max' | 'min';
  limit: number;
}

/** One line of the bench table. */
export interface BenchRow {
  group: string;
  figure: string;
  /** Measured value, absent when the row could not be measured (see `pending`). */
  value?: number;
  unit: string;
  budget?: Budget;
  /** Why the figure is not measured yet, e.g. 'pending: handler not implemented'. */
  pending?: string;
  /** Why the measurement failed (e.g. no request succeeded); a failed row fails the bench. */
  failed?: string;
  /** Anything a reader needs to trust the figure (sample size, errors seen). */
  note?: string;
}

/**
 * A group of figures (one file in bench/, named `<group>.bench.ts`, default-exporting one of these).
 * The runner discovers the files, so adding a group touches no other file.
 */
export interface BenchModule {
  name: string;
  /** Runs before modules with a higher number; ties go by name. Memory readings come last (90). */
  order: number;
  run(context: BenchContext): Promise<BenchRow[]>;
}

export type RowStatus = 'ok' | 'missed' | 'pending' | 'failed' | 'measured';

export function statusOf(row: BenchRow): RowStatus {
  if (row.failed) return 'failed';
  if (row.pending || row.value === undefined) return 'pending';
  if (!row.budget) return 'measured';
  const { kind, limit } = row.budget;
  return (kind === 'max' ? row.value <= limit : row.value >= limit) ? 'ok' : 'missed';
}
