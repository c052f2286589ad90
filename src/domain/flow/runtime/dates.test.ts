import { describe, expect, it } from 'vitest';
import { addOffset, keywordInstant, parseInstant, toDateOnly, toDateTime } from './dates';

const NOW = Date.parse('2026-01-31T18:45:10Z');

describe('date keywords and offsets (spec part 2 §3 "Operators": $now, $today, $month, $year; offset units)', () => {
  it.each([
    ['$now', '2026-01-31T18:45:10'],
    ['$today', '2026-01-31T00:00:00'],
    ['$month', '2026-01-01T00:00:00'],
    ['$year', '2026-01-01T00:00:00'],
  ])('%s is %s', (keyword, expected) => {
    expect(toDateTime(keywordInstant(keyword, NOW)!)).toBe(expected);
  });

  it.each([
    [1, 'second', '2026-01-31T18:45:11'],
    [-2, 'minute', '2026-01-31T18:43:10'],
    [6, 'hour', '2026-02-01T00:45:10'],
    [1, 'day', '2026-02-01T18:45:10'],
    // A month from the 31st lands on the month's last day (calendar months, not 30 days).
    [1, 'month', '2026-02-28T18:45:10'],
    [-1, 'year', '2025-01-31T18:45:10'],
    [12, 'month', '2027-01-31T18:45:10'],
  ] as const)('%s %s', (offset, unit, expected) => {
    expect(toDateTime(addOffset(NOW, offset, unit))).toBe(expected);
  });

  it('reads DateOnly and zone-less DateTime as UTC (spec part 2 §3 "Field types")', () => {
    expect(toDateOnly(parseInstant('2026-03-01')!)).toBe('2026-03-01');
    expect(toDateTime(parseInstant('2026-03-01T10:00')!)).toBe('2026-03-01T10:00:00');
    expect(toDateTime(parseInstant('2026-03-01T10:00:00+02:00')!)).toBe('2026-03-01T08:00:00');
    expect(parseInstant('not a date')).toBeUndefined();
  });
});
