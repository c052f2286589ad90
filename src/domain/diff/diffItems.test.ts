import { describe, expect, it } from 'vitest';
import { diffItems } from './diffItems';

describe('diffItems (issue 10 point 2: the publish confirmation shows what changes, field by field)', () => {
  it.each([
    ['no change', { Name: 'a', Size: 1 }, { Name: 'a', Size: 1 }, []],
    [
      'a changed value with old and new',
      { Name: 'a', Size: 1 },
      { Name: 'a', Size: 2 },
      [{ path: 'Size', change: 'changed', before: 1, after: 2 }],
    ],
    [
      'an added field',
      { Name: 'a' },
      { Name: 'a', Description: 'x' },
      [{ path: 'Description', change: 'added', after: 'x' }],
    ],
    [
      'a removed field',
      { Name: 'a', Description: 'x' },
      { Name: 'a' },
      [{ path: 'Description', change: 'removed', before: 'x' }],
    ],
    ['empty text and missing are the same', { Name: 'a', Description: '' }, { Name: 'a' }, []],
    [
      'bookkeeping is no change',
      { Name: 'a', Revision: 1, Modified: 'x', IsPublished: true },
      { Name: 'a', Revision: 5 },
      [],
    ],
    [
      'nested objects by dotted path',
      { Settings: { Host: 'h1', Port: 1 } },
      { Settings: { Host: 'h2', Port: 1 } },
      [{ path: 'Settings.Host', change: 'changed', before: 'h1', after: 'h2' }],
    ],
    [
      'named list entries matched by name, order ignored',
      {
        Elements: [
          { Name: 'Street', Type: 'String' },
          { Name: 'City', Type: 'String' },
        ],
      },
      {
        Elements: [
          { Name: 'City', Type: 'String' },
          { Name: 'Street', Type: 'Integer' },
          { Name: 'Zip', Type: 'String' },
        ],
      },
      [
        { path: 'Elements[Street].Type', change: 'changed', before: 'String', after: 'Integer' },
        { path: 'Elements[Zip]', change: 'added', after: { Name: 'Zip', Type: 'String' } },
      ],
    ],
    [
      'a removed list entry',
      { Elements: [{ Name: 'Street' }, { Name: 'City' }] },
      { Elements: [{ Name: 'City' }] },
      [{ path: 'Elements[Street]', change: 'removed', before: { Name: 'Street' } }],
    ],
    [
      'lists of plain values compare whole',
      { Roles: [1, 2] },
      { Roles: [2, 3] },
      [{ path: 'Roles', change: 'changed', before: [1, 2], after: [2, 3] }],
    ],
    [
      'unnamed entries by position, counted from 1',
      { Rows: [{ A: 1 }, { A: 2 }] },
      { Rows: [{ A: 1 }, { A: 3 }] },
      [{ path: 'Rows[2].A', change: 'changed', before: 2, after: 3 }],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(diffItems(before, after)).toEqual(expected);
  });

  it('never published: every field is added', () => {
    expect(diffItems(null, { Name: 'a', Script: 'x', Revision: 1 })).toEqual([
      { path: 'Name', change: 'added', after: 'a' },
      { path: 'Script', change: 'added', after: 'x' },
    ]);
  });
});
