import { describe, expect, it } from 'vitest';
import { type MergeChoice, mergeOrder, threeWayMerge } from './threeWayMerge';

type Row = [
  name: string,
  base: object | null,
  theirs: object,
  mine: object,
  entries: Array<[path: string, source: string, choice: MergeChoice | null]>,
  merged: object,
];

const S = 'issue 10 point 3, spec part 1 §4 item life cycle';

describe(`threeWayMerge (${S}: a stale save merges field by field, nothing lost silently)`, () => {
  it.each<Row>([
    ['nothing changed: no entries', { A: 1 }, { A: 1 }, { A: 1 }, [], { A: 1 }],
    [
      'changed only by me: mine, automatically',
      { A: 1 },
      { A: 1 },
      { A: 2 },
      [['A', 'mine', 'mine']],
      { A: 2 },
    ],
    [
      'changed only by them: theirs, automatically',
      { A: 1 },
      { A: 2 },
      { A: 1 },
      [['A', 'theirs', 'theirs']],
      { A: 2 },
    ],
    [
      'both to the same value: no conflict',
      { A: 1 },
      { A: 2 },
      { A: 2 },
      [['A', 'both', 'theirs']],
      { A: 2 },
    ],
    [
      'both differently: a conflict without a choice, theirs held until chosen',
      { A: 1 },
      { A: 2 },
      { A: 3 },
      [['A', 'conflict', null]],
      { A: 2 },
    ],
    [
      'different fields changed in each tab merge cleanly',
      { A: 1, B: 1 },
      { A: 2, B: 1 },
      { A: 1, B: 3 },
      [
        ['A', 'theirs', 'theirs'],
        ['B', 'mine', 'mine'],
      ],
      { A: 2, B: 3 },
    ],
    [
      'a property added by me and one removed by them',
      { A: 1, B: 'x' },
      { A: 1 },
      { A: 1, B: 'x', C: 'new' },
      [
        ['B', 'theirs', 'theirs'],
        ['C', 'mine', 'mine'],
      ],
      { A: 1, C: 'new' },
    ],
    ['missing, null and empty text are one value (as in the diff)', { A: '' }, { A: null }, {}, [], {}],
    [
      'nested objects merge property by property',
      { Settings: { Host: 'h', Port: 1 } },
      { Settings: { Host: 'h2', Port: 1 } },
      { Settings: { Host: 'h', Port: 2 } },
      [
        ['Settings.Host', 'theirs', 'theirs'],
        ['Settings.Port', 'mine', 'mine'],
      ],
      { Settings: { Host: 'h2', Port: 2 } },
    ],
    [
      'keyed list: a field added in one tab, another edited in the other',
      { Elements: [{ Name: 'Street', Type: 'String' }] },
      {
        Elements: [
          { Name: 'Street', Type: 'String' },
          { Name: 'Zip', Type: 'String' },
        ],
      },
      { Elements: [{ Name: 'Street', Type: 'Integer' }] },
      [
        ['Elements[Street].Type', 'mine', 'mine'],
        ['Elements[Zip]', 'theirs', 'theirs'],
      ],
      {
        Elements: [
          { Name: 'Street', Type: 'Integer' },
          { Name: 'Zip', Type: 'String' },
        ],
      },
    ],
    [
      'keyed list: each tab adds a field, both kept, mine after the one it follows',
      { Elements: [{ Name: 'A' }, { Name: 'B' }] },
      { Elements: [{ Name: 'A' }, { Name: 'B' }, { Name: 'T' }] },
      { Elements: [{ Name: 'A' }, { Name: 'M' }, { Name: 'B' }] },
      [
        ['Elements[T]', 'theirs', 'theirs'],
        ['Elements[M]', 'mine', 'mine'],
      ],
      { Elements: [{ Name: 'A' }, { Name: 'M' }, { Name: 'B' }, { Name: 'T' }] },
    ],
    [
      'keyed list: removed by them, changed by me is a conflict',
      { Elements: [{ Name: 'A', Max: 1 }] },
      { Elements: [] },
      { Elements: [{ Name: 'A', Max: 2 }] },
      [['Elements[A]', 'conflict', null]],
      { Elements: [] },
    ],
    [
      'keyed by Guid before Name: a renamed block is one entry, not removed and added',
      { Blocks: [{ Guid: 'g1', Name: 'a', Out: [] }] },
      { Blocks: [{ Guid: 'g1', Name: 'a', Out: ['g2'] }] },
      { Blocks: [{ Guid: 'g1', Name: 'b', Out: [] }] },
      [
        ['Blocks[g1].Name', 'mine', 'mine'],
        ['Blocks[g1].Out', 'theirs', 'theirs'],
      ],
      { Blocks: [{ Guid: 'g1', Name: 'b', Out: ['g2'] }] },
    ],
    [
      'a list of plain values is one value',
      { Roles: [1, 2] },
      { Roles: [1, 2, 3] },
      { Roles: [2] },
      [['Roles', 'conflict', null]],
      { Roles: [1, 2, 3] },
    ],
    [
      'entries without a key are one value, never merged by position',
      { Rows: [{ A: 1 }] },
      { Rows: [{ A: 2 }] },
      { Rows: [{ A: 1 }, { A: 3 }] },
      [['Rows', 'conflict', null]],
      { Rows: [{ A: 2 }] },
    ],
    [
      'both add the same key differently: a conflict per property',
      { Elements: [] },
      { Elements: [{ Name: 'Z', Type: 'String' }] },
      { Elements: [{ Name: 'Z', Type: 'Integer' }] },
      [
        ['Elements[Z].Name', 'both', 'theirs'],
        ['Elements[Z].Type', 'conflict', null],
      ],
      { Elements: [{ Name: 'Z', Type: 'String' }] },
    ],
    [
      'bookkeeping is no change and comes from theirs (the save goes against their revision)',
      { A: 1, Revision: 3, Status: 'draft' },
      { A: 1, Revision: 4, Status: 'published', Modified: 't' },
      { A: 1, Revision: 3, Status: 'draft', IsPublished: false },
      [],
      { A: 1, Revision: 4, Status: 'published', Modified: 't' },
    ],
    [
      'unknown base (a restored draft): every difference is a conflict, equal values are not',
      null,
      { A: 2, B: 1, C: 5 },
      { A: 3, B: 1 },
      [
        ['A', 'conflict', null],
        ['C', 'conflict', null],
      ],
      { A: 2, B: 1, C: 5 },
    ],
  ])('%s', (_name, base, theirs, mine, entries, merged) => {
    const result = threeWayMerge(base, theirs, mine);
    expect(result.entries.map((entry) => [entry.path, entry.source, entry.choice])).toEqual(entries);
    expect(result.merged).toEqual(merged);
    expect(result.unresolved).toBe(entries.filter(([, , choice]) => choice === null).length);
  });

  it('choices decide conflicts and may override an automatic side', () => {
    const base = { A: 1, B: 1, C: 1 };
    const theirs = { A: 2, B: 1, C: 2 };
    const mine = { A: 3, B: 3, C: 1 };
    const first = threeWayMerge(base, theirs, mine);
    const id = (path: string) => first.entries.find((entry) => entry.path === path)!.id;
    expect(first.unresolved).toBe(1);
    const chosen = threeWayMerge(base, theirs, mine, {
      choices: { [id('A')]: 'mine', [id('B')]: 'theirs', [id('C')]: 'mine' },
    });
    expect(chosen.unresolved).toBe(0);
    expect(chosen.merged).toEqual({ A: 3, B: 1, C: 1 });
    // Control: the same choices the other way give the other values.
    const other = threeWayMerge(base, theirs, mine, {
      choices: { [id('A')]: 'theirs', [id('B')]: 'mine', [id('C')]: 'theirs' },
    });
    expect(other.merged).toEqual({ A: 2, B: 3, C: 2 });
  });

  it('taking theirs for an entry only they added drops it; taking mine for one they removed keeps it', () => {
    const base = { Elements: [{ Name: 'A' }, { Name: 'B' }] };
    const theirs = { Elements: [{ Name: 'B' }, { Name: 'T' }] };
    const mine = { Elements: [{ Name: 'A', Max: 1 }, { Name: 'B' }] };
    const first = threeWayMerge(base, theirs, mine);
    const ids = Object.fromEntries(first.entries.map((entry) => [entry.path, entry.id]));
    expect(first.entries.map((entry) => [entry.path, entry.source])).toEqual([
      ['Elements[A]', 'conflict'],
      ['Elements[T]', 'theirs'],
    ]);
    const result = threeWayMerge(base, theirs, mine, {
      choices: { [ids['Elements[A]']!]: 'mine', [ids['Elements[T]']!]: 'mine' },
    });
    expect(result.merged).toEqual({ Elements: [{ Name: 'A', Max: 1 }, { Name: 'B' }] });
  });

  it('ignored properties (the canvas position) are no change and keep mine where mine has them', () => {
    const block = (guid: string, x: number, extra: object = {}) => ({
      Guid: guid,
      Position: { X: x },
      ...extra,
    });
    const result = threeWayMerge(
      { Blocks: [block('a', 0)] },
      { Blocks: [block('a', 10), block('b', 20)] },
      { Blocks: [block('a', 5, { Name: 'x' })] },
      { ignore: ['Position'] },
    );
    expect(result.entries.map((entry) => [entry.path, entry.source])).toEqual([
      ['Blocks[a].Name', 'mine'],
      ['Blocks[b]', 'theirs'],
    ]);
    expect(result.merged).toEqual({ Blocks: [block('a', 5, { Name: 'x' }), block('b', 20)] });
  });

  it('entry ids are unique within a merge', () => {
    const result = threeWayMerge(
      { A: { B: 1 }, 'A.B': 1, L: [{ Name: 'x', V: 1 }] },
      { A: { B: 2 }, 'A.B': 2, L: [{ Name: 'x', V: 2 }] },
      { A: { B: 3 }, 'A.B': 3, L: [{ Name: 'x', V: 3 }] },
    );
    expect(new Set(result.entries.map((entry) => entry.id)).size).toBe(3);
  });
});

describe(`mergeOrder (${S}: where entries of a merged list go)`, () => {
  it.each([
    [
      'nobody reordered: theirs, with mine’s new entry after its predecessor',
      ['a', 'b'],
      ['a', 'b', 't'],
      ['m', 'a', 'b'],
      ['m', 'a', 'b', 't'],
    ],
    [
      'only mine reordered: mine’s order, theirs’ new entry after the one it follows',
      ['a', 'b', 'c'],
      ['a', 'b', 'c', 't'],
      ['c', 'b', 'a'],
      ['c', 't', 'b', 'a'],
    ],
    ['both reordered: theirs wins', ['a', 'b'], ['b', 'a'], ['b', 'a'], ['b', 'a']],
    [
      'an entry one side removed keeps its place (the merge drops it if removal wins)',
      ['a', 'b'],
      ['a'],
      ['b', 'a'],
      ['b', 'a'],
    ],
  ])('%s', (_name, base, theirs, mine, expected) => {
    expect(mergeOrder(base, theirs, mine)).toEqual(expected);
  });
});
