import { describe, expect, it } from 'vitest';
import { type MessageParams, t } from './t';

/**
 * Counts read as English (spec part 1 §4 'Item life cycle': the validation panel shows an error count;
 * the field list and every list show theirs): a key's `.one` variant for a count of 1, else the key.
 */
describe('t: counts', () => {
  it.each([
    ['validation.count', { count: 0 }, '0 problems', 'part 1 §4 Item life cycle'],
    ['validation.count', { count: 1 }, '1 problem', 'part 1 §4 Item life cycle'],
    ['validation.count', { count: 2 }, '2 problems', 'part 1 §4 Item life cycle'],
    ['fieldList.count', { count: 1 }, '1 field', 'part 1 §3 Metadata document'],
    ['fieldList.count', { count: 500 }, '500 fields', 'part 1 §3 Metadata document'],
    ['list.count', { count: 1 }, '1 item', 'the console’s list count'],
    ['list.count', { count: 10001 }, '10001 items', 'the console’s list count'],
    ['list.countOf', { matching: 0, count: 1 }, '0 of 1 item', 'the console’s list count'],
    ['list.countOf', { matching: 3, count: 25 }, '3 of 25 items', 'the console’s list count'],
    // A key without a `.one` variant keeps its one text; a count of 1 as a string is no count.
    ['lifecycle.saved', { item: 'Script', count: 1 }, 'Script saved', 'part 1 §8'],
    ['validation.count', { count: '1' }, '1 problems', 'a string is not a count'],
  ] satisfies Array<[string, MessageParams, string, string]>)(
    '%s with %j reads %j (%s)',
    (key, params, text, _section) => {
      expect(t(key, params)).toBe(text);
    },
  );
});
