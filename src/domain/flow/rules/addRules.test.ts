import { describe, expect, it } from 'vitest';
import { blockErrors, flowOf, testLookups } from '../../../../tests/support/flowBuilders';
import type { FlowField, FlowFunction } from '../types';
import { validateFlow } from '../validateFlow';

const fullName: FlowFunction = {
  Guid: 'fn1',
  Name: 'FullName',
  Output: { Type: 'String' },
  Input: [
    { Name: 'first', Type: 'String', Validation: { Required: true } },
    { Name: 'last', Type: 'String', Validation: { Required: false } },
  ],
};

const addErrors = (fields: FlowField[]) => {
  const { flow, guids } = flowOf([{ type: 'add', config: { Fields: fields } }], {
    startFields: [
      { Name: 'givenName', Type: 'String', Validation: { IsRequired: true } },
      { Name: 'age', Type: 'Number' },
    ],
    result: { config: { FullOutput: true } },
  });
  return blockErrors(validateFlow(flow, testLookups({ functions: [fullName] })), guids[0]!);
};

const at = '/Config/Fields/0';

describe('add block rules (spec part 2 §5 "Flow blocks" Add; §2 drawer 4)', () => {
  it.each<[string, FlowField, string[]]>([
    ['a static value that fits', { Name: 'status', Type: 'String', AddType: 'Static', Value: 'open' }, []],
    [
      'type set',
      { Name: 'status', Type: null, AddType: 'Static', Value: 'open' },
      [`${at}/Type fb.flowErrors.fieldTypeNotSet`],
    ],
    ['default kind set', { Name: 'status', Type: 'String' }, [`${at}/AddType fb.flowErrors.addTypeNotSet`]],
    [
      'static value fits the type',
      { Name: 'count', Type: 'Number', AddType: 'Static', Value: 'x' },
      [`${at}/Value fb.flowErrors.staticValueInvalid`],
    ],
    [
      'static is offered only for types that allow it (DefaultValueTypes StaticValue)',
      { Name: 'items', Type: 'Array', AddType: 'Static', Value: '[]' },
      [`${at}/AddType fb.flowErrors.staticNotAllowed`],
    ],
    ['a system value', { Name: 'stamp', Type: 'DateTime', AddType: 'System', Value: 'CurrentDateTime' }, []],
    [
      'a system value must be chosen',
      { Name: 'stamp', Type: 'DateTime', AddType: 'System', Value: null },
      [`${at}/Value fb.flowErrors.systemValueNotSet`],
    ],
    [
      'a system value must permit the type',
      { Name: 'stamp', Type: 'Number', AddType: 'System', Value: 'NewGuid' },
      [`${at}/Value fb.flowErrors.systemValueNotAllowed`],
    ],
    [
      'a name unique also against flow variables',
      { Name: 'GIVENNAME', Type: 'String', AddType: 'Static', Value: 'x' },
      [`${at}/Name fb.flowErrors.fieldNameClashesWithFlow`],
    ],
    [
      'names need 2+ characters',
      { Name: 'x', Type: 'String', AddType: 'Static', Value: 'x' },
      [`${at}/Name fb.flowErrors.fieldNameIsShort`],
    ],
    [
      'a function default with its mapping',
      {
        Name: 'display',
        Type: 'String',
        AddType: 'Function',
        FunctionGuid: 'fn1',
        Mapping: [{ From: 'givenName', To: 'first' }],
      },
      [],
    ],
    [
      'a function must be chosen',
      { Name: 'display', Type: 'String', AddType: 'Function' },
      [`${at}/FunctionGuid fb.flowErrors.functionNotChosen`],
    ],
    [
      'a function must exist',
      { Name: 'display', Type: 'String', AddType: 'Function', FunctionGuid: 'gone' },
      [`${at}/FunctionGuid fb.flowErrors.functionNotFound`],
    ],
    [
      'a function’s output type must be the field’s',
      {
        Name: 'display',
        Type: 'Number',
        AddType: 'Function',
        FunctionGuid: 'fn1',
        Mapping: [{ From: 'givenName', To: 'first' }],
      },
      [`${at}/FunctionGuid fb.flowErrors.functionTypeMismatch`],
    ],
    [
      'required function inputs must be mapped (part 2 §5 "Mapping and comparison")',
      { Name: 'display', Type: 'String', AddType: 'Function', FunctionGuid: 'fn1', Mapping: [] },
      [`${at}/Mapping fb.flowErrors.functionInputNotMapped`],
    ],
    [
      'a mapping’s flow field must exist',
      {
        Name: 'display',
        Type: 'String',
        AddType: 'Function',
        FunctionGuid: 'fn1',
        Mapping: [
          { From: 'givenName', To: 'first' },
          { From: 'nobody', To: 'last' },
        ],
      },
      [`${at}/Mapping/1/From fb.flowErrors.mappingSourceMissing`],
    ],
    [
      'a mapping’s types must match',
      {
        Name: 'display',
        Type: 'String',
        AddType: 'Function',
        FunctionGuid: 'fn1',
        Mapping: [
          { From: 'givenName', To: 'first' },
          { From: 'age', To: 'last' },
        ],
      },
      [`${at}/Mapping/1 fb.flowErrors.mappingTypeMismatch`],
    ],
    [
      'a required input cannot take an optional field',
      {
        Name: 'display',
        Type: 'String',
        AddType: 'Function',
        FunctionGuid: 'fn1',
        Mapping: [
          { From: 'givenName', To: 'last' },
          { From: 'age', To: 'first' },
        ],
      },
      [
        `${at}/Mapping/1 fb.flowErrors.mappingTypeMismatch`,
        `${at}/Mapping/1 fb.flowErrors.mappingRequiredFromOptional`,
      ],
    ],
  ])('%s', (_rule, field, expected) => {
    expect(addErrors([field]).sort()).toEqual([...expected].sort());
  });

  it('names unique within the block, ignoring case', () => {
    expect(
      addErrors([
        { Name: 'status', Type: 'String', AddType: 'Static', Value: 'a' },
        { Name: 'Status', Type: 'String', AddType: 'Static', Value: 'b' },
      ]),
    ).toEqual(['/Config/Fields/1/Name fb.flowErrors.fieldNameNotUnique']);
  });
});
