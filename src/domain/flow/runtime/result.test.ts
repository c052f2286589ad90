import { describe, expect, it } from 'vitest';
import type { FlowBlock } from '../types';
import { flowFunction } from './functions';
import { shapeResult } from './result';

const vars = (entries: Record<string, unknown>) =>
  new Map(Object.entries(entries).map(([name, value]) => [name.toLowerCase(), { name, value }]));
const block = (Config: FlowBlock['Config'], Output: FlowBlock['Output'] = []) => ({ Config, Output });
const variables = vars({ customerName: 'Acme', credit: 1500, note: null });

describe('result shaping (spec part 2 §3 "Block" result: is_array, ignore_nulls, full_output, aliases)', () => {
  it.each<[string, ReturnType<typeof block>, unknown]>([
    [
      'output fields under their aliases',
      block({}, [
        { Name: 'customerName', Alias: 'name' },
        { Name: 'credit', Alias: 'credit' },
      ]),
      { name: 'Acme', credit: 1500 },
    ],
    ['a field without alias keeps its name', block({}, [{ Name: 'credit' }]), { credit: 1500 }],
    [
      'full output: every flow field',
      block({ FullOutput: true }),
      { customerName: 'Acme', credit: 1500, note: null },
    ],
    [
      'ignore nulls leaves out empty fields',
      block({ FullOutput: true, IgnoreNulls: true }),
      { customerName: 'Acme', credit: 1500 },
    ],
    ['is array wraps the one object', block({ IsArray: true }, [{ Name: 'credit' }]), [{ credit: 1500 }]],
  ])('%s', (_name, result, expected) => {
    expect(shapeResult(result, { variables, rows: null })).toEqual(expected);
  });

  it('is array over the rows of a read without first match: one element per row', () => {
    const rows = [vars({ sku: 'A' }), vars({ sku: 'B' })];
    expect(
      shapeResult(block({ IsArray: true }, [{ Name: 'sku' }, { Name: 'credit' }]), { variables, rows }),
    ).toEqual([
      { sku: 'A', credit: 1500 },
      { sku: 'B', credit: 1500 },
    ]);
  });
});

describe('functions the demo seeds (spec part 2 §3 "Other": function; FlowBuilder.GetFunctions)', () => {
  const context = { now: Date.parse('2026-03-15T10:30:00Z'), newGuid: () => 'abcdef12-0000', user: null };
  it.each<[string, Record<string, unknown>, unknown]>([
    ['FullName', { first: 'Ada', last: 'Lovelace' }, 'Ada Lovelace'],
    ['FullName', { first: 'Ada', last: null }, 'Ada'],
    ['AddVat', { amount: 100 }, 121],
    ['AddVat', { amount: 10.01 }, 12.11],
    ['NewReference', {}, 'ORD-20260315-ABCDEF'],
    ['Today', {}, '2026-03-15'],
  ])('%s(%j) → %j', (name, input, expected) => {
    expect(flowFunction(name)!(input, context)).toEqual(expected);
  });
  it('an unknown function has no implementation', () => expect(flowFunction('Nope')).toBeUndefined());
});
