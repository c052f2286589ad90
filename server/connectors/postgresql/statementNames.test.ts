import { describe, expect, it } from 'vitest';
import { isStalePlan, StatementNames } from './statementNames';

// Issue 30 point 2 and its bench (a READ by key within half of a bare service): a block's statement is
// prepared once per connection; bounded, and unnamed again once the remote refused its prepared plan.
describe('StatementNames (issue 30 point 2)', () => {
  it('gives a text one name, another text another', () => {
    const names = new StatementNames();
    const first = names.nameOf('select 1');
    expect(first).toMatch(/^uis_\d+$/);
    expect(names.nameOf('select 1')).toBe(first);
    expect(names.nameOf('select 2')).not.toBe(first);
  });

  it('names no more than its limit; the texts past it run unnamed', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('a')).toBeDefined();
    expect(names.nameOf('b')).toBeDefined();
    expect(names.nameOf('c')).toBeUndefined();
    expect(names.nameOf('a')).toBeDefined();
  });

  it('runs a text unnamed once told, and never reuses its name for another text', () => {
    const names = new StatementNames();
    const before = names.nameOf('a');
    names.unname('a');
    expect(names.nameOf('a')).toBeUndefined();
    expect(names.nameOf('b')).not.toBe(before);
  });
});

describe('isStalePlan (issue 30 point 2)', () => {
  it.each([
    [
      'the re-plan refused: 0A000 from RevalidateCachedQuery',
      { code: '0A000', routine: 'RevalidateCachedQuery' },
      true,
    ],
    ['another feature not supported', { code: '0A000', routine: 'transformCallStmt' }, false],
    ['a unique violation', { code: '23505', routine: '_bt_check_unique' }, false],
    ['no error object', undefined, false],
  ])('%s', (_case, error, stale) => {
    expect(isStalePlan(error)).toBe(stale);
  });
});
