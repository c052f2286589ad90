import { describe, expect, it } from 'vitest';
import { type FlowVariables, fieldValue } from './fieldValue';

const variables: FlowVariables = new Map<string, { value: unknown }>(
  Object.entries({
    customer: { first: 'Ada', last: null, address: { city: 'London' } },
    lines: [{ qty: 2 }, { qty: 3 }],
    tags: ['a', 'b'],
    credit: 1500,
    note: null,
  }).map(([name, value]) => [name.toLowerCase(), { value }]),
);

describe('a flow field by its name (spec part 2 §3 "Field definition": a parent path plus the child name, dotted for nesting)', () => {
  it.each<[string, string, unknown]>([
    ['spec part 2 §3 "Block": a top-level field', 'credit', 1500],
    ['spec part 2 §5 "Names": names compare ignoring case', 'CREDIT', 1500],
    ['spec part 2 §3 "Field definition": a child of an object', 'customer.first', 'Ada'],
    ['spec part 2 §3 "Field definition": a grandchild, any case', 'Customer.Address.City', 'London'],
    [
      'spec part 2 §3 "Field types": an array element is named but is no level of the JSON',
      'lines.line.qty',
      [2, 3],
    ],
    ['spec part 2 §3 "Field types": an array of plain values answers itself', 'tags.tag', ['a', 'b']],
    ['issue 30 point 7: a child the call sent as null is null', 'customer.last', null],
    ['issue 30 point 7: a field the call sent as null is null', 'note', null],
    ['issue 30 point 7: a child the call left out is absent', 'customer.middle', undefined],
    ['issue 30 point 7: a field never set is absent', 'missing', undefined],
    ['issue 30 point 7: a child of a plain value is absent', 'credit.cents', undefined],
  ])('%s: %s → %j', (_rule, name, expected) => {
    expect(fieldValue(variables, name)).toEqual(expected);
  });

  it('a variable named with the dot (an ADD or READ alias) wins over the walk', () => {
    const shadowed: FlowVariables = new Map<string, { value: unknown }>([
      ...variables,
      ['customer.first', { value: 'Grace' }],
    ]);
    expect(fieldValue(shadowed, 'customer.first')).toBe('Grace');
  });
});
