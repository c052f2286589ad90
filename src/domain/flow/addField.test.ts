import { describe, expect, it } from 'vitest';
import { defaultValueTypes } from '../../../tests/support/flowBuilders';
import { normalizeAddField } from './addField';
import type { FlowField, FlowFunction } from './types';

const functions = new Map<string, FlowFunction>([
  ['fn', { Guid: 'fn', Name: 'Today', Output: { Type: 'DateOnly' } }],
]);

describe('add-field drawer on save (spec part 2 §4 "Add-field drawer")', () => {
  it.each<[string, FlowField, Partial<FlowField>]>([
    [
      'a static choice not available for the type is cleared',
      { Name: 'items', Type: 'Array', AddType: 'Static', Value: '[]' },
      { AddType: null, Value: null },
    ],
    [
      'a system choice not available for the type is cleared',
      { Name: 'count', Type: 'Number', AddType: 'System', Value: 'NewGuid' },
      { AddType: null, Value: null },
    ],
    [
      'a linked function with a different output type is unlinked',
      {
        Name: 'stamp',
        Type: 'DateTime',
        AddType: 'Function',
        FunctionGuid: 'fn',
        FunctionName: 'Today',
        Mapping: [{ From: 'a', To: 'b' }],
      },
      { AddType: 'Function', FunctionGuid: null, FunctionName: null, Mapping: [] },
    ],
    [
      'a fitting function stays linked',
      {
        Name: 'day',
        Type: 'DateOnly',
        AddType: 'Function',
        FunctionGuid: 'fn',
        FunctionName: 'Today',
        Value: 'x',
      },
      { AddType: 'Function', FunctionGuid: 'fn', FunctionName: 'Today', Value: null },
    ],
    [
      'a fitting static value stays, without function parts',
      { Name: 'count', Type: 'Number', AddType: 'Static', Value: 3, FunctionGuid: 'fn' },
      { AddType: 'Static', Value: 3, FunctionGuid: null },
    ],
  ])('%s', (_rule, field, expected) => {
    expect(normalizeAddField(field, defaultValueTypes, functions)).toMatchObject(expected);
  });
});
