import type { OffsetUnit } from '../types';

/**
 * Date keywords and offsets of condition values (spec part 2 §3 'Operators': "Date keywords: now, today,
 * start of month, start of year (shown as $now, $today, $month, $year). Offset units: second, minute,
 * hour, day, month, year"). One implementation for publish validation (between's order) and the runtime.
 *
 * Days, months and years are calendar steps in UTC: the server has no user time zone, and stored DateOnly
 * and DateTime values carry none either. A month step from the 31st lands on the month's last day.
 */

/** The instant a keyword stands for at `now` (ms since the epoch), or undefined for a non-keyword. */
export function keywordInstant(keyword: unknown, now: number): number | undefined {
  const date = new Date(now);
  switch (keyword) {
    case '$now':
      return now;
    case '$today':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
    case '$month':
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    case '$year':
      return Date.UTC(date.getUTCFullYear(), 0, 1);
    default:
      return undefined;
  }
}

const fixedMs: Partial<Record<OffsetUnit, number>> = { second: 1_000, minute: 60_000, hour: 3_600_000 };

/** An instant moved by `offset` units (calendar days, months and years; see above). */
export function addOffset(instant: number, offset: number, unit: OffsetUnit): number {
  const fixed = fixedMs[unit];
  if (fixed !== undefined) return instant + offset * fixed;
  const date = new Date(instant);
  if (unit === 'day') {
    date.setUTCDate(date.getUTCDate() + offset);
    return date.getTime();
  }
  const months = unit === 'year' ? offset * 12 : offset;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.getTime();
}

/**
 * The instant of a stored date or date-time text. DateOnly 'YYYY-MM-DD' is UTC midnight; a DateTime
 * without a zone is read as UTC (the columns are timestamp without time zone).
 */
export function parseInstant(value: unknown): number | undefined {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  const zoned = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text.slice(10));
  const parsed = Date.parse(text.length === 10 || zoned ? text : `${text}Z`);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** An instant as DateOnly text. */
export const toDateOnly = (instant: number) => new Date(instant).toISOString().slice(0, 10);
/** An instant as DateTime text, to the second, without a zone (as the records' columns keep it). */
export const toDateTime = (instant: number) => new Date(instant).toISOString().slice(0, 19);
