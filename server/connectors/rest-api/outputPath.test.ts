import { describe, expect, it } from 'vitest';
import { pathSteps, readPath, writePath } from './outputPath';

const answer = { data: { items: [{ id: 7, tags: ['a'] }], total: 1, empty: null }, 'odd key': true };

// Issue 30 point 3: "output fields read from the JSON answer by path".
describe('readPath (issue 30 point 3: outputs read from the answer by path)', () => {
  it.each([
    ['a dotted path (issue 30 §3)', 'data.total', 1],
    ['an index in brackets (issue 30 §3)', 'data.items[0].id', 7],
    ['an index as a step (issue 30 §3)', 'data.items.0.tags.0', 'a'],
    ['a leading $ (issue 30 §3)', '$.data.total', 1],
    ['$ alone is the whole answer (issue 30 §3)', '$', answer],
    ['a null is null (issue 30 §3)', 'data.empty', null],
    ['a missing step is undefined (issue 30 §3)', 'data.nothing.deeper', undefined],
    ['past the end of a list is undefined (issue 30 §3)', 'data.items[3].id', undefined],
    ['a name on a list is undefined (issue 30 §3)', 'data.items.id', undefined],
    ['into a number is undefined (issue 30 §3)', 'data.total.x', undefined],
    ['inherited names are not the answer’s (issue 30 §6 never invent)', 'data.constructor', undefined],
  ])('%s', (_label, path, expected) => {
    expect(readPath(answer, path)).toEqual(expected);
  });

  it('splits paths into steps', () => {
    expect(pathSteps('$.a[2].b')).toEqual(['a', '2', 'b']);
  });
});

describe('writePath (issue 30 point 3: a JSON body built from mapped inputs)', () => {
  it.each([
    ['a top-level key (issue 30 §3)', [['item', 'lamp']], { item: 'lamp' }],
    [
      'dotted keys nest (issue 30 §3)',
      [
        ['customer.name', 'Anna'],
        ['customer.id', 3],
      ],
      { customer: { name: 'Anna', id: 3 } },
    ],
    [
      'a later scalar is replaced by the object it needs (issue 30 §3)',
      [
        ['a', 1],
        ['a.b', 2],
      ],
      { a: { b: 2 } },
    ],
    ['__proto__ is never written (issue 29 §9 mass assignment)', [['__proto__.polluted', 1]], {}],
  ] as Array<[string, Array<[string, unknown]>, Record<string, unknown>]>)(
    '%s',
    (_label, writes, expected) => {
      const body: Record<string, unknown> = {};
      for (const [path, value] of writes) writePath(body, path, value);
      expect(body).toEqual(expected);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );
});
