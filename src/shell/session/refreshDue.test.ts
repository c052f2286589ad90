import { describe, expect, it } from 'vitest';
import { REFRESH_LEAD_MS, refreshDue } from './refreshDue';

const exp = 1_000_000; // seconds
describe('refreshDue', () => {
  it.each<[string, number, boolean, string]>([
    ['a minute before expiry', exp * 1000 - 60_000, false, 'spec part 1 §4 Token refresh'],
    ['just over 2 s before expiry', exp * 1000 - 2001, false, 'spec part 1 §9: 2 seconds before expiry'],
    ['exactly 2 s before expiry', exp * 1000 - 2000, true, 'spec part 1 §9: 2 seconds before expiry'],
    ['1 s before expiry', exp * 1000 - 1000, true, 'spec part 1 §4 Token refresh'],
    ['at expiry', exp * 1000, true, 'spec part 1 §4: at once if it already expired'],
    ['an hour after expiry', exp * 1000 + 3_600_000, true, 'spec part 1 §4: at once if it already expired'],
  ])('%s → %s (%s)', (_, now, due) => {
    expect(refreshDue(exp, now)).toBe(due);
  });

  it('leads by 2000 ms (spec part 1 §9)', () => {
    expect(REFRESH_LEAD_MS).toBe(2000);
  });
});
